// A down-set pass split among ranks: one step at a time, the boundary layer passed up between.
#include "engine/solve/downset_ranks.hpp"

#include <cstring>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/base/input_error.hpp"
#include "storage/checkpoint.hpp"

namespace seki {

namespace {

// The bytes of a buffer that hold the values of slots [slot, slot + n), and which nibbles of its
// first and last byte are theirs (kBothGames: whole bytes).
struct ByteRange {
  std::uint64_t first = 0, count = 0;
  std::uint8_t first_mask = 0xFF, last_mask = 0xFF;
};

ByteRange BytesOf(DownsetMode mode, std::uint64_t slot, std::uint64_t n) {
  if (mode == DownsetMode::kBothGames) return {slot, n};
  const std::uint64_t last = slot + n - 1;
  ByteRange r{slot / 2, last / 2 - slot / 2 + 1};
  r.first_mask = slot & 1 ? 0xF0 : 0xFF;  // an odd first slot: the high nibble only
  r.last_mask = last & 1 ? 0xFF : 0x0F;   // an even last slot: the low nibble only
  if (r.count == 1) r.first_mask = r.last_mask = r.first_mask & r.last_mask;
  return r;
}

// Writes the bytes `in` over r's bytes of `values`, only the nibbles of r's slots at its ends (the
// other nibble of a shared byte belongs to a matrix this copy does not move).
void Merge(std::uint8_t* values, const ByteRange& r, const std::uint8_t* in) {
  std::uint8_t* out = values + r.first;
  const std::uint8_t first = out[0], last = out[r.count - 1];
  std::memcpy(out, in, r.count);
  out[0] = static_cast<std::uint8_t>((first & ~r.first_mask) | (out[0] & r.first_mask));
  out[r.count - 1] =
      static_cast<std::uint8_t>((last & ~r.last_mask) | (out[r.count - 1] & r.last_mask));
}

// Sends `up` to rank + 1 (when `send`) and receives `down` from rank - 1 (when `receive`); both
// sides know the sizes. The bytes go as 64-bit words, padded: all to rank + 1, none to the others.
void Shift(const Ranks& ranks, std::span<const std::uint8_t> up, bool send,
           std::span<std::uint8_t> down, bool receive) {
  std::vector<std::uint64_t> words(send ? (up.size() + 7) / 8 : 0, 0);
  if (send && !up.empty()) std::memcpy(words.data(), up.data(), up.size());
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(ranks.size()), 0);
  if (send) counts[static_cast<std::size_t>(ranks.rank() + 1)] = words.size();
  const std::vector<std::uint64_t> in = ranks.Exchange(words, counts);
  if (!receive) return;
  if (in.size() * 8 < down.size())
    throw std::runtime_error("down-set boundary: fewer bytes came from the rank below than due");
  if (!down.empty()) std::memcpy(down.data(), in.data(), down.size());
}

// After `step`: the step's chunks of the top layer of this rank's range go up, those of the
// layer below it come in.
void PassBoundary(const DownsetPass& pass, const DownsetLayout& layout, const DownsetShare& share,
                  DownsetMode mode, std::uint8_t* values, std::uint64_t step, const Ranks& ranks,
                  std::vector<std::uint8_t>& up, std::vector<std::uint8_t>& down) {
  const std::uint64_t size = layout.chunk;
  up.clear();
  std::uint64_t below = 0;
  for (const std::uint64_t offset : pass.StepChunks(step)) {
    const std::uint64_t value = offset / share.stride;
    if (share.sends() && value + 1 == share.last) {
      const ByteRange r = BytesOf(mode, offset - share.base, size);
      up.insert(up.end(), values + r.first, values + r.first + r.count);
    }
    if (share.receives() && value + 1 == share.first)
      below += BytesOf(mode, offset - share.base, size).count;
  }
  down.resize(below);
  Shift(ranks, up, share.sends(), down, share.receives());
  if (!share.receives()) return;
  const std::uint8_t* in = down.data();
  for (const std::uint64_t offset : pass.StepChunks(step))
    if (offset / share.stride + 1 == share.first) {
      const ByteRange r = BytesOf(mode, offset - share.base, size);
      Merge(values, r, in);
      in += r.count;
    }
}

}  // namespace

void AgreeOnResume(const Ranks& ranks, const std::filesystem::path& dir, bool found, int pass,
                   const DownsetPosition& at, const std::string& problem) {
  const int size = ranks.size(), rank = ranks.rank();
  // The lowest failing rank gives the largest value.
  const std::uint64_t failed = ranks.MaxCount(problem.empty() ? 0 : std::uint64_t(size - rank));
  if (failed > 0) {
    const int first = size - static_cast<int>(failed);
    if (first == rank) throw InputError(problem);
    throw InputError(Checkpoint(dir, "downset", first, size).file().string(),
                     "cannot be resumed (damaged, missing its data or of another size)");
  }
  // pass < 2, slab < 257, step < 2^20 (at most 62 digits of 256 values): below 2^31.
  const std::uint64_t mine =
      found ? ((std::uint64_t(pass) * 512 + at.slab) << 20 | at.step) + 1 : 0;
  if (ranks.MaxCount(ranks.MaxCount(mine) != mine) > 0)
    throw InputError(dir.string(),
                     "the ranks' checkpoints are not of one position (a rank stopped while "
                     "writing its own): remove " +
                         Checkpoint(dir, "downset", 0, size).file().filename().string() +
                         " and its siblings to start afresh");
}

bool RunOnRanks(DownsetPass& pass, const DownsetLayout& layout, const DownsetShare& share,
                DownsetMode mode, std::uint8_t* values, DownsetPosition from, int threads,
                const Ranks& ranks, const DownsetPass::Between& between) {
  std::vector<std::uint8_t> up, down;
  for (DownsetPosition at = from;;) {
    std::optional<DownsetPosition> next;
    if (pass.Run(at, threads, [&](const DownsetPosition& n) {
          next = n;
          return false;  // back to this thread after every step
        }))
      return true;
    const std::uint64_t step = next->step > 0 ? next->step - 1 : pass.steps() - 1;
    // Every rank splits alike (the share depends on the layout and the ranks only).
    if (share.split) PassBoundary(pass, layout, share, mode, values, step, ranks, up, down);
    if (!between(*next)) return false;
    at = *next;
  }
}

}  // namespace seki
