// DownsetOrbitPass: the down-set pass by orbits (issue 59) over the slices of a DownsetOrbits
// layout, by sum of their tuples: each slice is a full-table DownsetPass of the dense box whose
// blocks first take what the fixed cells' children offer (DownsetSlice), read from the slices of
// the sum below through the child's symmetry (a permutation of the dense cells' strides, the
// players exchanged where it transposes). A slice is kept until the last slice that reads it is
// solved (DownsetOrbits::held). A take
// phase sees each slice's blocks (their layout is the slice's: DownsetOrbits::SliceLayout), its
// tallies handed over `weight` times (the tuples the slice stands for; height and classes are the
// same on a whole orbit). The taker's points (DownsetTake::Points) are found where Locate puts
// them and handed over one by one, in the layout of A's plain pass.
// Concurrency: Run is called by one thread; each slice's pass runs on `threads` workers of its
// own; `done` may be read by any thread while Run runs.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/base/outcome.hpp"
#include "engine/solve/downset_orbits.hpp"
#include "engine/solve/downset_take.hpp"

namespace seki {

class DownsetOrbitPass {
 public:
  // A point of the taker: its slice's box index, its index in A's plain layout, and whether the
  // symmetry that puts it there transposes.
  struct Point {
    std::uint64_t index = 0, plain = 0;
    bool transpose = false;
  };

  // `take`: the take phase (null: none). In DownsetMode::kOneGame the pass computes `game` only:
  // each slice half a byte a matrix (as DownsetPass packs them), its children gathered into one
  // box of bytes; a solve makes one pass a game (`done_before`: the matrices of the pass before).
  DownsetOrbitPass(const DownsetOrbits& orbits, std::atomic<std::uint64_t>& done,
                   DownsetTake* take = nullptr, DownsetMode mode = DownsetMode::kBothGames,
                   Game game = Game::kSeki, std::uint64_t done_before = 0);

  // The buffer of slice s's values (DownsetOrbits::slice_bytes), made now: a checkpoint's slices
  // are read into it
  // before Run resumes after them.
  std::uint8_t* Buffer(std::uint32_t s);
  // Called before slice `next` (after `from`) is solved, with the values of every solved slice
  // that a slice still to come reads (null for the others): false stops the pass there.
  using Between =
      std::function<bool(std::uint32_t next, const std::vector<const std::uint8_t*>& held)>;
  // Runs the slices from `from` on (those before it solved: their held values in Buffer); false
  // when `between` stopped it or `stop` was set (at the next step of a slice).
  bool Run(int threads, std::uint32_t from, const std::atomic<bool>* stop,
           const Between& between = {});
  // A's values (both games; in kOneGame, of its game only), after a completed Run.
  PackedOutcome Root() const { return root_; }

 private:
  const DownsetOrbits& orbits_;
  std::atomic<std::uint64_t>& done_;
  DownsetTake* const take_;
  const DownsetMode mode_;
  const Game game_;
  const std::uint64_t done_before_;
  std::unique_ptr<std::uint8_t[]> gather_;  // kOneGame: the children of the slice being solved
  DownsetLayout plain_;                     // A's plain layout (the points' indices), with a taker
  std::vector<std::vector<Point>> points_;  // by slice, by box index
  PackedOutcome root_;
  // The slices' values; a slice that no slice still to come reads goes back to `unused_` (a new
  // one would cost the kernel's zeroing of its pages).
  std::vector<std::unique_ptr<std::uint8_t[]>> values_, unused_;
};

}  // namespace seki
