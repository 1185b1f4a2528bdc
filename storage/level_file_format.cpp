// The level-file format's non-template parts: messages, parameter and key checks, the hasher and
// the validation of a level before it is encoded.
#include "storage/level_file_format.hpp"

#include <xxhash.h>

#include <cstdio>
#include <new>
#include <stdexcept>

#include "storage/level_file_compact.hpp"
#include "storage/packed_key.hpp"

namespace seki::level_file_format {

std::string Hex(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string HexKey(const std::uint64_t* key, int words) {
  std::string out;
  for (int w = 0; w < words; ++w) out += (w ? ":" : "") + Hex(key[w]);
  return out;
}

std::string Describe(const LevelFileParams& p) {
  return std::to_string(p.rows) + "x" + std::to_string(p.cols) +
         " entries <= " + std::to_string(p.max_entry) + " sum <= " + std::to_string(p.max_sum) +
         (p.solved ? " solved" : " generation-only");
}

bool ValidParams(const LevelFileParams& p) {
  return p.rows >= 1 && p.rows <= kMaxDim && p.cols >= 1 && p.cols <= kMaxDim && p.max_entry >= 1 &&
         p.max_entry <= kMaxEntry && p.max_sum >= 0 && p.max_sum <= p.rows * p.cols * p.max_entry;
}

int KeyWords(const LevelFileParams& p) {
  const WideKeyCodec wide(p.rows, p.cols, p.max_entry);
  return p.rows * p.cols * wide.bits() > 64 ? wide.words() : 1;
}

KeyChecker::KeyChecker(const LevelFileParams& p, int sum)
    : cells_(p.rows * p.cols),
      bits_(KeyCodec::BitsPerEntry(p.max_entry)),
      max_entry_(p.max_entry),
      sum_(sum),
      wide_(p.rows, p.cols, p.max_entry, KeyWords(p)) {}

std::string KeyChecker::Problem(const std::uint64_t* key) const {
  const int key_bits = cells_ * bits_, top_bits = key_bits - 64 * (wide_.words() - 1);
  if (top_bits < 64 && (key[0] >> top_bits) != 0) return "has bits above the key width";
  if (wide_.words() == 1) return OneWordProblem(key[0]);  // every level file up to 64 bits
  const Matrix a = wide_.Unpack(key);
  for (int i = 0; i < a.rows(); ++i)
    for (int j = 0; j < a.cols(); ++j)
      if (a(i, j) > max_entry_)
        return "has an entry " + std::to_string(a(i, j)) + " above the bound";
  if (a.sum() != sum_) return "has entries adding up to " + std::to_string(a.sum());
  return {};
}

std::string KeyChecker::OneWordProblem(std::uint64_t key) const {
  const std::uint64_t mask = (std::uint64_t{1} << bits_) - 1;
  int total = 0;
  for (int k = 0; k < cells_; ++k) {
    const int entry = static_cast<int>((key >> (k * bits_)) & mask);
    if (entry > max_entry_) return "has an entry " + std::to_string(entry) + " above the bound";
    total += entry;
  }
  if (total != sum_) return "has entries adding up to " + std::to_string(total);
  return {};
}

Hasher::Hasher() : state_(XXH3_createState()) {
  if (!state_) throw std::bad_alloc();
  XXH3_64bits_reset(state_.get());
}

void Hasher::Update(const void* data, std::size_t n) { XXH3_64bits_update(state_.get(), data, n); }

std::uint64_t Hasher::Digest() const { return XXH3_64bits_digest(state_.get()); }

void Hasher::Free::operator()(XXH3_state_s* state) const { XXH3_freeState(state); }

void Validate(const Level& level, const LevelFileParams& params) {
  auto fail = [](const std::string& what) { throw std::invalid_argument("level file: " + what); };
  if (!ValidParams(params)) fail("unusable parameters " + Describe(params));
  if (level.sum < 0 || level.sum > params.max_sum)
    fail("level sum " + std::to_string(level.sum) + " outside 0.." +
         std::to_string(params.max_sum));
  const int words = KeyWords(params);
  if (level.key_words != words)
    fail(std::to_string(level.key_words) + "-word keys, the region's have " +
         std::to_string(words));
  const KeyChecker checker(params, level.sum);
  for (int s = 0; s < kShardCount; ++s) {
    const LevelShard& shard = level.shards[s];
    const std::size_t classes = shard.keys.size() / static_cast<std::size_t>(words);
    if (shard.keys.size() % static_cast<std::size_t>(words) != 0 ||
        (params.solved && shard.values.size() != classes))
      fail("shard " + std::to_string(s) + " has " + std::to_string(shard.keys.size()) +
           " key words but " + std::to_string(shard.values.size()) + " values");
    for (std::size_t k = 0; k < classes; ++k) {
      const std::uint64_t* key = level.KeyAt(s, k);
      if (k > 0 && !KeyWordsLess(level.KeyAt(s, k - 1), key, words))
        fail("shard " + std::to_string(s) + " keys not sorted and distinct");
      if (ShardOfWords(key, words) != s)
        fail("key " + HexKey(key, words) + " in shard " + std::to_string(s));
      if (std::string p = checker.Problem(key); !p.empty())
        fail("key " + HexKey(key, words) + " " + p);
      if (params.solved && !ValidPacked(shard.values[k].bits))
        fail("invalid value byte for key " + HexKey(key, words));
    }
  }
}

void ValidateCompact(const LevelFilePart& file, const LevelFileParams& params) {
  auto fail = [](const std::string& what) { throw std::invalid_argument("level file: " + what); };
  if (!ValidParams(params) || KeyWords(params) != 1)
    fail("unusable parameters " + Describe(params) + " for the compact format");
  if (file.sum < 0 || file.sum > params.max_sum)
    fail("level sum " + std::to_string(file.sum) + " outside 0.." + std::to_string(params.max_sum));
  if (file.parts < 1 || file.parts > kMaxParts || file.part < 0 || file.part >= file.parts)
    fail("part " + std::to_string(file.part) + " of " + std::to_string(file.parts));
  const KeyChecker checker(params, file.sum);
  std::vector<std::uint64_t> keys(kCompactBlockClasses);
  const auto check_run = [&](const CompactPart& run) {
    bool first = true;
    std::uint64_t last = 0;
    for (const CompactBlock& block : run.blocks) {
      if (block.count == 0 || block.count > kCompactBlockClasses ||
          block.values.size() != block.count || !block.DecodeChecked(keys.data()))
        fail("a malformed block");
      for (std::uint32_t k = 0; k < block.count; ++k) {
        if (!first && keys[k] <= last) fail("keys not sorted and distinct");
        first = false;
        last = keys[k];
        if (std::string p = checker.Problem(&keys[k]); !p.empty())
          fail("key " + Hex(keys[k]) + " " + p);
        if (params.solved && !ValidPacked(block.values[k].bits))
          fail("invalid value byte for key " + Hex(keys[k]));
      }
    }
  };
  if (file.groups.empty()) return check_run(file.classes);
  if (!file.classes.blocks.empty()) fail("a part with both classes and groups");
  for (std::size_t g = 0; g < file.groups.size(); ++g) {
    if (file.groups[g].blocks.empty()) fail("an empty group");
    if (g > 0 && file.groups[g].group <= file.groups[g - 1].group)
      fail("groups not in increasing order");
    check_run(file.groups[g]);
  }
}

std::string ChecksumMismatch(std::uint64_t stored, std::uint64_t computed) {
  return "checksum mismatch (stored " + Hex(stored) + ", computed " + Hex(computed) +
         "): the file is corrupt";
}

}  // namespace seki::level_file_format
