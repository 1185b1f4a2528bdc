// proof_size: how big is a proof (issue 49, item 1; docs/search/proofs.md). For each
// matrix A whose down-set's full table fits, the down-set engine solves A keeping the values of
// every B <= A; from that table ProofExtractor (engine/describe/proof_size.hpp) takes greedy proof
// DAGs of A's root questions and counts their positions, shared as matrices and as classes, beside
// the down-set's matrices and classes. One markdown row per matrix on stdout.
//
//   proof_size [--choice greedy|first] [--classes-limit N] [--table-limit BYTES] MATRIX...
//   proof_size --suite [same options]       (the inputs of docs/search/proofs.md's table)
//
// Columns: the SEKI / D-SEKI class of A; B <= A (all, and those with no zero line); their classes
// (when at most --classes-limit matrices, default 3e7; else "-"); then for each game the proof of
// its values R(A), C(A) (a bound >= and <= on each, four proofs sharing positions) and of its
// Solution (r(A), c(A) pinned, hence the class): positions shared as matrices / as classes; the
// down-set over the SEKI Solution proof's positions; seconds.
#include "engine/describe/proof_size.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/base/matrix_text.hpp"
#include "engine/base/rules.hpp"
#include "engine/solve/downset.hpp"
#include "engine/solve/downset_storage.hpp"

namespace {

using seki::Game;
using seki::Matrix;
using seki::Player;

struct Sizes {
  seki::ProofCount value, active;
};

// The proofs of one game at a: its values (both players first, both bounds) and its Solution.
Sizes GameProofs(const Matrix& a, const seki::Solution& s, Game g, const seki::ValuesOf& values,
                 seki::ProofSharing sharing, seki::ProofChoice choice) {
  Sizes out;
  seki::ProofExtractor value(values, sharing, choice);
  for (Player p : {Player::kR, Player::kC})
    for (const seki::RootBound& b : seki::ValueBounds(s[g], p))
      value.ProveValue(a, g, p, b.at_least, b.x);
  out.value = value.count();
  seki::ProofExtractor active(values, sharing, choice);
  for (const seki::Claim& c : seki::ActiveBounds(s[g], g)) active.ProveClaim(a, c);
  out.active = active.count();
  return out;
}

std::string Sci(double x) {
  if (x < 1e4) return fmt::format("{:.0f}", x);
  return fmt::format("{:.2e}", x);
}

void Row(const Matrix& a, double classes_limit, double table_limit, seki::ProofChoice choice) {
  const auto start = std::chrono::steady_clock::now();
  const seki::DownsetStorage storage =
      seki::DownsetStorageFor(a, table_limit * 1.5, 1, table_limit);
  if (!storage.full) {
    std::printf("| `%s` | the full table does not fit %.0f bytes |\n",
                seki::FormatMatrix(a).c_str(), table_limit);
    return;
  }
  seki::DownsetEngine engine(
      seki::DownsetOptions{.memory_bytes = static_cast<std::size_t>(table_limit * 1.5),
                           .full_table_bytes = static_cast<std::size_t>(table_limit)});
  const seki::Solution s = engine.Solve(a);
  const seki::ValuesOf values = [&engine](const Matrix& b) { return engine.Solve(b); };
  const double total = seki::DownsetMatrices(a);
  std::string classes = "-", nonterminal = "-";
  if (total <= classes_limit) {
    const seki::DownsetClasses d = seki::CountDownsetClasses(a);
    classes = Sci(static_cast<double>(d.classes));
    nonterminal = Sci(static_cast<double>(d.nonterminal));
  }
  std::string cells;
  double seki_active = 0;
  for (Game g : seki::kGames) {
    const Sizes raw = GameProofs(a, s, g, values, seki::ProofSharing::kMatrices, choice);
    const Sizes cls = GameProofs(a, s, g, values, seki::ProofSharing::kClasses, choice);
    if (g == Game::kSeki) seki_active = static_cast<double>(raw.active.positions);
    cells += fmt::format(" {} / {} | {} / {} |", Sci(double(raw.value.positions)),
                         Sci(double(cls.value.positions)), Sci(double(raw.active.positions)),
                         Sci(double(cls.active.positions)));
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("| `%s` | %s / %s | %s | %s | %s |%s %s | %.1f |\n", seki::FormatMatrix(a).c_str(),
              seki::ClassLabel(Game::kSeki, s.seki.seki_class()).c_str(),
              seki::ClassLabel(Game::kDSeki, s.dseki.seki_class()).c_str(), Sci(total).c_str(),
              nonterminal.c_str(), classes.c_str(), cells.c_str(), Sci(total / seki_active).c_str(),
              seconds);
  std::fflush(stdout);
}

// The k x k 2-cycle pattern with every entry t (`seki family cycle --n k`).
Matrix Cycle(int k, int t) {
  Matrix a(k, k);
  for (int i = 0; i < k; ++i) a.set(i, i, t), a.set(i, (i + 1) % k, t);
  return a;
}

// The (a, b, b) weighting of the 12-cycle (docs/results.md): row i holds d_i at column i and o_i
// at column i + 1 (mod 6), d = (a,b,b,a,b,b), o = (b,a,b,b,a,b).
Matrix Abb(int x, int y) {
  const int d[6] = {x, y, y, x, y, y}, o[6] = {y, x, y, y, x, y};
  Matrix a(6, 6);
  for (int i = 0; i < 6; ++i) a.set(i, i, d[i]), a.set(i, (i + 1) % 6, o[i]);
  return a;
}

// Random m x n matrices (3 <= m, n <= 6), entries 0..h with h in 1..3, no zero line, at most 2e8
// matrices below them; seeded, so the list is the same on every run.
std::vector<Matrix> RandomInputs(int count) {
  std::mt19937_64 rng(49);
  std::vector<Matrix> out;
  while (static_cast<int>(out.size()) < count) {
    const int m = 3 + static_cast<int>(rng() % 4), n = 3 + static_cast<int>(rng() % 4);
    const int h = 1 + static_cast<int>(rng() % 3);
    Matrix a(m, n);
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) a.set(i, j, static_cast<int>(rng() % (h + 1)));
    if (!seki::IsStartingPosition(a) || seki::DownsetMatrices(a) > 2e8) continue;
    out.push_back(a);
  }
  return out;
}

std::vector<Matrix> Suite() {
  std::vector<Matrix> out;
  for (int k : {4, 5, 6})
    for (int t = 2; t <= 6; ++t)
      if (seki::DownsetMatrices(Cycle(k, t)) <= 3e8) out.push_back(Cycle(k, t));
  for (int x = 1; x <= 4; ++x)
    for (int y = 1; y <= 4; ++y)
      if (x != y || x == 1) out.push_back(Abb(x, y));  // (t, t, t) is the 6x6 2-cycle, t >= 2
  for (const Matrix& a : RandomInputs(12)) out.push_back(a);
  std::stable_sort(out.begin(), out.end(), [](const Matrix& x, const Matrix& y) {
    return seki::DownsetMatrices(x) < seki::DownsetMatrices(y);
  });  // smallest first, so that a run cut short has the small ones
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  double classes_limit = 3e7, table_limit = 1.2e9;
  seki::ProofChoice choice = seki::ProofChoice::kGreedy;
  std::vector<Matrix> inputs;
  try {
    for (int k = 1; k < argc; ++k) {
      const std::string arg = argv[k];
      if (arg == "--suite") {
        for (const Matrix& a : Suite()) inputs.push_back(a);
      } else if (arg == "--classes-limit" && k + 1 < argc) {
        classes_limit = std::atof(argv[++k]);
      } else if (arg == "--table-limit" && k + 1 < argc) {
        table_limit = std::atof(argv[++k]);
      } else if (arg == "--choice" && k + 1 < argc) {
        const std::string c = argv[++k];
        if (c != "greedy" && c != "first") throw std::invalid_argument("--choice greedy|first");
        choice = c == "first" ? seki::ProofChoice::kFirst : seki::ProofChoice::kGreedy;
      } else {
        inputs.push_back(seki::ParseMatrix(arg));
      }
    }
    std::printf(
        "| A | class SEKI / D-SEKI | B <= A | no zero line | their classes | SEKI values: "
        "proof matrices / classes | SEKI r, c: matrices / classes | D-SEKI values | D-SEKI r, c "
        "| B <= A over SEKI r, c proof | s |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const Matrix& a : inputs) Row(a, classes_limit, table_limit, choice);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "proof_size: %s\n", e.what());
    return 2;
  }
  return 0;
}
