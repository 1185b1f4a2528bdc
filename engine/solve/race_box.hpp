// RaceBoxEngine: the generalised game of spec section 7 (engine/base/race.hpp) solved over the
// box of a race: every position whose entries, outside liberties and eyes are at most the race's,
// in one pass, one byte a position (both games' r and c, PackedOutcome). A move lowers one digit
// of the position's mixed-radix index, so in increasing index order every child is solved before
// its parent: the down-set idea of DownsetEngine, on a race's box, without symmetry (a race's
// groups carry their outside liberties and eyes, and GO's races are small). The engine keeps the
// last box and answers every position below it (moves, lines) from it.
// Concurrency: one thread; Solve and ChildSolution are called by one thread at a time.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/base/outcome.hpp"
#include "engine/base/race.hpp"

namespace seki {

// The box of one race, solved.
class RaceBox {
 public:
  // Positions in the box of r: the product of (digit + 1) over its entries, outside liberties and
  // eyes.
  static double Positions(const Race& r);

  // Solves the box of `top`; polls `stop` (Stopped, kInterrupted, when set).
  RaceBox(const Race& top, const std::atomic<bool>* stop);

  // Whether r lies in the box: the same shape, every digit at most top's.
  bool Covers(const Race& r) const;
  // Both games' r and c of a covered starting position.
  PackedOutcome Packed(const Race& r) const { return PackedOutcome{values_[Index(r)]}; }
  std::size_t size() const { return values_.size(); }

 private:
  // One digit of the index: an entry, an outside liberty or an eye, with its largest value.
  struct Digit {
    RaceMove move;
    int max = 0;
    std::uint64_t stride = 1;
  };
  std::uint64_t Index(const Race& r) const;
  void Fill(const std::atomic<bool>* stop);

  Race top_;
  std::vector<Digit> digits_;
  std::vector<std::uint8_t> values_;
};

struct RaceEngineOptions {
  std::size_t memory_bytes = 0;  // the box's bytes at most; 0: DefaultMemoryLimitBytes()
  const std::atomic<bool>* stop = nullptr;
};

class RaceBoxEngine {
 public:
  explicit RaceBoxEngine(RaceEngineOptions options = {});

  // Values of both games for a starting position (RaceStartProblem empty; std::invalid_argument
  // otherwise), from the kept box when it covers r, else from r's own box. Throws DownsetTooLarge
  // when that box has more bytes than the memory limit, Stopped when stopped.
  Solution Solve(const Race& r);
  // Values after move m: terminal when it leaves a group without liberty, else solved.
  Solution ChildSolution(const Race& r, RaceMove m);

  // Positions of every box solved so far.
  std::uint64_t positions() const { return positions_; }

 private:
  RaceEngineOptions options_;
  std::size_t memory_bytes_;
  std::vector<RaceBox> kept_;  // at most one: the last box
  std::uint64_t positions_ = 0;
};

}  // namespace seki
