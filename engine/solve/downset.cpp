// The down-set engine: passes, their full tables and checkpoints.
#include "engine/solve/downset.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "engine/base/memory_limit.hpp"
#include "engine/base/rules.hpp"
#include "engine/solve/downset_checkpoint.hpp"
#include "engine/solve/game_search.hpp"

namespace seki {

DownsetTooLarge::DownsetTooLarge(double needed, double limit)
    : std::runtime_error(fmt::format("the down-set solve needs {:.0f} bytes, the limit is {:.0f}",
                                     std::ceil(needed), limit)),
      needed_(needed) {}

DownsetEngine::DownsetEngine(DownsetOptions options)
    : options_(std::move(options)),
      memory_bytes_(options_.memory_bytes ? options_.memory_bytes
                                          : static_cast<std::size_t>(DefaultMemoryLimitBytes())) {}

DownsetEngine::~DownsetEngine() = default;

std::uint64_t DownsetEngine::done() const { return done_.load(std::memory_order_relaxed); }

Solution DownsetEngine::Solve(const Matrix& a) {
  if (!IsStartingPosition(a))
    throw std::invalid_argument("not a starting position: empty, or a zero row or column");
  if (layout_ && layout_->Contains(a)) return Solution::From(pass_->At(a));
  if (auto it = roots_.find(a); it != roots_.end()) return it->second;
  return Pass(a);
}

Solution DownsetEngine::ChildSolution(const Matrix& a, int i, int j) {
  return seki::ChildSolution(a, i, j, [this](const Matrix& child) { return Solve(child); });
}

Solution DownsetEngine::Pass(const Matrix& a) {
  const double limit = static_cast<double>(memory_bytes_);
  const double full_bytes = DownsetBytes(a, true);
  const bool full = full_bytes <= std::min(limit, static_cast<double>(options_.full_table_bytes));
  const double needed = DownsetBytes(a, full);
  if (needed > limit) throw DownsetTooLarge(needed, limit);
  pass_.reset();  // the previous full table first, so that both never coexist
  table_.reset();
  layout_.reset();

  auto layout = std::make_unique<DownsetLayout>(DownsetLayout::For(a));
  const std::size_t bytes = full ? layout->total : layout->ring;
  auto table = std::make_unique_for_overwrite<std::uint8_t[]>(bytes);
  total_.store(layout->total);
  auto pass = std::make_unique<DownsetPass>(*layout, table.get(), full, done_);

  DownsetPosition from;
  const std::filesystem::path& checkpoint = options_.checkpoint;
  bool ours = false;  // the checkpoint file holds this pass
  if (!checkpoint.empty() && options_.resume)
    if (auto at = LoadDownsetCheckpoint(checkpoint, *layout, full, table.get(), bytes)) {
      from = *at;
      ours = true;
    }
  using Clock = std::chrono::steady_clock;
  Clock::time_point saved = Clock::now();
  const auto between = [&](const DownsetPosition& at) {
    const bool stop = options_.stop && options_.stop->load();
    if (!checkpoint.empty() &&
        (stop || std::chrono::duration<double>(Clock::now() - saved).count() >=
                     options_.checkpoint_seconds)) {
      SaveDownsetCheckpoint(checkpoint, *layout, full, at, table.get(), bytes);
      saved = Clock::now();
      ours = true;
    }
    return !stop;
  };
  if (!pass->Run(from, options_.threads, between))
    throw SearchStopped(SearchStopped::Reason::kInterrupted, "interrupted");
  if (ours) RemoveDownsetCheckpoint(checkpoint);
  positions_ += layout->total;
  const Solution solution = Solution::From(pass->Root());
  if (full) {
    layout_ = std::move(layout);
    table_ = std::move(table);
    pass_ = std::move(pass);
  } else {
    roots_.emplace(a, solution);
  }
  return solution;
}

}  // namespace seki
