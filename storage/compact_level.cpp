// CompactLevel: Rice-coded key gaps by block, the conversions from and to a Level, and the walks.
#include "storage/compact_level.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "storage/flat_key_table.hpp"

namespace seki {

namespace {

// A gap's quotient below this is written in unary; from it on, kEscape zeros then the gap in 64
// bits (a block of keys far apart costs what a plain key costs, no more).
constexpr int kEscape = 32;

class BitWriter {
 public:
  explicit BitWriter(std::vector<std::uint64_t>& words) : words_(words) {}
  void Put(std::uint64_t v, int n) {  // the n low bits of v, 0 <= n <= 64
    if (n == 0) return;
    if (n < 64) v &= (std::uint64_t{1} << n) - 1;
    current_ |= v << used_;
    if (used_ + n >= 64) {
      words_.push_back(current_);
      current_ = used_ == 0 ? 0 : v >> (64 - used_);
      used_ = used_ + n - 64;
    } else {
      used_ += n;
    }
  }
  void Finish() {  // the last word, then one word of padding for the reader's look-ahead
    if (used_ > 0) words_.push_back(current_);
    words_.push_back(0);
  }

 private:
  std::vector<std::uint64_t>& words_;
  std::uint64_t current_ = 0;
  int used_ = 0;
};

class BitReader {
 public:
  explicit BitReader(const std::uint64_t* words) : words_(words) {}
  std::uint64_t Peek() const {  // the next 64 bits
    const std::size_t i = position_ >> 6;
    const int offset = static_cast<int>(position_ & 63);
    std::uint64_t v = words_[i] >> offset;
    if (offset != 0) v |= words_[i + 1] << (64 - offset);
    return v;
  }
  std::uint64_t Get(int n) {
    if (n == 0) return 0;
    const std::uint64_t v = Peek();
    position_ += static_cast<std::size_t>(n);
    return n == 64 ? v : v & ((std::uint64_t{1} << n) - 1);
  }
  void Skip(int n) { position_ += static_cast<std::size_t>(n); }
  std::size_t position() const { return position_; }

 private:
  const std::uint64_t* words_;
  std::size_t position_ = 0;
};

}  // namespace

CompactBlock EncodeBlock(const std::uint64_t* keys, const PackedOutcome* values,
                         std::size_t count) {
  if (count == 0 || count > kCompactBlockClasses)
    throw std::invalid_argument("compact level: a block holds 1 to 4096 classes");
  CompactBlock block;
  block.first_key = keys[0];
  block.count = static_cast<std::uint32_t>(count);
  block.values.assign(values, values + count);
  if (count > 1) {
    // Rice's parameter: the best of three around log2 of the mean gap, by exact cost (one pass:
    // a gap costs its quotient plus 1 + k bits while the quotient stays below the escape).
    const std::uint64_t mean = (keys[count - 1] - keys[0] - (count - 1)) / (count - 1);
    const int low = std::max(0, (mean == 0 ? 0 : static_cast<int>(std::bit_width(mean)) - 1) - 1);
    std::uint64_t cost[3] = {};
    for (std::size_t k = 1; k < count; ++k) {
      const std::uint64_t gap = keys[k] - keys[k - 1] - 1;
      for (int c = 0; c < 3; ++c) {
        const std::uint64_t q = low + c < 64 ? gap >> (low + c) : 0;
        cost[c] += q < kEscape ? q + 1 + static_cast<std::uint64_t>(low + c) : kEscape + 64;
      }
    }
    const int best = static_cast<int>(std::min_element(cost, cost + 3) - cost);
    block.rice = static_cast<std::uint8_t>(std::min(63, low + best));
    block.bits.reserve(cost[best] / 64 + 2);
  }
  BitWriter out(block.bits);
  const int rice = block.rice;
  for (std::size_t k = 1; k < count; ++k) {
    if (keys[k] <= keys[k - 1])
      throw std::invalid_argument("compact level: keys not sorted and distinct");
    const std::uint64_t gap = keys[k] - keys[k - 1] - 1, q = gap >> rice;
    if (q < kEscape) {
      out.Put(std::uint64_t{1} << q, static_cast<int>(q) + 1);
      out.Put(gap, rice);
    } else {
      out.Put(0, kEscape);
      out.Put(gap, 64);
    }
  }
  out.Finish();
  return block;
}

namespace {

template <bool kChecked>
bool DecodeBlock(const CompactBlock& block, std::uint64_t* keys) {
  keys[0] = block.first_key;
  if (block.count <= 1) return true;
  if (kChecked && block.bits.empty()) return false;
  // The reader looks 64 bits ahead of its position: it stays within the words while the position
  // is at most (words - 1) * 64, the last word being padding.
  const std::size_t limit = kChecked ? (block.bits.size() - 1) * 64 : 0;
  BitReader in(block.bits.data());
  std::uint64_t key = block.first_key;
  const int rice = block.rice;
  for (std::uint32_t k = 1; k < block.count; ++k) {
    if (kChecked && in.position() > limit) return false;
    const std::uint64_t window = in.Peek();
    const int zeros = window == 0 ? 64 : std::countr_zero(window);
    std::uint64_t gap;
    if (zeros < kEscape) {
      in.Skip(zeros + 1);
      if (kChecked && in.position() > limit) return false;
      gap = (static_cast<std::uint64_t>(zeros) << rice) | in.Get(rice);
    } else {
      in.Skip(kEscape);
      if (kChecked && in.position() > limit) return false;
      gap = in.Get(64);
    }
    if (kChecked && (gap == ~std::uint64_t{0} || key > ~std::uint64_t{0} - gap - 1)) return false;
    key += gap + 1;
    keys[k] = key;
  }
  return !kChecked || in.position() <= limit + 64;
}

}  // namespace

void CompactBlock::Decode(std::uint64_t* keys) const { DecodeBlock<false>(*this, keys); }
bool CompactBlock::DecodeChecked(std::uint64_t* keys) const {
  return DecodeBlock<true>(*this, keys);
}

std::size_t CompactBlock::bytes() const {
  return sizeof(CompactBlock) + bits.capacity() * sizeof(std::uint64_t) +
         values.capacity() * sizeof(PackedOutcome);
}

std::uint64_t CompactPart::size() const {
  std::uint64_t n = 0;
  for (const CompactBlock& b : blocks) n += b.count;
  return n;
}

std::size_t CompactPart::bytes() const {
  std::size_t n = blocks.capacity() * sizeof(CompactBlock);
  for (const CompactBlock& b : blocks) n += b.bytes() - sizeof(CompactBlock);
  return n;
}

std::uint64_t CompactLevel::size() const {
  std::uint64_t n = 0;
  for (const CompactPart& p : parts) n += p.size();
  return n;
}

std::size_t CompactLevel::bytes() const {
  std::size_t n = 0;
  for (const CompactPart& p : parts) n += p.bytes();
  return n;
}

void CompactPartWriter::Add(std::uint64_t key, PackedOutcome value) {
  keys_.push_back(key);
  values_.push_back(value);
  if (keys_.size() == kCompactBlockClasses) Flush();
}

void CompactPartWriter::Flush() {
  if (keys_.empty()) return;
  if (!part_.blocks.empty() && keys_.front() <= part_.blocks.back().first_key)
    throw std::invalid_argument("compact level: keys not sorted and distinct");
  part_.blocks.push_back(EncodeBlock(keys_.data(), values_.data(), keys_.size()));
  keys_.clear();
  values_.clear();
}

CompactPart CompactPartWriter::Finish() {
  Flush();
  return std::exchange(part_, CompactPart{});
}

CompactPart CompactFromLevel(const Level& level) {
  std::vector<CompactPart> one = CompactGroupsFromLevel(level, [](std::uint64_t) { return 0; });
  return one.empty() ? CompactPart{} : std::move(one.front());
}

std::vector<CompactPart> CompactGroupsFromLevel(
    const Level& level, const std::function<std::uint64_t(std::uint64_t)>& group_of) {
  if (level.key_words != 1)
    throw std::invalid_argument("compact level: keys of more than one word");
  // Splitters from every shard's keys (each shard is a hash sample of the whole key range): the
  // ranges between them are merged and encoded in parallel, each group's blocks then joined in
  // range order, which is key order.
  const std::uint64_t total = level.size();
  const std::size_t ranges = static_cast<std::size_t>(
      std::clamp<std::uint64_t>(total / (16 * kCompactBlockClasses), 1, 4096));
  std::vector<std::uint64_t> sample;
  for (const LevelShard& s : level.shards)
    for (std::size_t k = 0; k < s.keys.size(); k += std::max<std::size_t>(1, s.keys.size() / 64))
      sample.push_back(s.keys[k]);
  std::sort(sample.begin(), sample.end());
  std::vector<std::uint64_t> bounds;  // range r holds keys in [bounds[r-1], bounds[r])
  for (std::size_t r = 1; r < ranges; ++r) bounds.push_back(sample[r * sample.size() / ranges]);
  bounds.erase(std::unique(bounds.begin(), bounds.end()), bounds.end());

  using Pieces = std::unordered_map<std::uint64_t, CompactPartWriter>;
  std::vector<Pieces> pieces(bounds.size() + 1);
  tbb::parallel_for(std::size_t{0}, pieces.size(), [&](std::size_t r) {
    // The range's classes as words key << 8 | value, radix-sorted (keys below 2^56; a range
    // with a wider key is sorted as pairs).
    std::vector<std::uint64_t> words;
    std::vector<std::pair<std::uint64_t, PackedOutcome>> wide;
    for (const LevelShard& s : level.shards) {
      auto from =
          r == 0 ? s.keys.begin() : std::lower_bound(s.keys.begin(), s.keys.end(), bounds[r - 1]);
      auto to = r == bounds.size() ? s.keys.end()
                                   : std::lower_bound(s.keys.begin(), s.keys.end(), bounds[r]);
      for (auto it = from; it != to; ++it) {
        const PackedOutcome value = s.values[static_cast<std::size_t>(it - s.keys.begin())];
        if (*it >> 56 == 0)
          words.push_back(*it << 8 | value.bits);
        else
          wide.emplace_back(*it, value);
      }
    }
    CompactPartWriter* last = nullptr;  // the writer of the last group seen
    std::uint64_t last_group = 0;
    const auto add = [&](std::uint64_t key, PackedOutcome value) {
      const std::uint64_t group = group_of(key);
      if (!last || group != last_group) last = &pieces[r][group], last_group = group;
      last->Add(key, value);
    };
    if (wide.empty()) {
      FlatKeyTable::SortWords(words);
      for (std::uint64_t w : words) add(w >> 8, PackedOutcome{static_cast<std::uint8_t>(w)});
      return;
    }
    for (std::uint64_t w : words)
      wide.emplace_back(w >> 8, PackedOutcome{static_cast<std::uint8_t>(w)});
    std::sort(wide.begin(), wide.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    for (const auto& [key, value] : wide) add(key, value);
  });
  std::map<std::uint64_t, CompactPart> joined;
  for (Pieces& range : pieces)
    for (auto& [group, writer] : range) {
      CompactPart& to = joined[group];
      to.group = group;
      for (CompactBlock& b : writer.Finish().blocks) to.blocks.push_back(std::move(b));
    }
  std::vector<CompactPart> groups;
  for (auto& [group, part] : joined) groups.push_back(std::move(part));
  return groups;
}

void ForEachCompactBlock(
    const CompactLevel& level,
    const std::function<void(const std::uint64_t*, const PackedOutcome*, std::size_t)>& body) {
  std::vector<const CompactBlock*> blocks;
  for (const CompactPart& p : level.parts)
    for (const CompactBlock& b : p.blocks) blocks.push_back(&b);
  tbb::enumerable_thread_specific<std::vector<std::uint64_t>> scratch(kCompactBlockClasses);
  tbb::parallel_for(std::size_t{0}, blocks.size(), [&](std::size_t k) {
    std::vector<std::uint64_t>& keys = scratch.local();
    blocks[k]->Decode(keys.data());
    body(keys.data(), blocks[k]->values.data(), blocks[k]->count);
  });
}

CompactPart ClassesWhere(const CompactPart& part, const std::function<bool(std::uint64_t)>& keep) {
  CompactPartWriter writer;
  std::vector<std::uint64_t> keys(kCompactBlockClasses);
  for (const CompactBlock& block : part.blocks) {
    block.Decode(keys.data());
    for (std::uint32_t k = 0; k < block.count; ++k)
      if (keep(keys[k])) writer.Add(keys[k], block.values[k]);
  }
  CompactPart kept = writer.Finish();
  kept.group = part.group;
  return kept;
}

Level ExpandToLevel(const CompactLevel& compact) {
  Level level;
  level.sum = compact.sum;
  using Records = std::array<std::vector<std::pair<std::uint64_t, PackedOutcome>>, kShardCount>;
  tbb::enumerable_thread_specific<Records> local;
  ForEachCompactBlock(
      compact, [&](const std::uint64_t* keys, const PackedOutcome* values, std::size_t count) {
        Records& out = local.local();
        for (std::size_t k = 0; k < count; ++k)
          out[ShardOf(keys[k])].emplace_back(keys[k], values[k]);
      });
  tbb::parallel_for(0, kShardCount, [&](int s) {
    std::vector<std::pair<std::uint64_t, PackedOutcome>> all;
    for (Records& r : local) {
      all.insert(all.end(), r[s].begin(), r[s].end());
      std::vector<std::pair<std::uint64_t, PackedOutcome>>().swap(r[s]);
    }
    std::sort(all.begin(), all.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    LevelShard& shard = level.shards[s];
    shard.keys.reserve(all.size());
    shard.values.reserve(all.size());
    for (const auto& [key, value] : all) {
      shard.keys.push_back(key);
      shard.values.push_back(value);
    }
  });
  return level;
}

void ForEachInKeyOrder(
    const CompactLevel& level, std::size_t batch,
    const std::function<void(const std::uint64_t*, const PackedOutcome*, std::size_t)>& body) {
  // One cursor a part: its decoded block and the next class in it.
  struct Cursor {
    const CompactPart* part;
    std::size_t block = 0, at = 0;
    std::vector<std::uint64_t> keys = std::vector<std::uint64_t>(kCompactBlockClasses);
    bool Load() {
      while (block < part->blocks.size() && part->blocks[block].count == 0) ++block;
      if (block == part->blocks.size()) return false;
      part->blocks[block].Decode(keys.data());
      at = 0;
      return true;
    }
  };
  std::vector<Cursor> cursors;
  for (const CompactPart& p : level.parts) {
    Cursor c{&p};
    if (c.Load()) cursors.push_back(std::move(c));
  }
  batch = std::max<std::size_t>(batch, 1);
  std::vector<std::uint64_t> keys;
  std::vector<PackedOutcome> values;
  keys.reserve(batch);
  values.reserve(batch);
  // A min-heap of (next key, cursor): a class costs about 2 log2(parts) comparisons (a level kept
  // by groups has thousands of parts).
  std::vector<std::pair<std::uint64_t, std::size_t>> heap;
  for (std::size_t c = 0; c < cursors.size(); ++c) heap.emplace_back(cursors[c].keys[0], c);
  const auto later = [](const auto& x, const auto& y) { return x.first > y.first; };
  std::make_heap(heap.begin(), heap.end(), later);
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), later);
    Cursor& c = cursors[heap.back().second];
    keys.push_back(c.keys[c.at]);
    values.push_back(c.part->blocks[c.block].values[c.at]);
    if (++c.at < c.part->blocks[c.block].count || (++c.block, c.Load())) {
      heap.back().first = c.keys[c.at];
      std::push_heap(heap.begin(), heap.end(), later);
    } else {
      heap.pop_back();
    }
    if (keys.size() == batch) {
      body(keys.data(), values.data(), keys.size());
      keys.clear();
      values.clear();
    }
  }
  if (!keys.empty()) body(keys.data(), values.data(), keys.size());
}

}  // namespace seki
