// The down-set engine: passes, their full tables and checkpoints.
#include "engine/solve/downset.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "engine/base/input_error.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/base/rules.hpp"
#include "engine/solve/downset_checkpoint.hpp"
#include "engine/solve/game_search.hpp"
#include "storage/kill_point.hpp"

namespace seki {
namespace {

// Asks the kernel for huge pages (2 MiB) under the values: a pass reads its children from far
// away in long runs, and small pages would cost a TLB miss every 4 KiB. Advice only.
void AdviseHugePages(void* p, std::size_t bytes) {
#ifdef MADV_HUGEPAGE
  constexpr std::uintptr_t kHuge = std::uintptr_t{1} << 21;
  const std::uintptr_t begin = (reinterpret_cast<std::uintptr_t>(p) + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(p) + bytes) & ~(kHuge - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)p;
  (void)bytes;
#endif
}

}  // namespace

Checkpoint DownsetCheckpointOf(const std::filesystem::path& dir, int rank, int ranks) {
  return Checkpoint(dir, "downset", rank, ranks);
}

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
  // On ranks, a small pass (e.g. a position of --moves) runs on each rank alone, as in one
  // process (a full table where it fits) but without checkpoints: no step waits for the other
  // ranks, and every rank computes the same.
  const double limit = static_cast<double>(memory_bytes_);
  const DownsetStorage storage =
      DownsetStorageFor(a, limit, options_.ranks ? options_.ranks->size() : 1,
                        static_cast<double>(options_.full_table_bytes), options_.mode);
  if (storage.bytes > limit) throw DownsetTooLarge(storage.bytes, limit);
  DownsetRanks* const ranks = storage.ranks > 1 ? options_.ranks : nullptr;
  const bool alone = options_.ranks && !ranks;
  const int rank = ranks ? ranks->rank() : 0, size = storage.ranks;
  const bool full = storage.full;
  const DownsetMode mode = storage.mode;
  pass_.reset();  // the previous full table first, so that both never coexist
  table_.reset();
  layout_.reset();

  auto layout = std::make_unique<DownsetLayout>(DownsetLayout::For(a));
  const DownsetShare share = DownsetShare::For(*layout, rank, size);
  const std::size_t bytes =
      full ? DownsetStore{nullptr, full, mode}.bytes(*layout) : share.bytes(mode);
  auto table = std::make_unique_for_overwrite<std::uint8_t[]>(bytes);
  AdviseHugePages(table.get(), bytes);
  const int passes = storage.passes();
  total_.store(layout->total * passes);

  DownsetProgress progress;
  const bool saving = !alone && !options_.checkpoint.empty();
  const Checkpoint checkpoint = DownsetCheckpointOf(options_.checkpoint, rank, size);
  if (saving) {  // a library caller's directory is made here (a command's is ready already)
    std::error_code ignored;
    std::filesystem::create_directories(options_.checkpoint, ignored);
  }
  bool ours = false;  // the checkpoint file holds this solve
  if (saving && options_.resume) {
    std::string problem;  // a rank's own checkpoint that cannot be read
    try {
      if (auto at = LoadDownsetCheckpoint(checkpoint, *layout, full, mode, table.get(), bytes)) {
        progress = *at;
        ours = true;
      }
    } catch (const InputError& e) {
      if (!ranks) throw;
      problem = e.what();
    }
    if (ranks)
      AgreeOnResume(*ranks, options_.checkpoint, ours, progress.pass, progress.position, problem);
  }
  CheckpointClock clock(options_.checkpoint_every);  // by minutes: a pass has no levels
  const MaxOverRanks max_over_ranks = [ranks](double v) {
    return ranks ? double(ranks->Max(static_cast<std::uint64_t>(v))) : v;
  };
  int saves = 0;
  std::unique_ptr<DownsetPass> pass;
  for (; progress.pass < passes; ++progress.pass, progress.position = {}) {
    const DownsetStore store{table.get(), full, mode,
                             progress.pass == 0 ? Game::kSeki : Game::kDSeki};
    pass =
        std::make_unique<DownsetPass>(*layout, store, done_, progress.pass * layout->total, share);
    const auto between = [&](const DownsetPosition& at) {
      // The same decision as between two levels of the level engine (ranks decide together).
      const BetweenSteps decided =
          DecideBetweenSteps(options_.stop, saving && clock.DueAfterTime(), max_over_ranks);
      if (saving && decided != BetweenSteps::kGoOn) {  // a stop checkpoints first
        SaveDownsetCheckpoint(checkpoint, *layout, full, mode,
                              DownsetProgress{progress.pass, at, progress.roots}, table.get(),
                              bytes);
        clock.Saved(++saves);
        ours = true;
        if (ranks)
          ranks->Saved(saves);
        else
          KillPoint("downset-checkpoint", saves);
      }
      return decided != BetweenSteps::kStop;
    };
    const bool completed = ranks ? RunOnRanks(*pass, *layout, share, mode, table.get(),
                                              progress.position, options_.threads, *ranks, between)
                                 : pass->Run(progress.position, options_.threads, between);
    if (!completed) throw SearchStopped(SearchStopped::Reason::kInterrupted, "interrupted");
    // A split pass finds A's values on the last rank only (the others hold 0).
    progress.roots |=
        ranks ? static_cast<std::uint8_t>(ranks->Max(pass->Root().bits)) : pass->Root().bits;
    positions_ += layout->total;
  }
  if (ours) RemoveDownsetCheckpoint(checkpoint);
  const Solution solution = Solution::From(PackedOutcome{progress.roots});
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
