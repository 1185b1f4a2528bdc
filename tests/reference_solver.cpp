// seki_reference: a second, deliberately plain solver of SEKI and D-SEKI, written from
// ../shared/seki-spec.md alone, to cross-check the engines on matrices none of them can check
// against another (docs/results.md). It shares no code with engine/, canon/ or storage/.
//
//   seki_reference [--progress] MATRIX...
//
// MATRIX as for `seki solve` (033/303/330, or 3,10,0/0,3,3). For each, it prints the matrix and the
// two lines `seki solve` prints ("  SEKI    R=D C=D r=L c=L  complete seki", "  D-SEKI  ...").
// --progress: a line on stderr every 2^30 matrices.
//
// How: the values of every B <= A (entrywise) in increasing order of a mixed-radix index whose
// digits are A's positive entries, so that each child B - e_ij (index - stride) comes before B.
// A child is at most one stride of the outermost digit back, so only that many values are kept,
// in a ring (one byte a matrix: R and C of each game, 2 bits each); the outermost digit is the
// largest entry, so the ring holds the box's matrices divided by (that entry + 1). A matrix with a
// zero row or column holds its terminal values (spec section 2); a child of a matrix without one
// has at most one zero row and one zero column. One thread; no checkpoints.
//
// Exit status: 0; 2 for a matrix it cannot read (one line naming it); 3 when the ring does not fit
// in memory.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

namespace {

// Results, ordered L < D < W; the negation of x is 2 - x.
constexpr unsigned kL = 0, kD = 1, kW = 2;
const char kName[] = {'L', 'D', 'W'};

struct Values {  // of one game
  unsigned R, C, r, c;
};

std::vector<std::vector<int>> Parse(const std::string& text) {
  std::vector<std::vector<int>> m(1);
  const bool commas = text.find(',') != std::string::npos;
  std::size_t i = 0;
  while (i < text.size()) {
    const char ch = text[i];
    if (ch == '/') {
      m.emplace_back();
      ++i;
    } else if (ch >= '0' && ch <= '9') {
      int v = 0;
      do v = v * 10 + (text[i++] - '0');
      while (commas && i < text.size() && text[i] >= '0' && text[i] <= '9');
      if (v > 255) throw std::string("entry above 255");
      m.back().push_back(v);
    } else if (ch == ',' && commas) {
      ++i;
    } else {
      throw std::string("unexpected character '") + ch + "'";
    }
  }
  for (const auto& row : m)
    if (row.size() != m[0].size() || row.empty()) throw std::string("rows of different lengths");
  if (m.size() > 8 || m[0].size() > 8) throw std::string("more than 8 rows or columns");
  for (std::size_t i = 0; i < m.size(); ++i)
    if (std::all_of(m[i].begin(), m[i].end(), [](int v) { return v == 0; }))
      throw std::string("row ") + std::to_string(i + 1) + " is zero";
  for (std::size_t j = 0; j < m[0].size(); ++j)
    if (std::all_of(m.begin(), m.end(), [&](const auto& row) { return row[j] == 0; }))
      throw std::string("column ") + std::to_string(j + 1) + " is zero";
  return m;
}

// One game's (R, C) from r and c: the pass rule of spec section 2.
unsigned Resolve(unsigned mine, unsigned theirs) {
  if (mine != kL) return mine;
  return theirs == kW ? kL : kD;
}

// The values of both games of `a` (index 0: SEKI, 1: D-SEKI).
void Solve(const std::vector<std::vector<int>>& a, bool progress, Values out[2]) {
  struct Digit {
    int row, col, radix;
    std::uint64_t stride;
  };
  std::vector<Digit> digits;
  for (int i = 0; i < static_cast<int>(a.size()); ++i)
    for (int j = 0; j < static_cast<int>(a[0].size()); ++j)
      if (a[i][j] > 0) digits.push_back({i, j, a[i][j] + 1, 0});
  // The largest radix outermost (last), so that the ring is smallest.
  std::stable_sort(digits.begin(), digits.end(),
                   [](const Digit& x, const Digit& y) { return x.radix < y.radix; });
  std::uint64_t total = 1;
  for (Digit& d : digits) {
    d.stride = total;
    if (total > (std::uint64_t{1} << 62) / static_cast<std::uint64_t>(d.radix))
      throw std::string("more than 2^62 matrices below it");
    total *= static_cast<std::uint64_t>(d.radix);
  }
  const std::uint64_t ring_size = digits.back().stride;
  std::vector<std::uint8_t> ring;
  try {
    ring.resize(ring_size);
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "seki_reference: %llu bytes do not fit in memory\n",
                 static_cast<unsigned long long>(ring_size));
    std::exit(3);
  }
  const int m = static_cast<int>(a.size()), n = static_cast<int>(a[0].size());
  const std::size_t k = digits.size();
  std::vector<int> value(k, 0), row_sum(m, 0), col_sum(n, 0);
  int zero_rows = m, zero_cols = n;  // B = 0 first
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t slot = 0;
  for (std::uint64_t index = 0;; ++index) {
    std::uint8_t stored;
    if (zero_rows > 0 || zero_cols > 0) {  // terminal: spec section 2
      Values t[2];
      if (zero_cols == 0) {
        t[0] = t[1] = {kW, kL, 0, 0};
      } else if (zero_rows == 0) {
        t[0] = t[1] = {kL, kW, 0, 0};
      } else {
        t[0] = {kL, kL, 0, 0};
        t[1] = {kD, kD, 0, 0};
      }
      stored = static_cast<std::uint8_t>(t[0].R | t[0].C << 2 | t[1].R << 4 | t[1].C << 6);
    } else {
      Values v[2] = {{0, 0, kL, kL}, {0, 0, kL, kL}};
      for (std::size_t d = 0; d < k; ++d) {
        if (value[d] == 0) continue;
        const std::uint64_t child_slot = slot >= digits[d].stride
                                             ? slot - digits[d].stride
                                             : slot + ring_size - digits[d].stride;
        const unsigned child = ring[child_slot];
        for (int g = 0; g < 2; ++g) {
          const unsigned child_R = (child >> (4 * g)) & 3, child_C = (child >> (4 * g + 2)) & 3;
          v[g].r = std::max(v[g].r, 2 - child_C);  // R moves, then C is first at the child
          v[g].c = std::max(v[g].c, 2 - child_R);
        }
      }
      for (Values& g : v) {
        g.R = Resolve(g.r, g.c);
        g.C = Resolve(g.c, g.r);
      }
      stored = static_cast<std::uint8_t>(v[0].R | v[0].C << 2 | v[1].R << 4 | v[1].C << 6);
      if (index + 1 == total) {
        out[0] = v[0];
        out[1] = v[1];
        return;
      }
    }
    ring[slot] = stored;
    if (++slot == ring_size) slot = 0;
    if (progress && (index & ((std::uint64_t{1} << 30) - 1)) == 0 && index > 0)
      std::fprintf(stderr, "seki_reference: %llu of %llu matrices, %.0f s\n",
                   static_cast<unsigned long long>(index), static_cast<unsigned long long>(total),
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    for (std::size_t d = 0; d < k; ++d) {  // the next index: the odometer, with the line sums
      const Digit& g = digits[d];
      const int before = value[d];
      const int after = before + 1 == g.radix ? 0 : before + 1;
      value[d] = after;
      const int delta = after - before;
      const int old_row = row_sum[g.row], old_col = col_sum[g.col];
      row_sum[g.row] += delta;
      col_sum[g.col] += delta;
      zero_rows += (row_sum[g.row] == 0) - (old_row == 0);
      zero_cols += (col_sum[g.col] == 0) - (old_col == 0);
      if (after != 0) break;
    }
  }
}

std::string Line(const char* game, const char* word, const Values& v) {
  std::string kind = "no " + std::string(word);
  if (v.R == kD && v.C == kD) {
    kind = word;
    if (v.r == kL && v.c == kL)
      kind = "complete " + kind;
    else if (v.r == kL || v.c == kL)
      kind = "semi-complete " + kind;
  }
  char buf[128];
  std::snprintf(buf, sizeof buf, "  %-7s R=%c C=%c r=%c c=%c  %s", game, kName[v.R], kName[v.C],
                kName[v.r], kName[v.c], kind.c_str());
  return buf;
}

}  // namespace

int main(int argc, char** argv) {
  bool progress = false;
  std::vector<std::string> matrices;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--progress") == 0)
      progress = true;
    else
      matrices.emplace_back(argv[i]);
  }
  if (matrices.empty()) {
    std::fprintf(stderr, "usage: seki_reference [--progress] MATRIX...\n");
    return 2;
  }
  for (const std::string& text : matrices) {
    Values v[2];
    try {
      Solve(Parse(text), progress, v);
    } catch (const std::string& why) {
      std::fprintf(stderr, "seki_reference: matrix '%s': %s\n", text.c_str(), why.c_str());
      return 2;
    }
    std::printf("%s\n%s\n%s\n", text.c_str(), Line("SEKI", "seki", v[0]).c_str(),
                Line("D-SEKI", "d-seki", v[1]).c_str());
    std::fflush(stdout);
  }
  return 0;
}
