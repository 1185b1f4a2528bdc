// Stopped: the one exception of a computation that cannot go on — a search, a down-set pass, a
// race's box, a level build — and why. A run or a check stopped by its flag ends with the status
// RunStatus::kInterrupted; the CLI turns each reason into its exit status (130, 3).
// Concurrency: a value type.
#pragma once

#include <stdexcept>
#include <string>

namespace seki {

// Why: the tables would not fit the memory limit even after being dropped (kMemoryLimit), the
// caller's stop flag was set, e.g. by Ctrl-C (kInterrupted), the time the caller allowed is spent
// (kBudget), or another worker of the same computation gave up (kAborted; the engine reports the
// other worker's reason).
class Stopped : public std::runtime_error {
 public:
  enum class Reason { kMemoryLimit, kInterrupted, kBudget, kAborted };
  Stopped(Reason reason, const std::string& what) : std::runtime_error(what), reason_(reason) {}
  Reason reason() const { return reason_; }
  bool interrupted() const { return reason_ == Reason::kInterrupted; }

 private:
  Reason reason_;
};

}  // namespace seki
