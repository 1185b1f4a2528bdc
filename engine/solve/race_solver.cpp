#include "engine/solve/race_solver.hpp"

#include <fmt/format.h>

#include "engine/base/input_error.hpp"
#include "engine/solve/downset.hpp"

namespace seki {

RaceSolver::RaceSolver(bool memo, std::size_t memory_bytes, const std::atomic<bool>* stop)
    : memo_(memo), memory_bytes_(memory_bytes), stop_(stop) {}

void RaceSolver::Check(const Race& r, std::string_view where) {
  if (const std::string problem = RaceStartProblem(r); !problem.empty())
    throw InputError(where, problem);
  if (UsesMemo(r)) return;  // the memo solver stops when it outgrows the limit
  const double bytes = RaceBox::Positions(r);
  if (bytes > double(memory_bytes_)) throw DownsetTooLarge(bytes, double(memory_bytes_));
}

RaceBoxEngine& RaceSolver::Box() {
  if (!box_)
    box_ = std::make_unique<RaceBoxEngine>(
        RaceEngineOptions{.memory_bytes = memory_bytes_, .stop = stop_});
  return *box_;
}

RaceMemoSolver& RaceSolver::Memo() {
  if (!memo_solver_)
    memo_solver_ = std::make_unique<RaceMemoSolver>(SolverLimits{.memory_bytes = memory_bytes_});
  return *memo_solver_;
}

RaceReport RaceSolver::Report(const Race& r, bool moves) {
  return UsesMemo(r) ? BuildRaceReport(Memo(), r, moves) : BuildRaceReport(Box(), r, moves);
}

Solution RaceSolver::Solve(const Race& r) { return UsesMemo(r) ? Memo().Solve(r) : Box().Solve(r); }

std::string RaceSolver::Stats() const {
  std::string line;
  if (box_) line = fmt::format("engine=race-box positions={}", box_->positions());
  if (memo_solver_)
    line += fmt::format("{}engine=race-memo positions={}", line.empty() ? "" : " ",
                        memo_solver_->positions());
  return line;
}

}  // namespace seki
