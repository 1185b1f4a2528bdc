// PythonProgress: how a long C++ call (Run::Execute, RunRegionCheck), running without the GIL,
// reports to Python: each event takes the GIL, polls Python's signals (so Ctrl-C is seen) and calls
// the user's progress function; an exception there (KeyboardInterrupt included) sets the stop flag
// and is kept, to be raised once the call has stopped cleanly (RaiseIfStopped).
// Concurrency: events come from the thread that made the call (the observers' contract); the stop
// flag is read by the library's worker threads.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <optional>
#include <utility>

namespace seki::python {

class PythonProgress {
 public:
  explicit PythonProgress(pybind11::object progress) : progress_(std::move(progress)) {}

  // Polls the signals and, when make_argument is given and there is a progress function, calls it
  // with make_argument() (built with the GIL held). Does nothing once an exception was kept.
  template <class MakeArgument>
  void Event(MakeArgument&& make_argument) {
    if (error_) return;
    pybind11::gil_scoped_acquire acquire;
    try {
      if (PyErr_CheckSignals() != 0) throw pybind11::error_already_set();
      if (!progress_.is_none()) progress_(make_argument());
    } catch (pybind11::error_already_set& e) {
      error_.emplace(std::move(e));
      stop_ = true;
    }
  }
  // Polls the signals only.
  void Poll() {
    if (error_) return;
    pybind11::gil_scoped_acquire acquire;
    if (PyErr_CheckSignals() != 0) {
      error_.emplace();
      stop_ = true;
    }
  }

  const std::atomic<bool>* stop() const { return &stop_; }
  // With the GIL held, after the call: raises the kept exception, if any.
  void RaiseIfStopped() {
    if (error_) {
      pybind11::error_already_set e = std::move(*error_);
      error_.reset();
      throw e;
    }
  }

 private:
  pybind11::object progress_;
  std::atomic<bool> stop_{false};
  std::optional<pybind11::error_already_set> error_;
};

}  // namespace seki::python
