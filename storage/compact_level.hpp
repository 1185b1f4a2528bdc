// CompactLevel: a level (or one part of it) in key order, about 2-3 bytes a class: the keys in
// blocks of up to kCompactBlockClasses, each block its first key and the gaps to the next keys
// Rice-coded (the block's own parameter), and one value byte a class. The level engine keeps the
// level below in this form and reads it in order only (engine/level/level_builder.hpp), level
// files hold it on disk (storage/level_file.hpp), and the take phase reads a level built in parts
// in global key order through CompactMerge. One-word keys only (key_words == 1: up to 64 bits).
// Concurrency: immutable once built; any number of threads may decode its blocks at once. A
// CompactPartWriter and a CompactMerge belong to one thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "engine/base/outcome.hpp"
#include "storage/level.hpp"

namespace seki {

inline constexpr std::size_t kCompactBlockClasses = 4096;

// One block: `count` classes from `first_key` on; its gaps are Rice-coded with parameter `rice`
// in `bits` (least significant bit first), its value bytes in `values`.
struct CompactBlock {
  std::uint64_t first_key = 0;
  std::uint32_t count = 0;
  std::uint8_t rice = 0;
  std::vector<std::uint64_t> bits;
  std::vector<PackedOutcome> values;

  // Decodes the block's keys into keys[0 .. count) (its values are `values`). DecodeChecked, for
  // blocks read from a file, returns false where the bits would run past `bits` (its last word is
  // padding) or a key past 2^64 - 1.
  void Decode(std::uint64_t* keys) const;
  bool DecodeChecked(std::uint64_t* keys) const;
  std::size_t bytes() const;  // what it holds
};

// A sorted run of classes (a whole level, or the classes of one part or one group) as blocks in
// key order; `group` is the group its classes share when a level is kept by groups
// (engine/level/level_parts.hpp), else 0.
struct CompactPart {
  std::vector<CompactBlock> blocks;
  std::uint64_t group = 0;
  std::uint64_t size() const;
  std::size_t bytes() const;
};

// A level as its parts (one when it was built whole); each part is in key order, the parts are
// disjoint, and together they hold every class of the level.
struct CompactLevel {
  int sum = 0;
  std::vector<CompactPart> parts;
  std::uint64_t size() const;
  std::size_t bytes() const;
};

// Appends classes in increasing key order and cuts them into blocks.
class CompactPartWriter {
 public:
  void Add(std::uint64_t key, PackedOutcome value);  // key above every key added before
  CompactPart Finish();                              // the part; the writer is empty again

 private:
  void Flush();
  CompactPart part_;
  std::vector<std::uint64_t> keys_;
  std::vector<PackedOutcome> values_;
};

// Encodes one block from sorted, distinct keys and their values (count <= kCompactBlockClasses).
CompactBlock EncodeBlock(const std::uint64_t* keys, const PackedOutcome* values, std::size_t count);

// A Level (256 hash shards of sorted one-word keys) as one part in key order, in parallel.
CompactPart CompactFromLevel(const Level& level);
// The same split by group_of(key) (any function of the key): one part a group, in increasing
// group order, each with its `group` set and in key order.
std::vector<CompactPart> CompactGroupsFromLevel(
    const Level& level, const std::function<std::uint64_t(std::uint64_t)>& group_of);
// The classes of `part` whose keys `keep` (a filter on keys: a rank's shards), in key order, with
// its group.
CompactPart ClassesWhere(const CompactPart& part, const std::function<bool(std::uint64_t)>& keep);
// A compact level (any number of parts) back as a Level of 256 hash shards, in parallel.
Level ExpandToLevel(const CompactLevel& level);

// Every block of every part, in parallel (oneTBB), each decoded: body(keys, values, count). Order
// unspecified.
void ForEachCompactBlock(
    const CompactLevel& level,
    const std::function<void(const std::uint64_t*, const PackedOutcome*, std::size_t)>& body);

// The classes of a level's parts in increasing key order, in batches: body(keys, values, count)
// with at most `batch` classes a call, called on this thread.
void ForEachInKeyOrder(
    const CompactLevel& level, std::size_t batch,
    const std::function<void(const std::uint64_t*, const PackedOutcome*, std::size_t)>& body);

}  // namespace seki
