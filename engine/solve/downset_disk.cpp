// The down-set engine's passes with the ring on disk: the scratch directory's space, the ring file
// as the checkpoint, committed at the start of a sub-slab.
#include <future>
#include <optional>
#include <system_error>

#include "engine/base/input_error.hpp"
#include "engine/solve/downset.hpp"
#include "engine/solve/downset_checkpoint.hpp"
#include "engine/solve/game_search.hpp"
#include "storage/checkpoint_policy.hpp"
#include "storage/direct_file.hpp"
#include "storage/kill_point.hpp"

namespace seki {
namespace {

// The checkpoints of a pass on disk, in its scratch directory: at the start of every sub-slab its
// position and what the take phase holds are kept, and at the start of the next one committed on a
// thread of its own (the ring's writes up to it are done then: a sync and checkpoint.json), while
// the next sub-slab is computed; the ring waits for that commit before it begins the next write
// (its gate), so that no write begins that overwrites what the last durable commit needs
// (engine/solve/downset_ring.hpp). A stop waits for the start of a sub-slab, writes everything and
// commits that position; the start of each pass is committed at once. (No schedule: a commit is a
// sync and a small file, and a later one would let the ring be overwritten under it.)
class RingCommits {
 public:
  RingCommits(const DownsetOptions& options, const DownsetLayout& layout, DownsetMode mode)
      : options_(options),
        checkpoint_(DownsetCheckpointOf(options.scratch)),
        layout_(layout),
        mode_(mode) {}
  ~RingCommits() {
    try {
      Wait();
    } catch (...) {  // a commit that failed while the pass was abandoned: nothing more to say
    }
  }

  const Checkpoint& checkpoint() const { return checkpoint_; }

  // The position of a --resume and the slots' checksums (none: a fresh pass).
  std::optional<RingCheckpoint> Resume(const DownsetRingGeometry& geometry) {
    if (!options_.resume) {
      if (checkpoint_.Exists()) throw checkpoint_.HeldError("--scratch");
      return std::nullopt;
    }
    nlohmann::json taken;
    auto at =
        LoadRingCheckpoint(checkpoint_, layout_, mode_, geometry, options_.take ? &taken : nullptr);
    if (at && options_.take) options_.take->Restore(taken);
    return at;
  }

  // The ring's gate: the last commit begun is durable (rethrows its error).
  void Wait() {
    if (commit_.valid()) commit_.get();
  }

  // At the start of a pass (position 0 of its game): committed at once.
  void Started(const DownsetProgress& at, DownsetRing& ring) {
    Wait();
    ring.Flush();
    Commit(at, ring, options_.take ? options_.take->Save() : nlohmann::json());
    pending_.reset();
  }

  // Between two steps of pass `pass` at `at`: false to stop there.
  bool Between(const DownsetPass& pass, const DownsetProgress& at, DownsetRing& ring) {
    const BetweenSteps decided = DecideBetweenSteps(options_.stop, false);
    if (!pass.StartsSubSlab(at.position)) return true;  // a stop waits for a sub-slab's start
    if (decided == BetweenSteps::kStop) {
      Wait();
      ring.Flush();
      Commit(at, ring, options_.take ? options_.take->Save() : nlohmann::json());
      return false;
    }
    if (pending_ && pass.SubSlab(pending_->first.position) == ring.resumable()) {
      Wait();
      commit_ = std::async(std::launch::async, [this, &ring, kept = std::move(*pending_)] {
        ring.Sync();
        Commit(kept.first, ring, kept.second);
      });
    }
    pending_.emplace(at, options_.take ? options_.take->Save() : nlohmann::json());
    return true;
  }

  void Finish() {
    Wait();
    RemoveDownsetCheckpoint(checkpoint_);
  }

 private:
  void Commit(const DownsetProgress& at, const DownsetRing& ring, const nlohmann::json& take) {
    SaveRingCheckpoint(checkpoint_, layout_, mode_, at, ring, take);
    KillPoint("downset-checkpoint", ++commits_);
  }

  const DownsetOptions& options_;
  const Checkpoint checkpoint_;
  const DownsetLayout& layout_;
  const DownsetMode mode_;
  std::optional<std::pair<DownsetProgress, nlohmann::json>> pending_;
  std::future<void> commit_;  // the commit begun at the start of the sub-slab being computed
  int commits_ = 0;
};

}  // namespace

DownsetDisk ScratchDisk(const std::filesystem::path& scratch, bool force) {
  DownsetDisk disk{0, force};
  if (scratch.empty()) return disk;
  std::error_code error;
  std::filesystem::create_directories(scratch, error);
  if (error || !std::filesystem::is_directory(scratch))
    throw InputError("--scratch", scratch.string() + " is not a directory that can be written");
  disk.free = FreeDiskBytes(scratch);
  const std::filesystem::path ring = RingFileOf(DownsetCheckpointOf(scratch));
  if (std::filesystem::is_regular_file(ring, error))
    disk.free += static_cast<double>(std::filesystem::file_size(ring, error));
  return disk;
}

Solution DownsetEngine::DiskPass(const Matrix& a, const DownsetStorage& storage) {
  split_ranks_ = 1;
  pass_.reset();
  table_.reset();
  layout_.reset();
  const DownsetLayout layout = DownsetLayout::For(a);
  const DownsetMode mode = storage.mode;
  const DownsetRingGeometry geometry = DownsetRingGeometry::For(layout, mode);
  RingCommits commits(options_, layout, mode);
  const std::optional<RingCheckpoint> resumed = commits.Resume(geometry);
  DownsetProgress progress = resumed ? resumed->progress : DownsetProgress{};
  DownsetRing ring(RingFileOf(commits.checkpoint()), layout, mode, storage.buffers,
                   resumed ? resumed->checksums : std::vector<std::uint64_t>{});
  ring.SetWriteGate([&commits] { commits.Wait(); });
  const int passes = storage.passes();
  total_.store(layout.total * passes);
  for (bool first = true; progress.pass < passes;
       ++progress.pass, progress.position = {}, first = false) {
    const DownsetStore store{nullptr, false, mode, progress.pass == 0 ? Game::kSeki : Game::kDSeki,
                             &ring};
    DownsetPass pass(layout, store, done_, progress.pass * layout.total, {}, options_.take);
    if (!(first && resumed)) commits.Started(progress, ring);
    const auto between = [&](const DownsetPosition& at) {
      return commits.Between(pass, {progress.pass, at, progress.roots}, ring);
    };
    const std::uint64_t read = ring.bytes_read(), written = ring.bytes_written();
    const bool completed = pass.Run(progress.position, options_.threads, between);
    disk_read_ += ring.bytes_read() - read;
    disk_written_ += ring.bytes_written() - written;
    if (!completed) throw Stopped(Stopped::Reason::kInterrupted, "interrupted");
    progress.roots |= pass.Root().bits;
    positions_ += layout.total;
  }
  commits.Finish();
  const Solution solution = Solution::From(PackedOutcome{progress.roots});
  roots_.emplace(a, solution);
  return solution;
}

}  // namespace seki
