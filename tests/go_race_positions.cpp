// go_race_positions OUTDIR COUNT SEED: the positions of the comparison with GNU Go (docs/go.md,
// tests/gnugo_compare.py): COUNT races of one white and one black group, at most 10 liberties in
// all, written as OUTDIR/race-NNN.sgf, in three families by turns: on a 9x9 board, a stack of two
// bars (tests/race_boards.hpp) with random shared and outside liberties (at random columns) and
// random one-point eyes; on 11x11, a white ring around a black group (RandomRing) with random gaps
// outside the ring (its outside liberties) and a random black group inside (shared liberties,
// perhaps an eye), the rest a black wall with eyes on the edges (every other ring: the edges
// empty instead); the classic seki's board on 7x7 (RandomClassic), its walls open.
// Prints one line a position, tab-separated: the file's name, its family (bars, ring, ring-open,
// classic), DRAGON1, DRAGON2 (a stone of the
// group that moves first, then of the other), the race (FormatRace, rows White), seki's answer to
// `analyze_semeai DRAGON1 DRAGON2` (engine/go/board_races.hpp, what `seki gtp` says) and the
// board-level capture solver's (tests/capture_solver.hpp: "1 1" when the first player captures,
// "1 0" seki, "0 0" captured, "too-big" beyond its budget), and "ok" when seki's move keeps the
// solver's result ("wrong" when not, "illegal" for an illegal move, "-" for PASS or too-big).
// Deterministic for a seed.
#include <cstdio>
#include <fstream>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>

#include "engine/base/input_error.hpp"
#include "engine/base/race_text.hpp"
#include "engine/go/board_races.hpp"
#include "engine/go/sgf.hpp"
#include "tests/capture_solver.hpp"
#include "tests/race_boards.hpp"
#include "tests/race_generators.hpp"

namespace seki::testing {
namespace {

// The solver's budget by position (about a quarter of a second).
constexpr std::size_t kSolverBudget = 50'000;

std::string Answer(Result first) {
  return first == Result::W ? "1 1" : first == Result::D ? "1 0" : "0 0";
}

}  // namespace
}  // namespace seki::testing

int main(int argc, char** argv) {
  using namespace seki;
  using namespace seki::testing;
  if (argc != 4) {
    std::fprintf(stderr, "usage: go_race_positions OUTDIR COUNT SEED\n");
    return 2;
  }
  const std::string dir = argv[1];
  const int count = std::stoi(argv[2]);
  std::mt19937 random(unsigned(std::stoul(argv[3])));
  SolveEngine engine;
  for (int k = 0; k < count; ++k) {
    const char* family = k % 3 == 0   ? "bars"
                         : k % 3 == 2 ? "classic"
                         : k % 2 == 0 ? "ring-open"
                                      : "ring";
    const StackBoard b = k % 3 == 0   ? BuildStack(RandomRace(random))
                         : k % 3 == 1 ? RandomRing(random, k % 2 == 0)
                                      : RandomClassic(random);
    char name[32];
    std::snprintf(name, sizeof name, "race-%03d.sgf", k);
    std::ofstream(dir + "/" + name) << go::WriteSgf({b.board, name, "", {}, {}});
    const int first = int(random() % 2);
    const go::Point a = b.groups[first], o = b.groups[1 - first];
    go::SemeaiAnswer seki;
    std::string refusal;  // seki's "?" answer (a ko, the search's budget): "refused"
    try {
      seki = go::AnalyzeSemeai(b.board, a, o, engine);
    } catch (const InputError&) {
      refusal = "refused";
    }
    const char me = b.board.at(a) == go::Stone::kBlack ? 'X' : 'O';
    // The solver plays the whole board: a position that takes it more than kSolverBudget
    // positions (a board with much open space) gets "too-big" and no check of the move.
    CaptureSolver solver(b.board, b.groups, kSolverBudget);
    std::string solved = "too-big", move_ok = "-";
    try {
      const Result value = solver.Value(me);
      solved = Answer(value);
      if (seki.move && refusal.empty()) {
        const std::optional<Result> kept = solver.MoveValue(me, *seki.move);
        move_ok = !kept ? "illegal" : *kept == value ? "ok" : "wrong";
      }
    } catch (const std::runtime_error&) {
    }
    const go::GoModel model = go::RaceOf(b.board, a, o);
    const std::string answer = !refusal.empty()
                                   ? refusal
                                   : std::to_string(int(seki.keeps)) + " " +
                                         std::to_string(int(seki.captures)) + " " +
                                         (seki.move ? go::PointName(*seki.move) : "PASS");
    std::printf("%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", name, family, go::PointName(a).c_str(),
                go::PointName(o).c_str(), FormatRace(model.race).c_str(), answer.c_str(),
                solved.c_str(), move_ok.c_str());
  }
  return 0;
}
