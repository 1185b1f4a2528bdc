// One pass of the down-set engine: chunks in wavefront order, their blocks in index order, each
// block solved in the cache.
#include "engine/solve/downset_pass.hpp"

#include <algorithm>
#include <barrier>
#include <cstring>
#include <exception>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "engine/base/rules.hpp"
#include "engine/solve/downset_bytes.hpp"
#include "engine/solve/downset_store_access.hpp"

namespace seki {
namespace {

using namespace downset_bytes;

// Passes over fewer matrices run on the calling thread only.
constexpr std::uint64_t kMinParallel = std::uint64_t{1} << 18;

std::uint32_t RowBit(const DownsetLayout::Digit& d) { return 1u << d.row; }
std::uint32_t ColBit(const DownsetLayout::Digit& d) { return 1u << d.col; }

unsigned GameShift(Game g) { return g == Game::kSeki ? 0 : 4; }

}  // namespace

std::size_t DownsetStore::bytes(const DownsetLayout& layout) const {
  if (full) return layout.total;
  return mode == DownsetMode::kOneGame ? (layout.ring + 1) / 2 : layout.ring;
}

DownsetPass::DownsetPass(const DownsetLayout& layout, DownsetStore store,
                         std::atomic<std::uint64_t>& done, std::uint64_t done_before,
                         const DownsetShare& share, DownsetTake* take, const DownsetSlice* slice)
    : layout_(layout),
      store_(store),
      share_(share),
      slice_(slice),
      take_(take),
      done_(done),
      done_before_(done_before) {
  if (take_) {
    if (layout_.block > kDownsetTakeMaxBlock)
      throw std::logic_error("a take phase needs blocks of at most 16 K matrices");
    tally_blocks_ = std::max<std::uint64_t>(1, kDownsetTallyMatrices / layout_.block);
    const std::array<std::uint64_t, 256> weights = take_->Weights(store_.mode, store_.game);
    std::copy(weights.begin(), weights.end(), weights_.begin());
    points_ = take_->Points(layout_);
  }
  for (const DownsetLayout::Digit& d : layout_.digits) {
    all_rows_ |= RowBit(d);
    all_cols_ |= ColBit(d);
  }
  if (slice_) {
    all_rows_ = slice_->all_rows;
    all_cols_ = slice_->all_cols;
  }
  const bool one_game = store_.mode == DownsetMode::kOneGame;
  const unsigned shift = one_game ? GameShift(store_.game) : 0;
  const unsigned mask = one_game ? 0xF : 0xFF;
  for (unsigned x = 0; x <= mask; ++x) {
    bool valid = true;
    for (unsigned s = 0; s < 8; s += 2) valid = valid && ((x >> s) & 3) != 2;
    if (valid)
      contribution_[x] =
          (MoveContribution(Solution::From(PackedOutcome{static_cast<std::uint8_t>(x << shift)}))
               .bits >>
           shift) &
          mask;
  }
  for (int zero = 1; zero < 4; ++zero)
    terminal_[zero] =
        (MoveContribution(*TerminalSolution(zero & 1, zero & 2)).bits >> shift) & mask;

  // The chunks of a slab (every value of the coarse digits), sorted by the sum of those digits (a
  // step a sum); on disk by the second digit's value t first (the sub-slab), then by the sum of
  // the others (a step a pair).
  const int first = layout_.coarse, last = static_cast<int>(layout_.digits.size()) - 1;
  const std::uint64_t chunks = layout_.chunks_per_slab();
  const bool disk = store_.ring != nullptr;
  std::uint64_t max_sum = 0;
  for (int k = first; k < last; ++k) max_sum += layout_.digits[k].radix - 1;
  const std::uint64_t subs = disk ? layout_.digits[last - 1].radix : 1;
  const std::uint64_t sums_a_sub = disk ? max_sum - (subs - 1) + 1 : max_sum + 1;
  std::vector<std::uint64_t> count(subs * sums_a_sub + 1, 0);
  std::vector<int> digit(layout_.digits.size(), 0);
  std::vector<std::uint32_t> keys(chunks);
  std::uint64_t sum = 0;
  for (std::uint64_t c = 0; c < chunks; ++c) {
    const std::uint64_t t = disk ? static_cast<std::uint64_t>(digit[last - 1]) : 0;
    keys[c] = static_cast<std::uint32_t>(t * sums_a_sub + (sum - t));
    ++count[keys[c] + 1];
    for (int k = first; k < last; ++k) {  // next value of the coarse digits
      if (++digit[k] < layout_.digits[k].radix) {
        ++sum;
        break;
      }
      sum -= digit[k] - 1;
      digit[k] = 0;
    }
  }
  for (std::uint64_t s = 1; s < count.size(); ++s) count[s] += count[s - 1];
  step_begin_ = count;
  for (std::uint64_t k = 0; disk && k + 1 < count.size(); ++k)
    step_sub_.push_back(static_cast<std::uint32_t>(k / sums_a_sub));
  order_.resize(chunks);
  for (std::uint64_t c = 0; c < chunks; ++c) order_[count[keys[c]]++] = c * layout_.chunk;
}

std::uint64_t DownsetPass::SubSlab(const DownsetPosition& at) const {
  return at.slab * store_.ring->geometry().subs + step_sub_[at.step];
}

bool DownsetPass::StartsSubSlab(const DownsetPosition& at) const {
  return at.step == 0 || step_sub_[at.step] != step_sub_[at.step - 1];
}

DownsetPosition DownsetPass::SubSlabStart(std::uint64_t g) const {
  const std::uint64_t subs = store_.ring->geometry().subs;
  const auto t = static_cast<std::uint32_t>(g % subs);
  return {g / subs,
          static_cast<std::uint64_t>(std::lower_bound(step_sub_.begin(), step_sub_.end(), t) -
                                     step_sub_.begin())};
}

struct DownsetPass::Scratch {
  int worker = 0;                            // which of the pass's workers
  std::unique_ptr<std::uint8_t[]> acc, raw;  // raw: a marked block's values
  std::vector<std::uint64_t> tally;          // by height, of the blocks not yet handed over
  std::uint64_t pending = 0;                 // how many blocks that is
};

// The tally of the blocks solved since the last hand-over, with a marked block's values (values:
// empty otherwise; index: that block's first matrix).
void DownsetPass::Hand(Scratch& scratch, std::span<const std::uint8_t> values,
                       std::uint64_t index) {
  take_->Take({.worker = scratch.worker,
               .layout = &layout_,
               .mode = store_.mode,
               .game = store_.game,
               .index = index,
               .values = values,
               .tally = scratch.tally});
  std::fill(scratch.tally.begin(), scratch.tally.end(), 0);
  scratch.pending = 0;
}

bool DownsetPass::HoldsPoint(std::uint64_t index, std::uint64_t n) const {
  const auto it = std::lower_bound(points_.begin(), points_.end(), index);
  return it != points_.end() && *it < index + n;
}

// One value: its contribution into x; returns its weight (kTally; 0 for a zero line or otherwise).
template <DownsetPass::Taking kT>
[[gnu::always_inline]] inline std::uint64_t DownsetPass::Finish(std::uint8_t& x, std::uint8_t* raw,
                                                                std::uint32_t rows,
                                                                std::uint32_t cols) const {
  if (rows != all_rows_ || cols != all_cols_) {
    x = terminal_[(rows != all_rows_ ? 1 : 0) | (cols != all_cols_ ? 2 : 0)];
    if constexpr (kT == Taking::kRecord) *raw = kDownsetZeroLine;
    return 0;
  }
  std::uint64_t w = 0;
  if constexpr (kT == Taking::kTally) w = weights_[x];
  if constexpr (kT == Taking::kRecord) *raw = x;
  x = contribution_[x];
  return w;
}

// Solves the sub-block of the first `digits` digits at acc: each value has been OR-ed with what
// its children outside the sub-block offer; the children inside are added here, in index order.
// kTally: the weights into tally[height], `h` the largest digit outside the sub-block; returns the
// OR of the weights (0 otherwise).
template <DownsetPass::Taking kT>
std::uint64_t DownsetPass::Inner(std::uint8_t* acc, std::uint8_t* raw, int digits,
                                 std::uint32_t rows, std::uint32_t cols, int h,
                                 std::uint64_t* tally) const {
  constexpr bool kRecord = kT == Taking::kRecord, kTally = kT == Taking::kTally;
  if (digits == 0) {
    const std::uint64_t w = Finish<kT>(acc[0], raw, rows, cols);
    if constexpr (kTally) tally[h] += w;
    return w;
  }
  if (digits == 1) {
    const RowSums r = Row<kT, false>(acc, raw, rows, cols, h, tally);
    if constexpr (kTally) tally[h] += r.sum;
    return r.any;
  }
  const DownsetLayout::Digit& d = layout_.digits[digits - 1];
  const std::uint32_t rows_up = rows | RowBit(d), cols_up = cols | ColBit(d);
  const std::uint64_t n = d.stride;
  if (digits == 2) {  // rows of the innermost digit, without calls (their chains overlap)
    RowSums first = Row<kT, false>(acc, raw, rows, cols, h, tally);
    std::uint64_t sum = first.sum, any = first.any;  // sum: of height h
    for (int v = 1; v < d.radix; ++v) {
      std::uint8_t* cur = acc + v * n;
      const int hv = kTally ? std::max(h, v) : 0;
      const RowSums r =
          Row<kT, true>(cur, kRecord ? raw + v * n : nullptr, rows_up, cols_up, hv, tally);
      if constexpr (kTally) {
        if (hv == h)
          sum += r.sum;
        else
          tally[hv] += r.sum;
        any |= r.any;
      }
    }
    if constexpr (kTally) tally[h] += sum;
    return any;
  }
  std::uint64_t any = Inner<kT>(acc, raw, digits - 1, rows, cols, h, tally);
  for (int v = 1; v < d.radix; ++v) {
    std::uint8_t* cur = acc + v * n;
    OrBytes(cur, cur - n, n);  // [cur - n, cur) and [cur, cur + n) do not overlap
    any |= Inner<kT>(cur, kRecord ? raw + v * n : nullptr, digits - 1, rows_up, cols_up,
                     kTally ? std::max(h, v) : 0, tally);
  }
  return any;
}

// The innermost digit (Inner with one digit): a chain, each value OR-ed with the one before.
// kTally: returns the sum of the weights of height h (values v <= h; those above go to tally[v])
// and the OR of all.
template <DownsetPass::Taking kT, bool kAbove>
[[gnu::always_inline]] inline DownsetPass::RowSums DownsetPass::Row(std::uint8_t* acc,
                                                                    std::uint8_t* raw,
                                                                    std::uint32_t rows,
                                                                    std::uint32_t cols, int h,
                                                                    std::uint64_t* tally) const {
  const DownsetLayout::Digit& d = layout_.digits[0];
  const std::uint8_t* const above = acc - (kAbove ? d.radix : 0);  // kAbove: the row before
  if constexpr (kAbove) acc[0] |= above[0];
  const std::uint64_t w0 = Finish<kT>(acc[0], raw, rows, cols);
  const std::uint32_t rows_up = rows | RowBit(d), cols_up = cols | ColBit(d);
  if (rows_up != all_rows_ || cols_up != all_cols_) {  // a zero line: terminal, whatever the ORs
    std::memset(acc + 1, terminal_[(rows_up != all_rows_ ? 1 : 0) | (cols_up != all_cols_ ? 2 : 0)],
                static_cast<std::size_t>(d.radix - 1));
    if constexpr (kT == Taking::kRecord)
      std::memset(raw + 1, kDownsetZeroLine, static_cast<std::size_t>(d.radix - 1));
    return {w0, w0};
  }
  std::uint8_t prev = acc[0];
  if constexpr (kT == Taking::kTally) {
    const int low = std::min(h + 1, d.radix);
    std::uint64_t sum = w0, any = 0;
    for (int v = 1; v < low; ++v) {
      const std::uint8_t x = acc[v] | (kAbove ? above[v] : 0) | prev;
      sum += weights_[x];  // off the chain of prev: the chain is the same as without a tally
      acc[v] = prev = contribution_[x];
    }
    for (int v = low; v < d.radix; ++v) {
      const std::uint8_t x = acc[v] | (kAbove ? above[v] : 0) | prev;
      const std::uint64_t w = weights_[x];
      tally[v] += w;
      any |= w;
      acc[v] = prev = contribution_[x];
    }
    return {sum, any | sum};  // at most 256 marks in sum: its mark bits cannot wrap to 0
  } else if constexpr (kT == Taking::kRecord) {
    for (int v = 1; v < d.radix; ++v) {
      const std::uint8_t x = acc[v] | (kAbove ? above[v] : 0) | prev;
      raw[v] = x;
      acc[v] = prev = contribution_[x];
    }
  } else {
    for (int v = 1; v < d.radix; ++v)
      acc[v] = prev = contribution_[acc[v] | (kAbove ? above[v] : 0) | prev];
  }
  return {};
}

DownsetPass::Loaded DownsetPass::LoadBlock(std::uint64_t slab, std::uint64_t offset,
                                           std::uint8_t* acc) const {
  const std::uint64_t ring = layout_.ring, size = layout_.block;
  Loaded in;
  in.slot = store_.full ? slab * ring + offset : offset - share_.base;
  in.h = static_cast<int>(slab);  // the largest digit outside the block
  if (slab == 0) {
    std::memset(acc, 0, size);
  } else {  // B - e_outer: a ring's slot holds it until B overwrites it
    Load<false>(acc, store_.full ? in.slot - ring : in.slot, size);
    in.rows |= RowBit(layout_.outer());
    in.cols |= ColBit(layout_.outer());
  }
  in.outer_child = slab == 0 ? 0 : acc[size - 1];
  const int last = static_cast<int>(layout_.digits.size()) - 1;
  for (int k = layout_.inner; k < last; ++k) {
    const DownsetLayout::Digit& d = layout_.digits[k];
    const std::uint64_t value = (offset / d.stride) % static_cast<std::uint64_t>(d.radix);
    if (value == 0) continue;
    in.h = std::max(in.h, static_cast<int>(value));
    Load<true>(acc, in.slot - d.stride, size);
    in.rows |= RowBit(d);
    in.cols |= ColBit(d);
  }
  if (slice_) {  // the fixed cells: their lines, their height, their children
    in.rows |= slice_->rows;
    in.cols |= slice_->cols;
    in.h = std::max(in.h, slice_->height);
    slice_->children(slab * ring + offset, size, acc);
  }
  return in;
}

void DownsetPass::Block(std::uint64_t slab, std::uint64_t offset, Scratch& scratch) {
  std::uint8_t* const acc = scratch.acc.get();
  const std::uint64_t ring = layout_.ring, size = layout_.block;
  const Loaded in = LoadBlock(slab, offset, acc);
  const bool root = slab + 1 == layout_.slabs() && offset + size == ring;
  const int last = static_cast<int>(layout_.digits.size()) - 1;
  if (take_) {
    const std::uint64_t any = Inner<Taking::kTally>(acc, nullptr, layout_.inner, in.rows, in.cols,
                                                    in.h, scratch.tally.data());
    // A marked block (rare) is solved again from the same children, its values kept, and handed
    // over at once; the others' tallies every tally_blocks_ blocks (their fields cannot carry).
    const bool marked =
        any >= kDownsetMarkUnit || (!points_.empty() && HoldsPoint(slab * ring + offset, size));
    if (marked) {
      LoadBlock(slab, offset, acc);
      Inner<Taking::kRecord>(acc, scratch.raw.get(), layout_.inner, in.rows, in.cols, 0, nullptr);
      Hand(scratch, {scratch.raw.get(), size}, slab * ring + offset);
    } else if (++scratch.pending == tally_blocks_) {
      Hand(scratch, {}, 0);
    }
  } else {
    Inner<Taking::kNone>(acc, nullptr, layout_.inner, in.rows, in.cols, 0, nullptr);
  }
  if (root) {  // A itself: what its children offer (its own slot now holds its contribution)
    std::uint8_t best = in.outer_child;
    for (int k = 0; k < layout_.inner; ++k) best |= acc[size - 1 - layout_.digits[k].stride];
    for (int k = layout_.inner; k < last; ++k)
      best |= Value(in.slot + size - 1 - layout_.digits[k].stride);
    if (slice_) {
      std::uint8_t fixed = 0;
      slice_->children(layout_.total - 1, 1, &fixed);
      best |= fixed;
    }
    root_ = store_.mode == DownsetMode::kOneGame
                ? static_cast<std::uint8_t>(best << GameShift(store_.game))
                : best;
  }
  Store(in.slot, acc, size);
}

void DownsetPass::Chunk(std::uint64_t slab, std::uint64_t offset, Scratch& scratch) {
  for (std::uint64_t b = offset; b < offset + layout_.chunk; b += layout_.block) {
    Block(slab, b, scratch);
    done_.fetch_add(layout_.block, std::memory_order_relaxed);
  }
}

PackedOutcome DownsetPass::At(const Matrix& b) const {
  const std::uint64_t index = layout_.Index(b);
  std::uint8_t best = 0;
  for (const DownsetLayout::Digit& d : layout_.digits)
    if (b(d.row, d.col) > 0) best |= Value(index - d.stride);
  return PackedOutcome{best};
}

bool DownsetPass::Run(DownsetPosition from, int threads, const Between& between) {
  const std::uint64_t steps = this->steps();
  if (from.step >= steps) from = {from.slab + 1, 0};
  done_.store(done_before_ + from.slab * layout_.ring + step_begin_[from.step] * layout_.chunk);
  if (from.slab >= layout_.slabs()) return true;
  if (store_.ring) store_.ring->Start(SubSlab(from));
  const int workers = layout_.total < kMinParallel ? 1 : std::max(1, threads);

  DownsetPosition at = from;
  std::atomic<std::uint64_t> cursor{step_begin_[at.step]};
  bool finished = false, stopped = false;
  std::exception_ptr error;
  auto advance = [&]() noexcept {
    try {
      DownsetPosition next{at.slab, at.step + 1};
      if (next.step == steps) next = {next.slab + 1, 0};
      if (next.slab >= layout_.slabs()) {  // done: A's values were found in the last block
        finished = true;
        return;
      }
      if (store_.ring && StartsSubSlab(next)) store_.ring->Advance();
      if (between && !between(next)) {
        stopped = finished = true;
        return;
      }
      at = next;
      cursor.store(step_begin_[at.step]);
    } catch (...) {
      error = std::current_exception();
      finished = true;
    }
  };
  std::barrier sync(workers, advance);
  if (take_) take_->Workers(workers);
  auto work = [&](int worker) {
    Scratch scratch{
        worker, std::make_unique_for_overwrite<std::uint8_t[]>(layout_.block), nullptr, {}};
    if (take_) {
      scratch.raw = std::make_unique_for_overwrite<std::uint8_t[]>(layout_.block);
      scratch.tally.resize(static_cast<std::size_t>(layout_.top.height()) + 1);
    }
    while (!finished) {
      const std::uint64_t end = step_begin_[at.step + 1];
      for (std::uint64_t c; (c = cursor.fetch_add(1, std::memory_order_relaxed)) < end;)
        if (share_.Owns(order_[c])) Chunk(at.slab, order_[c], scratch);
      if (scratch.pending > 0) Hand(scratch, {}, 0);  // all taken before a checkpoint's Save
      sync.arrive_and_wait();
    }
  };
  std::vector<std::jthread> helpers;
  for (int t = 1; t < workers; ++t) helpers.emplace_back(work, t);
  work(0);
  helpers.clear();
  if (error) std::rethrow_exception(error);
  if (store_.ring && !stopped) store_.ring->Drain();
  return !stopped;
}

}  // namespace seki
