// Ranks: the processes of one job, as every computation spread over them sees them — the level
// engine (each rank builds its block of shards, engine/run/level_ranks.hpp), the conjecture checks
// and the down-set pass (each rank solves its range of one digit, engine/solve/downset_ranks.hpp):
// rank and size, and the collective steps (sums, maxima, gathers, the exchange of 64-bit words,
// text to rank 0, barriers, an abort). This base class is the single process: every collective
// is the identity. engine/distributed's MpiGroup is the other implementation (the only code that
// sees MPI); tests/thread_ranks.hpp runs ranks as threads of one process.
// Concurrency: one Ranks is used by the thread that drives the computation; every rank must call
// the collective members in the same order (each blocks until every rank has called it).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

namespace seki {

class Ranks {
 public:
  virtual ~Ranks() = default;

  virtual int rank() const { return 0; }  // not collective
  virtual int size() const { return 1; }  // not collective
  bool root() const { return rank() == 0; }

  // Element-wise sums over the ranks, in place on every rank.
  virtual void SumAll(std::span<std::uint64_t> /*values*/) const {}
  // The largest `value` of any rank, on every rank.
  virtual double MaxAll(double value) const { return value; }
  // Every rank's `values` (the same count on each), in rank order, on every rank.
  virtual std::vector<std::uint64_t> AllGather(std::span<const std::uint64_t> values) const {
    return {values.begin(), values.end()};
  }
  // Sends words[..] in rank order: the first counts[0] to rank 0, the next counts[1] to rank 1,
  // ...; returns what every rank sent this one, in rank order.
  virtual std::vector<std::uint64_t> Exchange(const std::vector<std::uint64_t>& words,
                                              std::span<const std::uint64_t> /*counts*/) const {
    return words;
  }
  // Rank 0 gets every rank's text joined in rank order; the others get nothing.
  virtual std::string GatherText(std::string text) const { return text; }
  virtual void Barrier() const {}
  // Bytes this rank has sent to other ranks so far.
  virtual std::uint64_t exchanged_bytes() const { return 0; }
  // Ends the whole job now with `status` (MPI_Abort under mpirun): after an error on one rank, so
  // that no rank waits forever in a collective step. Not collective.
  [[noreturn]] virtual void Abort(int status) const { std::_Exit(status); }

  // Whether `value` holds on every rank.
  bool AllTrue(bool value) const { return MaxAll(value ? 0.0 : 1.0) == 0.0; }
  // MaxAll of a count, exact below 2^53.
  std::uint64_t MaxCount(std::uint64_t value) const {
    return static_cast<std::uint64_t>(MaxAll(static_cast<double>(value)));
  }
};

}  // namespace seki
