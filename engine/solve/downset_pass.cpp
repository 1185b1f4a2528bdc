// One pass of the down-set engine: blocks in wavefront order, the inner digits in the cache.
#include "engine/solve/downset_pass.hpp"

#include <barrier>
#include <cstring>
#include <exception>
#include <thread>

#include "engine/base/rules.hpp"

namespace seki {
namespace {

// Passes over fewer matrices run on the calling thread only.
constexpr std::uint64_t kMinParallel = std::uint64_t{1} << 18;

std::uint32_t RowBit(const DownsetLayout::Digit& d) { return 1u << d.row; }
std::uint32_t ColBit(const DownsetLayout::Digit& d) { return 1u << d.col; }

}  // namespace

DownsetPass::DownsetPass(const DownsetLayout& layout, std::uint8_t* values, bool full,
                         std::atomic<std::uint64_t>& done)
    : layout_(layout), values_(values), full_(full), done_(done) {
  for (const DownsetLayout::Digit& d : layout_.digits) {
    all_rows_ |= RowBit(d);
    all_cols_ |= ColBit(d);
  }
  for (unsigned x = 0; x < 256; ++x) {
    bool valid = true;
    for (unsigned shift = 0; shift < 8; shift += 2) valid = valid && ((x >> shift) & 3) != 2;
    if (valid)
      contribution_[x] =
          MoveContribution(Solution::From(PackedOutcome{static_cast<std::uint8_t>(x)})).bits;
  }
  for (int zero = 1; zero < 4; ++zero)
    terminal_[zero] = MoveContribution(*TerminalSolution(zero & 1, zero & 2)).bits;

  // The blocks of a slab (every value of the middle digits), sorted by the sum of those digits.
  const int first = layout_.inner, last = static_cast<int>(layout_.digits.size()) - 1;
  const std::uint64_t blocks = layout_.blocks_per_slab();
  std::uint64_t max_sum = 0;
  for (int k = first; k < last; ++k) max_sum += layout_.digits[k].radix - 1;
  std::vector<std::uint64_t> count(max_sum + 2, 0);
  std::vector<int> digit(layout_.digits.size(), 0);
  std::vector<std::uint32_t> sums(blocks);
  std::uint64_t sum = 0;
  for (std::uint64_t b = 0; b < blocks; ++b) {
    sums[b] = static_cast<std::uint32_t>(sum);
    ++count[sum + 1];
    for (int k = first; k < last; ++k) {  // next value of the middle digits
      if (++digit[k] < layout_.digits[k].radix) {
        ++sum;
        break;
      }
      sum -= digit[k] - 1;
      digit[k] = 0;
    }
  }
  for (std::uint64_t s = 1; s < count.size(); ++s) count[s] += count[s - 1];
  level_begin_ = count;
  order_.resize(blocks);
  for (std::uint64_t b = 0; b < blocks; ++b) order_[count[sums[b]]++] = b * layout_.block;
}

void DownsetPass::Finish(std::uint8_t& x, std::uint32_t rows, std::uint32_t cols) const {
  if (rows != all_rows_ || cols != all_cols_)
    x = terminal_[(rows != all_rows_ ? 1 : 0) | (cols != all_cols_ ? 2 : 0)];
  else
    x = contribution_[x];
}

// Solves the sub-block of the first `digits` digits at acc: each value has been OR-ed with what
// its children outside the sub-block offer; the children inside are added here, in index order.
void DownsetPass::Inner(std::uint8_t* acc, int digits, std::uint32_t rows,
                        std::uint32_t cols) const {
  if (digits == 0) return Finish(acc[0], rows, cols);
  const DownsetLayout::Digit& d = layout_.digits[digits - 1];
  const std::uint32_t rows_up = rows | RowBit(d), cols_up = cols | ColBit(d);
  if (digits == 1) {
    Finish(acc[0], rows, cols);
    for (int v = 1; v < d.radix; ++v) {
      acc[v] |= acc[v - 1];
      Finish(acc[v], rows_up, cols_up);
    }
    return;
  }
  const std::uint64_t s = d.stride;
  Inner(acc, digits - 1, rows, cols);
  for (int v = 1; v < d.radix; ++v) {
    std::uint8_t* cur = acc + v * s;
    const std::uint8_t* prev = cur - s;
    for (std::uint64_t x = 0; x < s; ++x) cur[x] |= prev[x];
    Inner(cur, digits - 1, rows_up, cols_up);
  }
}

void DownsetPass::Block(std::uint64_t slab, std::uint64_t offset) {
  const std::uint64_t ring = layout_.ring, size = layout_.block;
  const std::uint64_t slot = full_ ? slab * ring + offset : offset;
  std::uint8_t* acc = values_ + slot;
  std::uint32_t rows = 0, cols = 0;
  if (slab == 0) {
    std::memset(acc, 0, size);
  } else {
    if (full_) std::memcpy(acc, acc - ring, size);  // a ring's slot already holds B - e_outer
    rows |= RowBit(layout_.outer());
    cols |= ColBit(layout_.outer());
  }
  const bool root = slab + 1 == layout_.slabs() && offset + size == ring;
  const std::uint8_t outer_child = slab == 0 ? 0 : acc[size - 1];
  const int last = static_cast<int>(layout_.digits.size()) - 1;
  for (int k = layout_.inner; k < last; ++k) {
    const DownsetLayout::Digit& d = layout_.digits[k];
    if ((offset / d.stride) % static_cast<std::uint64_t>(d.radix) == 0) continue;
    const std::uint8_t* child = acc - d.stride;
    for (std::uint64_t x = 0; x < size; ++x) acc[x] |= child[x];
    rows |= RowBit(d);
    cols |= ColBit(d);
  }
  Inner(acc, layout_.inner, rows, cols);
  if (root) {  // A itself: what its children offer (its own slot now holds its contribution)
    std::uint8_t best = outer_child;
    const std::uint8_t* a = acc + size - 1;
    for (int k = 0; k < last; ++k) best |= *(a - layout_.digits[k].stride);
    root_ = best;
  }
}

PackedOutcome DownsetPass::At(const Matrix& b) const {
  const std::uint64_t index = layout_.Index(b);
  std::uint8_t best = 0;
  for (const DownsetLayout::Digit& d : layout_.digits)
    if (b(d.row, d.col) > 0) best |= values_[index - d.stride];
  return PackedOutcome{best};
}

bool DownsetPass::Run(DownsetPosition from, int threads, const Between& between) {
  const std::uint64_t levels = this->levels();
  if (from.level >= levels) from = {from.slab + 1, 0};
  done_.store(from.slab * layout_.ring + level_begin_[from.level] * layout_.block);
  if (from.slab >= layout_.slabs()) return true;
  const int workers = layout_.total < kMinParallel ? 1 : std::max(1, threads);

  DownsetPosition at = from;
  std::atomic<std::uint64_t> cursor{level_begin_[at.level]};
  bool finished = false, stopped = false;
  std::exception_ptr error;
  auto advance = [&]() noexcept {
    try {
      DownsetPosition next{at.slab, at.level + 1};
      if (next.level == levels) next = {next.slab + 1, 0};
      if (next.slab >= layout_.slabs()) {  // done: A's values were found in the last block
        finished = true;
        return;
      }
      if (between && !between(next)) {
        stopped = finished = true;
        return;
      }
      at = next;
      cursor.store(level_begin_[at.level]);
    } catch (...) {
      error = std::current_exception();
      finished = true;
    }
  };
  std::barrier sync(workers, advance);
  auto work = [&] {
    while (!finished) {
      const std::uint64_t end = level_begin_[at.level + 1];
      for (std::uint64_t b; (b = cursor.fetch_add(1, std::memory_order_relaxed)) < end;) {
        Block(at.slab, order_[b]);
        done_.fetch_add(layout_.block, std::memory_order_relaxed);
      }
      sync.arrive_and_wait();
    }
  };
  std::vector<std::jthread> helpers;
  for (int t = 1; t < workers; ++t) helpers.emplace_back(work);
  work();
  helpers.clear();
  if (error) std::rethrow_exception(error);
  return !stopped;
}

}  // namespace seki
