// The down-set ring on disk: slots, buffers, and the reads and writes around each sub-slab.
#include "engine/solve/downset_ring.hpp"

#include <cstring>
#include <stdexcept>
#include <string>

#include "engine/base/input_error.hpp"
#include "storage/checksum.hpp"
#include "storage/kill_point.hpp"

namespace seki {

DownsetRingGeometry DownsetRingGeometry::For(const DownsetLayout& layout, DownsetMode mode) {
  DownsetRingGeometry g;
  const int n = static_cast<int>(layout.digits.size());
  if (n < 2 || layout.coarse > n - 2 || layout.digits[n - 2].radix < 3) return g;
  const DownsetLayout::Digit& second = layout.digits[n - 2];
  g.sub = second.stride;
  g.subs = static_cast<std::uint64_t>(second.radix);
  g.slabs = layout.slabs();
  g.slot_bytes = AlignUp(mode == DownsetMode::kOneGame ? (g.sub + 1) / 2 : g.sub);
  g.slots = g.subs + 2;
  return g;
}

DownsetRing::DownsetRing(std::filesystem::path path, const DownsetLayout& layout, DownsetMode mode,
                         int buffers, const std::vector<std::uint64_t>& checksums)
    : geometry_(DownsetRingGeometry::For(layout, mode)),
      file_(std::move(path), checksums.empty(),
            geometry_.possible() ? geometry_.slots * geometry_.slot_bytes : 0),
      checksums_(std::make_unique<std::atomic<std::uint64_t>[]>(geometry_.slots)) {
  if (!geometry_.possible() || buffers < 2 || buffers > 3)
    throw std::logic_error("a down-set ring on disk needs a second digit of radix 3 or more");
  for (int b = 0; b < buffers; ++b) {
    buffers_.emplace_back(geometry_.slot_bytes);
    std::memset(buffers_.back().get(), 0, geometry_.slot_bytes);
  }
  if (!checksums.empty() && checksums.size() != geometry_.slots)
    throw InputError(file_.path().string(), "a checkpoint of another ring (slot count)");
  for (std::uint64_t s = 0; s < geometry_.slots; ++s)
    checksums_[s] = checksums.empty() ? 0 : checksums[s];
}

DownsetRing::~DownsetRing() {
  try {
    Wait();
  } catch (...) {  // a failed I/O of a pass being abandoned: nothing more to say
  }
}

std::vector<std::uint64_t> DownsetRing::checksums() const {
  std::vector<std::uint64_t> out(geometry_.slots);
  for (std::uint64_t s = 0; s < geometry_.slots; ++s) out[s] = checksums_[s].load();
  return out;
}

void DownsetRing::ReadSlot(std::uint64_t slot, int b) {
  std::uint8_t* const buffer = buffers_[b].get();
  file_.Read(slot * geometry_.slot_bytes, buffer, geometry_.slot_bytes);
  read_bytes_ += geometry_.slot_bytes;
  if (Checksum(buffer, geometry_.slot_bytes) != checksums_[slot].load())
    throw InputError(
        file_.path().string(),
        "slot " + std::to_string(slot) + " does not match its checksum (the ring file is damaged)");
}

std::future<void> DownsetRing::ReadOuter(std::uint64_t g, int b) {
  // Slab 0 has no outer children; past the last sub-slab there is nothing to read.
  if (g < geometry_.subs || g >= geometry_.slabs * geometry_.subs) return {};
  const std::uint64_t slot = SlotOf(g - geometry_.subs);
  return std::async(std::launch::async, [this, slot, b] { ReadSlot(slot, b); });
}

void DownsetRing::Wait() {
  // Both first, so that neither is left running when the other throws.
  std::exception_ptr error;
  for (std::future<void>* f : {&write_, &read_})
    if (f->valid()) try {
        f->get();
      } catch (...) {
        error = std::current_exception();
      }
  if (error) std::rethrow_exception(error);
}

void DownsetRing::Start(std::uint64_t g) {
  Wait();
  g_ = g;
  flushed_ = false;
  cur_ = 0, prev_ = 1, next_ = 2;
  if (g % geometry_.subs != 0) ReadSlot(SlotOf(g - 1), prev_);
  if (auto outer = ReadOuter(g, cur_); outer.valid()) outer.get();
  if (buffers_.size() == 3) read_ = ReadOuter(g + 1, next_);
}

void DownsetRing::Advance() {
  if (write_.valid()) write_.get();  // g - 1, from the buffer that becomes free now
  if (gate_) gate_();
  const std::uint64_t g = g_, slot = SlotOf(g);
  const int done = cur_;
  write_ = std::async(std::launch::async, [this, slot, done] {
    const std::uint8_t* buffer = buffers_[done].get();
    checksums_[slot] = Checksum(buffer, geometry_.slot_bytes);
    file_.Write(slot * geometry_.slot_bytes, buffer, geometry_.slot_bytes);
    written_bytes_ += geometry_.slot_bytes;
    KillPoint("downset-ring-write", static_cast<int>(++writes_));
  });
  ++g_;
  flushed_ = false;
  if (buffers_.size() == 2) {  // g + 1's outer children into the buffer of g - 1
    std::swap(cur_, prev_);
    if (auto outer = ReadOuter(g_, cur_); outer.valid()) outer.get();
    return;
  }
  if (read_.valid()) read_.get();  // g + 1's, read while g was computed
  const int free = prev_;
  prev_ = cur_;
  cur_ = next_;
  next_ = free;
  read_ = ReadOuter(g_ + 1, next_);
}

void DownsetRing::Flush() {
  Wait();
  Sync();
  flushed_ = true;
}

void DownsetRing::Sync() { file_.Sync(); }

}  // namespace seki
