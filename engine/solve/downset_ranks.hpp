// DownsetRanks: what a down-set pass split among the ranks of a job (DownsetShare) needs from
// them: the boundary layer passed up after each step, a maximum over the ranks (the root's
// values, found on the last rank; a stop or checkpoint decided together; the checkpoint position
// agreed), and a hook after each checkpoint; and RunOnRanks, which drives one rank's pass step by
// step. engine/run/downset_group.hpp implements DownsetRanks over a RunGroup (MPI through
// engine/distributed); this layer never sees MPI.
// Concurrency: every member of DownsetRanks is collective unless said otherwise: all ranks call it
// in the same order, from the thread that runs the pass (never a worker).
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "engine/solve/downset_pass.hpp"
#include "engine/solve/downset_share.hpp"

namespace seki {

class DownsetRanks {
 public:
  virtual ~DownsetRanks() = default;
  virtual int rank() const = 0;  // not collective
  virtual int size() const = 0;  // not collective
  // Sends `up` to rank + 1 (when `send`) and receives `down` from rank - 1 (when `receive`); both
  // sides know the sizes.
  virtual void Shift(std::span<const std::uint8_t> up, bool send, std::span<std::uint8_t> down,
                     bool receive) = 0;
  // The largest `value` of any rank, on every rank (exact below 2^53).
  virtual std::uint64_t Max(std::uint64_t value) = 0;
  // Called on every rank once each has written its `count`-th checkpoint of the pass: waits until
  // all have (so that no rank goes on while another still writes), then a hook for tests.
  virtual void Saved(std::uint64_t count) = 0;
};

// After each rank has read its checkpoint in `dir` (`found`: at `at`, a position of pass `pass`;
// `problem`: the error of one that could not be read, else empty): returns when every rank resumes
// from the same position or none does; otherwise throws InputError on every rank, naming the
// lowest rank whose file failed (its own message on that rank) or saying that the positions
// differ.
void AgreeOnResume(DownsetRanks& ranks, const std::filesystem::path& dir, bool found, int pass,
                   const DownsetPosition& at, const std::string& problem);

// Runs `pass` (rank ranks.rank()'s `share` of `layout`, its buffer at `values` in `mode`) from
// `from` to the end one step at a time: after each step the chunks of that step in the top
// layer of this rank's range go to the rank above (into its halo, only their own nibbles written in
// DownsetMode::kOneGame), then `between(next)` is called on this thread, collectively (false: stop
// there, as DownsetPass::Run). Returns false when `between` stopped it.
bool RunOnRanks(DownsetPass& pass, const DownsetLayout& layout, const DownsetShare& share,
                DownsetMode mode, std::uint8_t* values, DownsetPosition from, int threads,
                DownsetRanks& ranks, const DownsetPass::Between& between);

}  // namespace seki
