// Threads with large stacks for the search workers (POSIX threads: std::thread and oneTBB cannot
// size a stack per thread).
#include "engine/solve/search_threads.hpp"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <vector>

namespace seki {
namespace {

// What any calling thread surely has to spare (a oneTBB worker's stack is 4 MiB).
constexpr std::size_t kInlineStackBytes = std::size_t{1} << 20;

struct Job {
  const std::function<void(int)>* task = nullptr;
  std::atomic<int>* next = nullptr;
  int count = 0;
};

// Takes the next task until none is left.
extern "C" void* RunJob(void* arg) {
  const Job& job = *static_cast<const Job*>(arg);
  for (int k; (k = job.next->fetch_add(1)) < job.count;) (*job.task)(k);
  return nullptr;
}

}  // namespace

void RunTasks(int count, int threads, std::size_t stack_bytes,
              const std::function<void(int)>& task) {
  if (count <= 0) return;
  if (threads <= 1 && stack_bytes <= kInlineStackBytes) {
    for (int k = 0; k < count; ++k) task(k);
    return;
  }
  const int n = std::clamp(threads, 1, count);
  std::atomic<int> next{0};
  std::vector<Job> jobs(n, Job{&task, &next, count});
  std::vector<pthread_t> ids(n);
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  constexpr std::size_t kPage = 1 << 16;
  pthread_attr_setstacksize(&attr,
                            (std::max(stack_bytes, kInlineStackBytes) + kPage - 1) & ~(kPage - 1));
  int started = 0;
  for (; started < n; ++started) {
    if (pthread_create(&ids[started], &attr, RunJob, &jobs[started]) != 0) break;
  }
  pthread_attr_destroy(&attr);
  for (int t = 0; t < started; ++t) pthread_join(ids[t], nullptr);
  if (started < n) throw std::runtime_error("cannot start a search thread");
}

}  // namespace seki
