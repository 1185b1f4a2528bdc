// CanonicalFormFast: exact canonical form for matrices with at most kMaxFastLines rows or columns,
// by a pruned search over invariant-respecting row orders with columns packed into integers.
//
// Definition (after transposing when there are more rows than columns, so that m <= n, m <= 6):
// rows get an isomorphism-invariant key (the multiset of their entries) and so do columns. Among the
// row orders pi that list rows by non-decreasing key and the column orders sigma that list columns
// by non-decreasing key, the canonical form is the row-major lexicographic minimum of A[pi, sigma].
// The admissible pairs (pi, sigma) move along with any isomorphism, so the minimum is a canonical
// form. For a fixed pi the best sigma sorts the columns as integers: key class in the top byte,
// then the entries of rows pi(0), pi(1), ... byte by byte, then the column index. Rows are placed
// one at a time; after placing k rows the first k rows of the result are known, which prunes every
// branch whose prefix is already larger than the best complete matrix found so far.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "canon/canonical_form.hpp"

namespace seki::canon {
namespace {

using std::uint32_t;
using std::uint64_t;

// Lines of the shorter side the fast path handles: a packed column key holds the class byte, one
// byte per row and the column index byte.
constexpr int kMaxFastLines = 6;
constexpr int kClassShift = 56;
constexpr int kFirstRowShift = 48;  // row position p sits at bits kFirstRowShift - 8p

// Weight of one entry in a line key: the entry in bits 48.. (so keys order lines by their sum) plus
// a fixed pseudo-random 40-bit value, so the sum of weights identifies the multiset of entries
// with overwhelming probability. A collision only weakens the invariant; exactness never needs it.
constexpr std::array<uint64_t, 256> kEntryWeight = [] {
  std::array<uint64_t, 256> w{};
  uint64_t state = 0x243F6A8885A308D3ull;
  for (int v = 0; v < 256; ++v) {
    state += 0x9E3779B97F4A7C15ull;  // splitmix64
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    w[v] = (static_cast<uint64_t>(v) << 48) | (z >> 24);
  }
  return w;
}();

inline int Entry(uint64_t row, int j) { return static_cast<int>((row >> (8 * j)) & 0xFF); }

inline void InsertionSort(uint64_t* keys, int n) {
  for (int i = 1; i < n; ++i) {
    const uint64_t x = keys[i];
    int j = i;
    for (; j > 0 && keys[j - 1] > x; --j) keys[j] = keys[j - 1];
    keys[j] = x;
  }
}

// Rank of each key: the number of strictly smaller keys (equal keys share a rank).
inline void Ranks(const uint64_t* keys, int count, int* rank) {
  for (int i = 0; i < count; ++i) {
    int r = 0;
    for (int k = 0; k < count; ++k) r += keys[k] < keys[i];
    rank[i] = r;
  }
}

// Returned by Search::Place when the caller just goes on with its next candidate.
constexpr int kNoJump = kMaxDim;
// Automorphisms kept for orbit pruning; further ones are dropped (pruning is only weaker then).
constexpr int kMaxGenerators = 16;

class Search {
 public:
  // rows[i] holds row i of an m x n matrix (m <= n, m <= kMaxFastLines), entry j in byte j.
  Search(const uint64_t* rows, int m, int n) : m_(m), n_(n) {
    uint64_t row_key[kMaxFastLines];
    uint64_t col_key[kMaxDim] = {};
    for (int i = 0; i < m; ++i) {
      rows_[i] = rows[i];
      uint64_t key = 0;
      for (int j = 0; j < n; ++j) {
        const uint64_t w = kEntryWeight[Entry(rows[i], j)];
        key += w;
        col_key[j] += w;
      }
      row_key[i] = key;
    }
    int row_rank[kMaxFastLines];
    int col_rank[kMaxDim];
    Ranks(row_key, m, row_rank);
    Ranks(col_key, n, col_rank);

    // Position k may take the rows whose rank is <= k: those with the key of position k that
    // earlier positions left unused. A row is skipped while an identical row of lower index is
    // still unused (choosing either gives the same subtree).
    for (int k = 0; k < m; ++k) candidates_[k] = twins_below_[k] = 0;
    for (int i = 0; i < m; ++i) {
      for (int k = row_rank[i]; k < m; ++k) candidates_[k] |= 1u << i;
      for (int i2 = 0; i2 < i; ++i2)
        if (rows_[i2] == rows_[i]) twins_below_[i] |= 1u << i2;
    }
    for (int j = 0; j < n; ++j) root_keys_[j] = (uint64_t(col_rank[j]) << kClassShift) | j;
    InsertionSort(root_keys_, n);
  }

  // Runs the search; returns the rows of the canonical form, column 0 in the most significant byte.
  const uint64_t* Run() {
    Place(0, (1u << m_) - 1, root_keys_, /*below_best=*/true);
    return best_rows_;
  }

 private:
  struct Generator {
    std::uint8_t image[kMaxFastLines];
    uint32_t fixed;  // rows the automorphism maps to themselves
  };

  // Positions 0..k-1 hold path_[0..k-1]; keys are their sorted column keys; unused is the set of
  // rows not placed yet. below_best: the placed prefix is already smaller than best (or there is
  // no best yet), so the first leaf reached becomes the new best. Returns the level at which the
  // search resumes: kNoJump normally, a smaller level after finding an automorphism.
  int Place(int k, uint32_t unused, const uint64_t* keys, bool below_best) {
    const uint32_t choices = unused & candidates_[k];
    uint64_t child[kMaxDim];
    if ((choices & (choices - 1)) == 0) {  // forced: place every row that is alone in its cell
      std::memcpy(child, keys, sizeof(uint64_t) * n_);
      int end = k;
      for (uint32_t c; end < m_ && ((c = unused & candidates_[end]) & (c - 1)) == 0; ++end) {
        AddRow(end, std::countr_zero(c), child);
        unused &= ~c;
      }
      return Descend(k, end, unused, child, below_best);
    }
    uint32_t tried = 0;
    for (uint32_t c = choices; c != 0; c &= c - 1) {
      const int r = std::countr_zero(c);
      if ((twins_below_[r] & unused) || InOrbitOf(r, tried, ~unused & ((1u << m_) - 1))) continue;
      tried |= 1u << r;
      std::memcpy(child, keys, sizeof(uint64_t) * n_);
      AddRow(k, r, child);
      const int resume = Descend(k, k + 1, unused & ~(1u << r), child, below_best);
      if (resume < k) return resume;
      below_best = false;  // a leaf below this node is now best, so best shares its prefix
    }
    return kNoJump;
  }

  // Rows at positions [begin, end) were just added to keys: sorts them, prunes if the result's
  // rows so far exceed best, else goes on to position end.
  int Descend(int begin, int end, uint32_t unused, uint64_t* keys, bool below_best) {
    InsertionSort(keys, n_);
    for (int p = begin; p < end; ++p) {
      const int shift = kFirstRowShift - 8 * p;
      uint64_t row = 0;
      for (int j = 0; j < n_; ++j) row = (row << 8) | ((keys[j] >> shift) & 0xFF);
      rows_of_path_[p] = row;
      if (!below_best && row != best_rows_[p]) {
        if (row > best_rows_[p]) return kNoJump;
        below_best = true;
      }
    }
    return end < m_ ? Place(end, unused, keys, below_best) : Leaf(below_best);
  }

  // Puts row r at position k: records it and adds its entries to the column keys.
  void AddRow(int k, int r, uint64_t* keys) {
    path_[k] = static_cast<std::uint8_t>(r);
    const int shift = kFirstRowShift - 8 * k;
    for (int j = 0; j < n_; ++j)
      keys[j] |= uint64_t(Entry(rows_[r], static_cast<int>(keys[j] & 0xFF))) << shift;
  }

  // A complete row order: a new best, or (equal to best) an automorphism mapping the best path to
  // this one. It fixes the positions before the paths diverge, so the subtree where they diverge is
  // equivalent to the one already searched and the search resumes at the divergence level.
  int Leaf(bool below_best) {
    if (below_best) {
      std::memcpy(best_rows_, rows_of_path_, sizeof(uint64_t) * m_);
      std::memcpy(best_path_, path_, sizeof(path_));
      return kNoJump;
    }
    if (num_generators_ < kMaxGenerators) {
      Generator& g = generators_[num_generators_++];
      g.fixed = 0;
      for (int p = 0; p < m_; ++p) {
        g.image[best_path_[p]] = path_[p];
        if (best_path_[p] == path_[p]) g.fixed |= 1u << path_[p];
      }
    }
    int diverge = 0;
    while (path_[diverge] == best_path_[diverge]) ++diverge;
    return diverge;
  }

  // Whether row r is in the orbit of the rows in tried under the automorphisms found so far that
  // fix every placed row.
  bool InOrbitOf(int r, uint32_t tried, uint32_t placed) const {
    if (num_generators_ == 0) return false;
    uint32_t orbit = tried;
    for (uint32_t previous = 0; orbit != previous;) {
      previous = orbit;
      for (int g = 0; g < num_generators_; ++g) {
        if (placed & ~generators_[g].fixed) continue;
        for (uint32_t s = orbit; s != 0; s &= s - 1)
          orbit |= 1u << generators_[g].image[std::countr_zero(s)];
      }
    }
    return (orbit >> r) & 1;
  }

  int m_;
  int n_;
  uint64_t rows_[kMaxFastLines];
  uint32_t candidates_[kMaxFastLines];
  uint32_t twins_below_[kMaxFastLines];
  uint64_t root_keys_[kMaxDim] = {};
  std::uint8_t path_[kMaxFastLines] = {};
  uint64_t rows_of_path_[kMaxFastLines];
  std::uint8_t best_path_[kMaxFastLines];
  uint64_t best_rows_[kMaxFastLines];
  int num_generators_ = 0;
  Generator generators_[kMaxGenerators];
};

}  // namespace

bool FastPathSupports(int rows, int cols) {
  return rows >= 1 && cols >= 1 && rows <= kMaxDim && cols <= kMaxDim &&
         std::min(rows, cols) <= kMaxFastLines;
}

Matrix CanonicalFormFast(const Matrix& a) {
  const bool transpose = a.rows() > a.cols();
  const int m = transpose ? a.cols() : a.rows();
  const int n = transpose ? a.rows() : a.cols();
  uint64_t rows[kMaxFastLines];
  if (transpose) {
    for (int i = 0; i < m; ++i) {
      uint64_t row = 0;
      for (int j = 0; j < n; ++j) row |= uint64_t(a(j, i)) << (8 * j);
      rows[i] = row;
    }
  } else {
    static_assert(std::endian::native == std::endian::little, "row bytes are loaded as integers");
    std::memcpy(rows, a.cells().data(), sizeof(uint64_t) * m);  // byte j = entry j
  }

  Search search(rows, m, n);
  const uint64_t* best = search.Run();
  Matrix result(a.rows(), a.cols());
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      const int v = static_cast<int>((best[i] >> (8 * (n - 1 - j))) & 0xFF);
      if (transpose)
        result.set(j, i, v);
      else
        result.set(i, j, v);
    }
  return result;
}

}  // namespace seki::canon
