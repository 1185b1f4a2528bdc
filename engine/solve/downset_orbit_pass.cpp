// The down-set pass by orbits: slices by sum, each one DownsetPass with its fixed cells' children
// gathered through their symmetries.
#include "engine/solve/downset_orbit_pass.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <numeric>
#include <optional>
#include <thread>
#include <vector>

#include "engine/solve/downset_bytes.hpp"
#include "engine/solve/downset_pass.hpp"

namespace seki {
namespace {

constexpr auto kSwapped = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned x = 0; x < 256; ++x) t[x] = DownsetSwapPlayers(static_cast<std::uint8_t>(x));
  return t;
}();

// The first `levels` loops of a permutation (GatherChild) from the child's index `read` and ours
// `write`: locals only, so that the byte stores cannot make the compiler reload them.
template <bool kSwap, bool kFirst, bool kNibble>
void Permute(const std::uint8_t* __restrict from, std::uint8_t* __restrict to, std::uint64_t read,
             std::uint64_t write, const std::array<int, 64>& radix_in,
             const std::array<std::uint64_t, 64>& read_in,
             const std::array<std::uint64_t, 64>& write_in, std::size_t levels) {
  const std::array<int, 64> radix = radix_in;
  const std::array<std::uint64_t, 64> rs = read_in, ws = write_in;
  const int r0 = radix[0];
  const std::uint64_t rs0 = rs[0], ws0 = ws[0];
  std::array<int, 64> y{};
  for (;;) {
    const std::uint8_t* __restrict p = from + (kNibble ? 0 : read);
    std::uint8_t* __restrict q = to + write;
    for (int v = 0; v < r0; ++v) {
      std::uint8_t b;
      if constexpr (kNibble) {  // matrix i in the low nibble of byte i / 2 when even, else high
        const std::uint64_t i = read + std::uint64_t(v) * rs0;
        b = static_cast<std::uint8_t>((p[i >> 1] >> ((i & 1) << 2)) & 0xF);
      } else {
        b = p[std::uint64_t(v) * rs0];
      }
      const std::uint8_t in = kSwap ? kSwapped[b] : b;
      if constexpr (kFirst)
        q[std::uint64_t(v) * ws0] = in;
      else
        q[std::uint64_t(v) * ws0] |= in;
    }
    std::size_t j = 1;  // the next row
    for (; j < levels; ++j) {
      if (++y[j] < radix[j]) {
        read += rs[j];
        write += ws[j];
        break;
      }
      read -= std::uint64_t(radix[j] - 1) * rs[j];
      write -= std::uint64_t(radix[j] - 1) * ws[j];
      y[j] = 0;
    }
    if (j >= levels) return;
  }
}

// to[x] |= (or, kFirst, =) what child `c` (in `from`, its slice's box; kNibble: half a byte a
// matrix) offers matrix x of this slice, for every x of the box: the child's index moves by
// c.strides[d] when our digit d does.
// A permutation of the box's digits, run through in an order whose innermost loops keep both the
// reads and the writes in a small region (the digit that steps the child by 1, our first digit,
// the one that steps the child least after it, our second), the outermost digit's values shared
// among `threads` workers.
template <bool kSwap, bool kFirst, bool kNibble>
void GatherChild(const DownsetLayout& box, const DownsetOrbits::Child& c, const std::uint8_t* from,
                 std::uint8_t* to, int threads) {
  const std::vector<DownsetLayout::Digit>& digits = box.digits;
  const std::size_t m = digits.size();
  if (!kSwap && std::equal(c.strides.begin(), c.strides.end(), digits.begin(),
                           [](std::uint64_t s, const DownsetLayout::Digit& d) {
                             return s == d.stride;
                           })) {  // the identity: one run
    if constexpr (kNibble) {
      downset_bytes::Unpack<!kFirst>(to, from, box.total / 2);
      if (box.total & 1) {
        const std::uint8_t last = from[box.total / 2] & 0xF;
        to[box.total - 1] = kFirst ? last : to[box.total - 1] | last;
      }
    } else if constexpr (kFirst) {
      std::memcpy(to, from, box.total);
    } else {
      downset_bytes::OrBytes(to, from, box.total);
    }
    return;
  }
  std::vector<std::size_t> by_stride(m), loop;
  std::iota(by_stride.begin(), by_stride.end(), 0);
  std::sort(by_stride.begin(), by_stride.end(),
            [&](std::size_t x, std::size_t y) { return c.strides[x] < c.strides[y]; });
  const auto add = [&](std::size_t d) {
    if (std::find(loop.begin(), loop.end(), d) == loop.end()) loop.push_back(d);
  };
  add(by_stride[0]);
  add(0);
  if (m > 1) add(by_stride[1]);
  if (m > 1) add(1);
  for (std::size_t d = 0; d < m; ++d) add(d);
  // The loops, innermost first: radix, the child's step and ours.
  std::array<int, 64> radix{};
  std::array<std::uint64_t, 64> read_step{}, write_step{};
  for (std::size_t j = 0; j < m; ++j) {
    radix[j] = digits[loop[j]].radix;
    read_step[j] = c.strides[loop[j]];
    write_step[j] = digits[loop[j]].stride;
  }
  const auto work = [&, m](std::atomic<int>& next) {
    for (int v; (v = next.fetch_add(1)) < (m == 1 ? 1 : radix[m - 1]);)
      Permute<kSwap, kFirst, kNibble>(from, to, std::uint64_t(v) * (m == 1 ? 0 : read_step[m - 1]),
                                      std::uint64_t(v) * (m == 1 ? 0 : write_step[m - 1]), radix,
                                      read_step, write_step, m == 1 ? 1 : m - 1);
  };
  std::atomic<int> next{0};
  const int workers =
      m == 1 || box.total < (std::uint64_t{1} << 20) ? 1 : std::min(threads, radix[m - 1]);
  std::vector<std::jthread> helpers;
  for (int t = 1; t < workers; ++t) helpers.emplace_back(work, std::ref(next));
  work(next);
}

template <bool kNibble>
void GatherChildrenOf(const DownsetOrbits& o, const DownsetOrbits::Slice& slice,
                      const std::vector<std::unique_ptr<std::uint8_t[]>>& values, std::uint8_t* to,
                      int threads) {
  bool first = true;
  for (const DownsetOrbits::Child& c : slice.children) {
    const std::uint8_t* from = values[c.slice].get();
    if (first && c.transpose) GatherChild<true, true, kNibble>(o.box, c, from, to, threads);
    if (first && !c.transpose) GatherChild<false, true, kNibble>(o.box, c, from, to, threads);
    if (!first && c.transpose) GatherChild<true, false, kNibble>(o.box, c, from, to, threads);
    if (!first && !c.transpose) GatherChild<false, false, kNibble>(o.box, c, from, to, threads);
    first = false;
  }
}

// The box `to` (a byte a matrix) holds, before the slice's pass, what its fixed cells' children
// offer each matrix (their values half a byte a matrix in kOneGame).
void GatherChildren(const DownsetOrbits& o, const DownsetOrbits::Slice& slice,
                    const std::vector<std::unique_ptr<std::uint8_t[]>>& values, std::uint8_t* to,
                    DownsetMode mode, int threads) {
  if (slice.children.empty())
    std::memset(to, 0, o.box.total);
  else if (mode == DownsetMode::kOneGame)
    GatherChildrenOf<true>(o, slice, values, to, threads);
  else
    GatherChildrenOf<false>(o, slice, values, to, threads);
}

// The layout of the transposed matrices of `layout`'s box.
DownsetLayout Transposed(const DownsetLayout& layout) {
  DownsetLayout t = layout;
  t.top = layout.top.transposed();
  t.fixed = layout.fixed.transposed();
  for (DownsetLayout::Digit& d : t.digits) std::swap(d.row, d.col);
  return t;
}

// The taker of one slice: every tally handed over `weight` times (the slice stands for `weight`
// tuples), a marked block's values once, and where a symmetry transposes, once more as the
// transposed matrices with the players exchanged (a class up to row and column permutation may
// have its transpose alone in the slices). The slice's points: in the box's indices for the pass,
// each handed over alone in A's plain layout (`plain`).
class WeightedTake : public DownsetTake {
 public:
  using Point = DownsetOrbitPass::Point;
  WeightedTake(DownsetTake& inner, std::uint64_t weight, const DownsetLayout& layout,
               bool transposes, const DownsetLayout& plain, std::vector<Point> points)
      : inner_(inner), weight_(weight), plain_(plain), points_(std::move(points)) {
    if (transposes) transposed_ = Transposed(layout);
  }
  std::array<std::uint64_t, 256> Weights(DownsetMode mode, Game game) override {
    return inner_.Weights(mode, game);
  }
  std::vector<std::uint64_t> Points(const DownsetLayout&) override {
    std::vector<std::uint64_t> at;
    for (const Point& p : points_) at.push_back(p.index);
    return at;
  }
  void Workers(int n) override { inner_.Workers(n); }
  void Take(const DownsetTakeBlock& block) override {
    DownsetTakeBlock slice = block;
    slice.points = false;
    inner_.Take(slice);
    DownsetTakeBlock again = slice;
    again.values = {};
    for (std::uint64_t k = 1; k < weight_; ++k) inner_.Take(again);
    if (block.values.empty()) return;
    const std::vector<std::uint64_t> none(block.tally.size(), 0);
    for (const Point& p : points_) {
      if (p.index < block.index || p.index - block.index >= block.values.size()) continue;
      const std::uint8_t v = block.values[p.index - block.index];
      const std::uint8_t value = p.transpose ? kSwapped[v] : v;
      inner_.Take({.worker = block.worker,
                   .layout = &plain_,
                   .mode = block.mode,
                   .game = block.game,
                   .index = p.plain,
                   .values = {&value, 1},
                   .tally = none});
    }
    if (!transposed_) return;
    std::vector<std::uint8_t> swapped(block.values.size());
    for (std::size_t x = 0; x < swapped.size(); ++x) swapped[x] = kSwapped[block.values[x]];
    inner_.Take({.worker = block.worker,
                 .layout = &*transposed_,
                 .mode = block.mode,
                 .game = block.game,
                 .index = block.index,
                 .values = swapped,
                 .tally = none,
                 .points = false});
  }
  nlohmann::json Save() const override { return inner_.Save(); }
  void Restore(const nlohmann::json& state) override { inner_.Restore(state); }

 private:
  DownsetTake& inner_;
  std::uint64_t weight_;
  const DownsetLayout& plain_;
  std::vector<Point> points_;
  std::optional<DownsetLayout> transposed_;
};

}  // namespace

DownsetOrbitPass::DownsetOrbitPass(const DownsetOrbits& orbits, std::atomic<std::uint64_t>& done,
                                   DownsetTake* take, DownsetMode mode, Game game,
                                   std::uint64_t done_before)
    : orbits_(orbits),
      done_(done),
      take_(take),
      mode_(mode),
      game_(game),
      done_before_(done_before),
      points_(orbits.slices.size()),
      values_(orbits.slices.size()) {
  if (!take_) return;
  plain_ = DownsetLayout::For(orbits.top);
  for (const std::uint64_t plain : take_->Points(plain_)) {
    const DownsetOrbits::Place at = orbits.Locate(plain_.At(plain));
    points_[at.slice].push_back({at.index, plain, at.transpose});
  }
  for (std::vector<Point>& p : points_)
    std::sort(p.begin(), p.end(), [](const Point& x, const Point& y) { return x.index < y.index; });
}

std::uint8_t* DownsetOrbitPass::Buffer(std::uint32_t s) {
  const std::uint64_t box = orbits_.slice_bytes(mode_);
  if (unused_.empty()) {
    values_[s] = std::make_unique_for_overwrite<std::uint8_t[]>(box);
    downset_bytes::AdviseHugePages(values_[s].get(), box);
  } else {
    values_[s] = std::move(unused_.back());
    unused_.pop_back();
  }
  return values_[s].get();
}

bool DownsetOrbitPass::Run(int threads, std::uint32_t from, const std::atomic<bool>* stop,
                           const Between& between) {
  const DownsetOrbits& o = orbits_;
  const std::uint64_t box = o.box.total;
  std::uint32_t all_rows = 0, all_cols = 0;
  for (int i = 0; i < o.top.rows(); ++i)
    for (int j = 0; j < o.top.cols(); ++j)
      if (o.top(i, j) > 0) {
        all_rows |= 1u << i;
        all_cols |= 1u << j;
      }
  const auto inside = [stop](const DownsetPosition&) { return !(stop && stop->load()); };
  std::uint64_t done_before = done_before_ + from * box;
  done_.store(done_before);
  if (mode_ == DownsetMode::kOneGame && !gather_) {
    gather_ = std::make_unique_for_overwrite<std::uint8_t[]>(box);
    downset_bytes::AdviseHugePages(gather_.get(), box);
  }
  for (std::uint32_t s = from; s < o.slices.size(); ++s) {
    if (stop && stop->load()) return false;
    if (between && s > from) {
      std::vector<const std::uint8_t*> held(s);
      for (std::uint32_t k = 0; k < s; ++k) held[k] = values_[k].get();
      if (!between(s, held)) return false;
    }
    const DownsetOrbits::Slice& slice = o.slices[s];
    std::uint8_t* const stored = Buffer(s);
    // Both games: the slice's own box gathers (each block reads its slots before it stores).
    std::uint8_t* const gathered = mode_ == DownsetMode::kOneGame ? gather_.get() : stored;
    const DownsetLayout layout = o.SliceLayout(s);
    DownsetSlice fixed{.all_rows = all_rows, .all_cols = all_cols};
    for (std::size_t k = 0; k < o.fixed.size(); ++k)
      if (slice.tuple[k] > 0) {
        fixed.rows |= 1u << o.fixed[k].row;
        fixed.cols |= 1u << o.fixed[k].col;
        fixed.height = std::max<int>(fixed.height, slice.tuple[k]);
      }
    GatherChildren(o, slice, values_, gathered, mode_, threads);
    fixed.children = [gathered](std::uint64_t index, std::uint64_t n, std::uint8_t* acc) {
      downset_bytes::OrBytes(acc, gathered + index, n);
    };
    std::unique_ptr<WeightedTake> weighted;
    if (take_)
      weighted = std::make_unique<WeightedTake>(*take_, slice.weight, layout, o.transposes, plain_,
                                                points_[s]);
    DownsetPass pass(layout, DownsetStore{stored, true, mode_, game_}, done_, done_before, {},
                     weighted.get(), &fixed);
    if (!pass.Run({}, threads, inside)) return false;
    done_before += box;
    if (s + 1 == o.slices.size()) root_ = pass.Root();
    for (const std::uint32_t done : slice.last_reader_of)
      unused_.push_back(std::move(values_[done]));
  }
  return true;
}

}  // namespace seki
