// Greedy proof DAGs from known values, their positions counted, and the classes of a down-set.
#include "engine/describe/proof_size.hpp"

#include <stdexcept>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/rules.hpp"

namespace seki {
namespace {

// A matrix packed: rows and columns (4 bits each), then every entry (3 bits) row-major; with a
// claim's 4 bits below it, a claim node.
__extension__ typedef unsigned __int128 Key;
struct KeyHash {
  std::size_t operator()(Key k) const noexcept {
    const auto lo = static_cast<std::uint64_t>(k), hi = static_cast<std::uint64_t>(k >> 64);
    std::uint64_t h = (lo ^ (hi * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull;
    return static_cast<std::size_t>(h ^ (h >> 31));
  }
};

void CheckSupported(const Matrix& b) {
  if (b.rows() * b.cols() > 36 || b.height() > 7)
    throw std::invalid_argument("proof sizes need at most 36 cells and entries at most 7: " +
                                FormatMatrix(b));
}

Key Pack(const Matrix& b) {
  Key k = static_cast<Key>(b.rows()) << 4 | static_cast<Key>(b.cols());
  for (int i = 0; i < b.rows(); ++i)
    for (int j = 0; j < b.cols(); ++j) k = k << 3 | static_cast<Key>(b(i, j));
  return k;
}

Matrix Unpack(Key k, int rows, int cols) {
  Matrix b(rows, cols);
  for (int i = rows - 1; i >= 0; --i)
    for (int j = cols - 1; j >= 0; --j) {
      b.set(i, j, static_cast<int>(k & 7));
      k >>= 3;
    }
  return b;
}

unsigned Code(const Claim& c) {
  return static_cast<unsigned>(c.game) << 3 | (c.mover == Player::kC ? 4u : 0u) |
         static_cast<unsigned>(c.kind);
}

bool Holds(const Outcome& o, const Claim& c) {
  const Result a = o.active(c.mover);
  return IsAtLeast(c.kind) ? a >= Threshold(c.kind) : a <= Threshold(c.kind);
}

Result ValueFor(const Outcome& o, Player p) { return p == Player::kR ? o.R : o.C; }

double DownsetSize(const Matrix& b) {
  double n = 1;
  for (int i = 0; i < b.rows(); ++i)
    for (int j = 0; j < b.cols(); ++j) n *= b(i, j) + 1;
  return n;
}

}  // namespace

ClaimAlternatives ValueBound(Game g, Player q, bool at_least, Result x) {
  const Player o = Opponent(q);
  if (at_least) {
    if (x == Result::L) return {{}};
    if (x == Result::W) return {{{g, q, ClaimKind::kAtLeastW}}};
    return {{{g, q, ClaimKind::kAtLeastD}}, {{g, o, ClaimKind::kAtMostD}}};
  }
  if (x == Result::W) return {{}};
  if (x == Result::D) return {{{g, q, ClaimKind::kAtMostD}}};
  return {{{g, q, ClaimKind::kAtMostL}, {g, o, ClaimKind::kAtLeastW}}};
}

std::vector<RootBound> ValueBounds(const Outcome& o, Player first) {
  const Result v = ValueFor(o, first);
  std::vector<RootBound> bounds;
  if (v != Result::L) bounds.push_back({true, v});
  if (v != Result::W) bounds.push_back({false, v});
  return bounds;
}

std::vector<Claim> ActiveBounds(const Outcome& o, Game g) {
  std::vector<Claim> claims;
  for (Player q : {Player::kR, Player::kC}) {
    const Result a = o.active(q);
    if (a == Result::W) claims.push_back({g, q, ClaimKind::kAtLeastW});
    if (a == Result::D) {
      claims.push_back({g, q, ClaimKind::kAtLeastD});
      claims.push_back({g, q, ClaimKind::kAtMostD});
    }
    if (a == Result::L) claims.push_back({g, q, ClaimKind::kAtMostL});
  }
  return claims;
}

struct ProofExtractor::Impl {
  ValuesOf values;
  ProofSharing sharing;
  ProofChoice choice;
  int rows = 0, cols = 0;
  std::unordered_set<Key, KeyHash> claims;          // position key << 4 | claim code
  std::unordered_map<Key, Key, KeyHash> positions;  // position key -> a matrix of it, packed

  Key PositionKey(const Matrix& b) const {
    return sharing == ProofSharing::kClasses ? Pack(canon::CanonicalForm(b)) : Pack(b);
  }
  bool Proved(Key position, const Claim& c) const {
    return claims.count(position << 4 | Code(c)) != 0;
  }

  // An option of the prover: the claims (at one child `b`, none for a terminal move) it needs.
  struct Option {
    Matrix b;
    const std::vector<Claim>* claims = nullptr;
  };
  // How much an option would add (kGreedy): new claims, the down-set under them, AND claims.
  std::tuple<int, double, int> Score(const Option& o) const {
    if (!o.claims || o.claims->empty()) return {0, 0.0, 0};
    const Key k = PositionKey(o.b);
    int fresh = 0, and_nodes = 0;
    for (const Claim& c : *o.claims)
      if (!Proved(k, c)) {
        ++fresh;
        and_nodes += IsAtLeast(c.kind) ? 0 : 1;
      }
    return {fresh, fresh ? DownsetSize(o.b) : 0.0, and_nodes};
  }

  void ProveAll(const Matrix& b, const std::vector<Claim>& cs) {
    for (const Claim& c : cs) Prove(b, c);
  }

  // Val(b, q) >= x (at_least) or <= x: one alternative that holds, chosen by the policy.
  void ProveValue(const Matrix& b, Game g, Player q, bool at_least, Result x) {
    const ClaimAlternatives alts = ValueBound(g, q, at_least, x);
    const Outcome o = values(b)[g];
    const std::vector<Claim>* best = nullptr;
    std::tuple<int, double, int> best_score;
    for (const auto& alt : alts) {
      bool holds = true;
      for (const Claim& c : alt) holds = holds && Holds(o, c);
      if (!holds) continue;
      if (choice == ProofChoice::kFirst) {
        best = &alt;
        break;
      }
      const auto score = Score({b, &alt});
      if (!best || score < best_score) best = &alt, best_score = score;
    }
    if (!best)
      throw std::logic_error("proof: a bound on a value does not hold at " + FormatMatrix(b));
    ProveAll(b, *best);
  }

  void Prove(const Matrix& b, const Claim& c) {
    const Key pk = PositionKey(b);
    if (!claims.insert(pk << 4 | Code(c)).second) return;
    positions.emplace(pk, Pack(b));
    const Outcome here = values(b)[c.game];
    if (!Holds(here, c))
      throw std::logic_error("proof: a claim does not hold at " + FormatMatrix(b));
    const Player q = c.mover, next = Opponent(q);
    const bool at_least = IsAtLeast(c.kind);
    const Result thr = Threshold(c.kind);
    // A move by q to B' gives q the result m = -Val(B', next); the claim needs m >= thr (one
    // move) or m <= thr (every move): Val(B', next) <= -thr, or >= -thr.
    const ClaimAlternatives need = ValueBound(c.game, next, !at_least, Negate(thr));
    std::vector<Option> options;
    for (int i = 0; i < b.rows(); ++i)
      for (int j = 0; j < b.cols(); ++j) {
        if (b(i, j) == 0) continue;
        Result m;
        Matrix child = b;
        child.decrement(i, j);
        const auto terminal = TerminalSolution(b.row_sum(i) == 1, b.col_sum(j) == 1);
        if (terminal) {
          m = Negate(ValueFor((*terminal)[c.game], next));
        } else {
          m = Negate(ValueFor(values(child)[c.game], next));
        }
        const bool keeps = at_least ? m >= thr : m <= thr;
        if (!at_least) {
          if (!keeps)
            throw std::logic_error("proof: a move refutes the claim at " + FormatMatrix(b));
          if (!terminal) ProveValue(child, c.game, next, true, Negate(thr));
          continue;
        }
        // A move that ends the game as needed has no claim below it.
        if (keeps) options.push_back({child, terminal ? nullptr : &need.front()});
      }
    if (!at_least) return;
    if (options.empty())
      throw std::logic_error("proof: no move keeps the claim at " + FormatMatrix(b));
    const Option* best = &options.front();
    if (choice == ProofChoice::kGreedy) {
      auto best_score = Score(*best);
      for (const Option& o : options) {
        const auto score = Score(o);
        if (score < best_score) best = &o, best_score = score;
      }
    }
    if (best->claims) ProveAll(best->b, *best->claims);
  }
};

ProofExtractor::ProofExtractor(ValuesOf values, ProofSharing sharing, ProofChoice choice)
    : impl_(std::make_unique<Impl>()) {
  impl_->values = std::move(values);
  impl_->sharing = sharing;
  impl_->choice = choice;
}

ProofExtractor::~ProofExtractor() = default;

void ProofExtractor::ProveValue(const Matrix& b, Game g, Player first, bool at_least, Result x) {
  CheckSupported(b);
  impl_->rows = b.rows(), impl_->cols = b.cols();
  impl_->ProveValue(b, g, first, at_least, x);
}

void ProofExtractor::ProveClaim(const Matrix& b, const Claim& c) {
  CheckSupported(b);
  impl_->rows = b.rows(), impl_->cols = b.cols();
  impl_->Prove(b, c);
}

ProofCount ProofExtractor::count() const { return {impl_->positions.size(), impl_->claims.size()}; }

std::vector<Matrix> ProofExtractor::positions() const {
  std::vector<Matrix> out;
  out.reserve(impl_->positions.size());
  for (const auto& [key, packed] : impl_->positions)
    out.push_back(Unpack(packed, impl_->rows, impl_->cols));
  return out;
}

DownsetClasses CountDownsetClasses(const Matrix& a) {
  CheckSupported(a);
  std::vector<std::pair<int, int>> cells;
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j)
      if (a(i, j) > 0) cells.emplace_back(i, j);
  DownsetClasses out;
  std::unordered_set<Key, KeyHash> classes;
  Matrix b(a.rows(), a.cols());  // every B <= a by an odometer over a's positive cells
  while (true) {
    ++out.matrices;
    if (!b.has_zero_line()) {
      ++out.nonterminal;
      classes.insert(Pack(canon::CanonicalForm(b)));
    }
    std::size_t k = 0;
    for (; k < cells.size(); ++k) {
      const auto [i, j] = cells[k];
      if (b(i, j) < a(i, j)) {
        b.increment(i, j);
        break;
      }
      b.set(i, j, 0);
    }
    if (k == cells.size()) break;
  }
  out.classes = classes.size();
  return out;
}

}  // namespace seki
