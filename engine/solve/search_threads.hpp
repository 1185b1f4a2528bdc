// RunTasks: runs a few long tasks (the workers of one SearchEngine) on threads of their own with
// stacks sized for the search, which recurses once per unit of the matrix's sum (up to 16,320 on
// 8x8 with entries 255: more than a default thread's or a oneTBB worker's stack holds).
// Concurrency: blocks until every task has returned; tasks must not throw and may run concurrently.
#pragma once

#include <cstddef>
#include <functional>

namespace seki {

// Runs task(0), ..., task(count - 1) on min(threads, count) threads (each takes the next task
// not yet started), each with a stack of at least stack_bytes; in order on the calling thread
// when threads <= 1 and stack_bytes is small. Throws std::runtime_error if no thread can start.
void RunTasks(int count, int threads, std::size_t stack_bytes,
              const std::function<void(int)>& task);

}  // namespace seki
