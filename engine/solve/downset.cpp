// The down-set engine: passes, their full tables and checkpoints.
#include "engine/solve/downset.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>

#include "engine/base/input_error.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/base/rules.hpp"
#include "engine/solve/downset_bytes.hpp"
#include "engine/solve/downset_checkpoint.hpp"
#include "engine/solve/downset_orbit_pass.hpp"
#include "engine/solve/game_search.hpp"
#include "storage/kill_point.hpp"

namespace seki {
namespace {

// The checkpoints of one solve (`ranks`: those the pass is split among, else null; `saving`: not a
// pass that runs alone on each rank of a job): resumed from, saved between two steps when the one
// decision of every walk says so (DecideBetweenSteps over CheckpointClock, by minutes), removed
// once the solve completes.
class PassCheckpoints {
 public:
  PassCheckpoints(const DownsetOptions& options, const Ranks* ranks, bool saving, int rank,
                  int size, const DownsetLayout& layout, const DownsetStorage& storage,
                  std::uint8_t* values, std::size_t bytes)
      : options_(options),
        ranks_(ranks),
        saving_(saving && !options.checkpoint.empty()),
        checkpoint_(DownsetCheckpointOf(options.checkpoint, rank, size)),
        layout_(layout),
        storage_(storage),
        values_(values),
        bytes_(bytes),
        clock_(options.checkpoint_every) {
    if (saving_) {  // a library caller's directory is made here (a command's is ready already)
      std::error_code ignored;
      std::filesystem::create_directories(options.checkpoint, ignored);
    }
  }

  // Where the solve starts: its checkpoint's position with --resume (every rank the same one),
  // else the beginning.
  DownsetProgress Resume() {
    DownsetProgress progress;
    if (!saving_ || !options_.resume) return progress;
    std::string problem;  // a rank's own checkpoint that cannot be read
    try {
      nlohmann::json taken;
      if (auto at = LoadDownsetCheckpoint(checkpoint_, layout_, storage_.full, storage_.mode,
                                          values_, bytes_, options_.take ? &taken : nullptr)) {
        progress = *at;
        ours_ = true;
        if (options_.take) options_.take->Restore(taken);
      }
    } catch (const InputError& e) {
      if (!ranks_) throw;
      problem = e.what();
    }
    if (ranks_)
      AgreeOnResume(*ranks_, options_.checkpoint, ours_, progress.pass, progress.position, problem);
    return progress;
  }

  // Between two steps, at `at`: false to stop there (after a checkpoint).
  bool Between(const DownsetProgress& at) {
    return Between([&] {
      SaveDownsetCheckpoint(checkpoint_, layout_, storage_.full, storage_.mode, at, values_, bytes_,
                            options_.take ? options_.take->Save() : nlohmann::json());
    });
  }
  // The same with the checkpoint that `save` writes (the pass by orbits).
  bool Between(const std::function<void()>& save) {
    const Ranks* const ranks = ranks_;
    const MaxOverRanks max_over_ranks = [ranks](double v) {
      return ranks ? double(ranks->MaxCount(static_cast<std::uint64_t>(v))) : v;
    };
    const BetweenSteps decided =
        DecideBetweenSteps(options_.stop, saving_ && clock_.DueAfterTime(), max_over_ranks);
    if (saving_ && decided != BetweenSteps::kGoOn) {  // a stop checkpoints first
      save();
      clock_.Saved(++saves_);
      ours_ = true;
      if (ranks_) {
        ranks_->Barrier();  // no rank goes on while another still writes its checkpoint
        KillPoint("downset-checkpoint", static_cast<int>(saves_), ranks_->rank());
      } else {
        KillPoint("downset-checkpoint", saves_);
      }
    }
    return decided != BetweenSteps::kStop;
  }

  // The pass by orbits resumed from its checkpoint (with --resume): where it stands, the held
  // slices read into buffer(pass, k).
  OrbitProgress ResumeOrbits(const DownsetOrbits& orbits, DownsetMode mode,
                             const std::function<std::uint8_t*(int pass, std::uint32_t k)>& buffer,
                             std::vector<std::string>& written) {
    if (!saving_ || !options_.resume) return {};
    nlohmann::json taken;
    const std::optional<OrbitProgress> at = LoadOrbitCheckpoint(
        checkpoint_, orbits, mode, buffer, written, options_.take ? &taken : nullptr);
    if (!at) return {};
    ours_ = true;
    if (options_.take) options_.take->Restore(taken);
    return *at;
  }
  const Checkpoint& checkpoint() const { return checkpoint_; }

  void Finish() const {
    if (ours_) RemoveDownsetCheckpoint(checkpoint_);
  }

 private:
  const DownsetOptions& options_;
  const Ranks* ranks_;
  const bool saving_;
  const Checkpoint checkpoint_;
  const DownsetLayout& layout_;
  const DownsetStorage& storage_;
  std::uint8_t* values_;
  std::size_t bytes_;
  CheckpointClock clock_;
  int saves_ = 0;
  bool ours_ = false;
};

}  // namespace

Checkpoint DownsetCheckpointOf(const std::filesystem::path& dir, int rank, int ranks) {
  return Checkpoint(dir, "downset", rank, ranks);
}

DownsetTooLarge::DownsetTooLarge(double needed, double limit, DownsetWaysOut ways)
    : std::runtime_error(fmt::format("the down-set solve needs {:.0f} bytes, the limit is {:.0f}",
                                     std::ceil(needed), limit)),
      needed_(needed),
      ways_(std::move(ways)) {}

DownsetTooLarge DownsetTooLargeFor(const Matrix& a, const DownsetStorage& storage, double limit,
                                   bool disk_allowed, bool search_ran_out) {
  DownsetWaysOut ways{.search_ran_out = search_ran_out};
  if (disk_allowed) ways.on_disk = DownsetOnDiskInstead(a, limit);
  if (!storage.orbits)
    if (const std::optional<DownsetOrbits> o = DownsetOrbits::For(a)) {
      // Its smaller mode: one game a pass.
      ways.by_orbits = DownsetStorage{.mode = DownsetMode::kOneGame,
                                      .bytes = o->bytes(DownsetMode::kOneGame),
                                      .orbits = true,
                                      .values = double(o->values())};
      ways.symmetries = o->group_order;
    }
  return DownsetTooLarge(storage.bytes, limit, std::move(ways));
}

DownsetDiskTooSmall::DownsetDiskTooSmall(double needed, double free,
                                         const std::filesystem::path& dir)
    : std::runtime_error(fmt::format("the ring on disk needs {:.0f} bytes in {}, {:.0f} are free",
                                     needed, dir.string(), free)),
      needed_(needed),
      free_(free),
      dir_(dir) {}

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
  const DownsetDisk disk = ScratchDisk(options_.scratch, options_.force_disk);
  const DownsetStorage storage = DownsetStorageFor(
      a, limit, options_.ranks ? options_.ranks->size() : 1,
      static_cast<double>(options_.full_table_bytes), options_.mode, disk, options_.orbits);
  if (storage.orbits) return OrbitPass(a, *DownsetOrbits::For(a), storage.mode);
  if (storage.bytes > limit)
    throw DownsetTooLargeFor(a, storage, limit, !options_.ranks && disk.free == 0);
  if (storage.disk) {
    if (storage.disk_bytes > disk.free)
      throw DownsetDiskTooSmall(storage.disk_bytes, disk.free, options_.scratch);
    return DiskPass(a, storage);
  }
  const Ranks* const ranks = storage.ranks > 1 ? options_.ranks : nullptr;
  const bool alone = options_.ranks && !ranks;
  const int rank = ranks ? ranks->rank() : 0, size = storage.ranks;
  const bool full = storage.full;
  const DownsetMode mode = storage.mode;
  split_ranks_ = size;
  pass_.reset();  // the previous full table first, so that both never coexist
  table_.reset();
  layout_.reset();

  auto layout = std::make_unique<DownsetLayout>(DownsetLayout::For(a));
  const DownsetShare share = DownsetShare::For(*layout, rank, size);
  const std::size_t bytes =
      full ? DownsetStore{nullptr, full, mode}.bytes(*layout) : share.bytes(mode);
  auto table = std::make_unique_for_overwrite<std::uint8_t[]>(bytes);
  downset_bytes::AdviseHugePages(table.get(), bytes);
  const int passes = storage.passes();
  total_.store(layout->total * passes);

  PassCheckpoints checkpoints(options_, ranks, !alone, rank, size, *layout, storage, table.get(),
                              bytes);
  DownsetProgress progress = checkpoints.Resume();
  std::unique_ptr<DownsetPass> pass;
  for (; progress.pass < passes; ++progress.pass, progress.position = {}) {
    const DownsetStore store{table.get(), full, mode,
                             progress.pass == 0 ? Game::kSeki : Game::kDSeki};
    pass = std::make_unique<DownsetPass>(*layout, store, done_, progress.pass * layout->total,
                                         share, options_.take);
    const auto between = [&](const DownsetPosition& at) {
      return checkpoints.Between({progress.pass, at, progress.roots});
    };
    const bool completed = ranks ? RunOnRanks(*pass, *layout, share, mode, table.get(),
                                              progress.position, options_.threads, *ranks, between)
                                 : pass->Run(progress.position, options_.threads, between);
    if (!completed) throw Stopped(Stopped::Reason::kInterrupted, "interrupted");
    // A split pass finds A's values on the last rank only (the others hold 0).
    progress.roots |=
        ranks ? static_cast<std::uint8_t>(ranks->MaxCount(pass->Root().bits)) : pass->Root().bits;
    positions_ += layout->total;
  }
  checkpoints.Finish();
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

Solution DownsetEngine::OrbitPass(const Matrix& a, const DownsetOrbits& orbits, DownsetMode mode) {
  split_ranks_ = 1;
  const int passes = mode == DownsetMode::kOneGame ? 2 : 1;
  total_.store(orbits.values() * passes);
  const DownsetStorage storage{.mode = mode, .bytes = orbits.bytes(mode), .orbits = true};
  PassCheckpoints checkpoints(options_, nullptr, true, 0, 1, orbits.box, storage, nullptr, 0);
  std::vector<std::string> written(orbits.slices.size());  // the slice files on disk
  std::unique_ptr<DownsetOrbitPass> pass;
  int made = -1;  // the game of `pass`
  const auto make = [&](int p) {
    pass.reset();  // the pass before's slices first, so that both never coexist
    pass = std::make_unique<DownsetOrbitPass>(orbits, done_, options_.take, mode,
                                              p == 0 ? Game::kSeki : Game::kDSeki,
                                              p * orbits.values());
    made = p;
  };
  OrbitProgress at = checkpoints.ResumeOrbits(
      orbits, mode,
      [&](int p, std::uint32_t k) {
        if (made != p) make(p);
        return pass->Buffer(k);
      },
      written);
  if (made != at.pass) make(at.pass);
  for (; at.pass < passes; ++at.pass, at.next = 0) {
    const auto between = [&](std::uint32_t next, const std::vector<const std::uint8_t*>& held) {
      return checkpoints.Between([&] {
        SaveOrbitCheckpoint(checkpoints.checkpoint(), orbits, mode, {at.pass, next, at.roots}, held,
                            written, options_.take ? options_.take->Save() : nlohmann::json());
      });
    };
    // With a checkpoint, a stop waits for the slice under way (a second or so) and checkpoints
    // after it; without one, it stops at the slice's next step.
    if (!pass->Run(options_.threads, at.next, options_.checkpoint.empty() ? options_.stop : nullptr,
                   between))
      throw Stopped(Stopped::Reason::kInterrupted, "interrupted");
    at.roots |= pass->Root().bits;
    if (at.pass + 1 < passes) {
      make(at.pass + 1);
      std::fill(written.begin(), written.end(), std::string());
    }
  }
  checkpoints.Finish();
  positions_ += orbits.values() * passes;
  const Solution solution = Solution::From(PackedOutcome{at.roots});
  roots_.emplace(a, solution);
  return solution;
}

}  // namespace seki
