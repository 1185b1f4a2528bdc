// An independent check of the translation from GO to the matrix game: a small GO capture solver
// plays on the board itself (a stone on an empty point next to one of the groups, captures by the
// GO rule, the first capture ends the game, suicide illegal, two passes a draw) and must give the
// SEKI values of the model's matrix, moving first and second, on every position of a test set:
// the classic two-group seki and its variants, each 2x2 complete seki, a 3x3 complete seki of
// Section 6 and positions that are not seki built on a board (closed by live walls, whose eyes the
// solver never fills: it plays only next to the groups), and positions generated at random within
// the model on small boards (seeded). Its code shares nothing with engine/go but the
// choice of groups.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <unordered_map>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/go/diagram.hpp"
#include "engine/go/go_model.hpp"
#include "engine/go/go_realise.hpp"
#include "engine/go/live_walls.hpp"
#include "engine/solve/solve_engine.hpp"
#include "tests/go_positions.hpp"

namespace seki::testing {
namespace {

// The board as characters ('.', 'X', 'O'), row-major, and the GO rules on it.
class CaptureSolver {
 public:
  CaptureSolver(int width, int height, std::string cells, std::vector<int> groups)
      : w_(width), h_(height), cells_(std::move(cells)), groups_(std::move(groups)) {
    for (int k = 0; k < int(cells_.size()); ++k) neighbours_.push_back(Neighbours(k));
    points_ = Moves(cells_);  // only these points change before the game ends
  }

  // The result for the player to move ('X' or 'O') moving first: W, D or L.
  Result Value(char mover) { return Search(cells_, mover, false); }
  std::size_t positions() const { return memo_.size(); }

 private:
  std::vector<int> Neighbours(int k) const {
    std::vector<int> out;
    const int x = k % w_, y = k / w_;
    if (x > 0) out.push_back(k - 1);
    if (x + 1 < w_) out.push_back(k + 1);
    if (y > 0) out.push_back(k - w_);
    if (y + 1 < h_) out.push_back(k + w_);
    return out;
  }

  // The stones of the chain through k and whether it has a liberty.
  std::pair<std::vector<int>, bool> ChainAt(const std::string& b, int k) {
    if (seen_.size() != b.size()) seen_.assign(b.size(), 0);
    ++stamp_;  // seen_[q] == stamp_: q is in this chain
    std::vector<int> stones{k};
    seen_[k] = stamp_;
    bool liberty = false;
    for (std::size_t n = 0; n < stones.size(); ++n)
      for (int q : neighbours_[stones[n]]) {
        if (b[q] == '.') liberty = true;
        if (b[q] == b[k] && seen_[q] != stamp_) seen_[q] = stamp_, stones.push_back(q);
      }
    return {stones, liberty};
  }

  // Empty points next to a chain of one of the groups.
  std::vector<int> Moves(const std::string& b) {
    std::vector<char> mark(b.size(), 0);
    for (int g : groups_)
      for (int s : ChainAt(b, g).first)
        for (int q : neighbours_[s])
          if (b[q] == '.') mark[q] = 1;
    std::vector<int> out;
    for (int k = 0; k < int(b.size()); ++k)
      if (mark[k]) out.push_back(k);
    return out;
  }

  Result Search(const std::string& b, char mover, bool after_pass) {
    std::uint64_t key = 0;  // the board is the start with these points filled
    for (int k : points_) key = 3 * key + (b[k] == '.' ? 0 : b[k] == 'X' ? 1 : 2);
    key = 4 * key + 2 * (mover == 'X') + after_pass;
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    const char other = mover == 'X' ? 'O' : 'X';
    Result best = after_pass ? Result::D : Negate(Search(b, other, true));  // passing
    for (int k : Moves(b)) {
      if (best == Result::W) break;
      std::string next = b;
      next[k] = mover;
      bool captured = false;
      for (int q : neighbours_[k])
        if (next[q] == other && !ChainAt(next, q).second) captured = true;
      if (captured) {
        best = Result::W;  // the first capture ends the game
        break;
      }
      if (!ChainAt(next, k).second) continue;  // suicide: illegal
      best = Max(best, Negate(Search(next, other, false)));
    }
    memo_[key] = best;
    return best;
  }

  int w_, h_;
  std::string cells_;
  std::vector<int> groups_, points_;
  std::vector<std::vector<int>> neighbours_;
  std::vector<std::uint32_t> seen_;
  std::uint32_t stamp_ = 0;
  std::unordered_map<std::uint64_t, Result> memo_;
};

// The board solver's values against SEKI's R (Black first) and C (White first) of the matrix.
void ExpectSameValues(const go::Board& board, const go::GoModel& model, SolveEngine& engine) {
  std::string cells;
  for (int y = 0; y < board.height(); ++y)
    for (int x = 0; x < board.width(); ++x) {
      const go::Stone s = board.at({x, y});
      cells += s == go::Stone::kBlack ? 'X' : s == go::Stone::kWhite ? 'O' : '.';
    }
  std::vector<int> groups;
  for (const auto* side : {&model.white, &model.black})
    for (const go::Chain& c : *side) groups.push_back(board.Index(c.stones.front()));
  CaptureSolver solver(board.width(), board.height(), cells, groups);
  const Outcome o = engine.Solve(model.matrix).seki;
  SCOPED_TRACE(FormatMatrix(model.matrix) + "\n" + go::DiagramText(board));
  EXPECT_EQ(solver.Value('X'), o.R);
  EXPECT_EQ(solver.Value('O'), o.C);
}

TEST(GoCaptureCheck, TheClassicSekiAndItsVariants) {
  SolveEngine engine;
  for (const char* diagram : {kClassicSeki, kThreeLiberties, kOneLiberty}) {
    const go::Board b = go::ReadDiagram(diagram, "t");
    ExpectSameValues(b, go::ExtractModel(b, {}, "t"), engine);
  }
}

TEST(GoCaptureCheck, RealisedPositions) {
  SolveEngine engine;
  // Every 2x2 complete seki (spec section 4), a 3x3 complete seki of Section 6 (sum 12), and
  // matrices that are no seki: 12/22 (R wins moving first), 11 (C wins), 1, 110/011.
  for (const char* text : {"11/11", "20/02", "21/12", "22/22", "301/022/121", "12/22", "11", "1",
                           "2", "3", "110/011", "21/11"}) {
    SCOPED_TRACE(text);
    const go::Realisation r = go::Realise(ParseMatrix(text), text);
    EXPECT_EQ(go::WallProblem(r.model), "");  // the walls live, with two eyes each
    ExpectSameValues(r.board, r.model, engine);
  }
}

TEST(GoCaptureCheck, RandomPositionsWithinTheModel) {
  SolveEngine engine;
  std::mt19937 random(20261125);
  int found = 0, seki = 0, tries = 0;
  for (; found < 60 && tries < 200000; ++tries) {
    const int w = 4 + int(random() % 3), h = 4 + int(random() % 3);
    go::Board b(w, h);
    for (int k = 0; k < b.size(); ++k) {
      const unsigned r = random() % 100;
      b.set(b.PointAt(k), r < 22   ? go::Stone::kEmpty
                          : r < 61 ? go::Stone::kBlack
                                   : go::Stone::kWhite);
    }
    go::GoModel model;
    try {
      model = go::ExtractModel(b, {}, "random");
    } catch (const InputError&) {
      continue;
    }
    if (model.liberties.size() > 12) continue;
    ++found;
    seki += engine.Solve(model.matrix).seki.is_seki();
    ExpectSameValues(b, model, engine);
  }
  std::printf("%d random positions within the model (%d seki) in %d boards\n", found, seki, tries);
  EXPECT_EQ(found, 60);
  EXPECT_GT(seki, 0);
  EXPECT_LT(seki, found);
}

// Random small matrices (up to 3x3, entries up to 2, sum up to 9), realised on a board: the
// capture solver on the board against the matrix engine.
TEST(GoCaptureCheck, RandomMatricesRealisedOnABoard) {
  SolveEngine engine;
  std::mt19937 random(32);
  int checked = 0, seki = 0;
  while (checked < 30) {
    Matrix a(1 + int(random() % 3), 1 + int(random() % 3));
    for (int i = 0; i < a.rows(); ++i)
      for (int j = 0; j < a.cols(); ++j) a.set(i, j, int(random() % 3));
    if (a.has_zero_line() || a.sum() > 9) continue;
    SCOPED_TRACE(FormatMatrix(a));
    const go::Realisation r = go::Realise(a, "random");
    EXPECT_EQ(go::WallProblem(r.model), "");
    ExpectSameValues(r.board, r.model, engine);
    seki += engine.Solve(a).seki.is_seki();
    ++checked;
  }
  std::printf("30 random matrices on a board, %d seki\n", seki);
  EXPECT_GT(seki, 0);
}

}  // namespace
}  // namespace seki::testing
