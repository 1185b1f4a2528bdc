// Handoff: what parallel_for's tasks wrote, handed to the caller through a mutex as well as
// through the join, so that ThreadSanitizer sees the order (it cannot see inside Debian's
// uninstrumented libtbb, and where it cannot restore a task's stack no suppression applies).
// Concurrency: Give() from any task as its last step; Take() by the caller after the join.
#pragma once

#include <mutex>

namespace seki {

class Handoff {
 public:
  void Give() { const std::lock_guard lock(mutex_); }
  void Take() { const std::lock_guard lock(mutex_); }

 private:
  std::mutex mutex_;
};

}  // namespace seki
