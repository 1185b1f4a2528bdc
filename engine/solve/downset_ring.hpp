// DownsetRing: the ring of a down-set pass kept in a file on disk — the disk mode, for a down-set
// whose ring does not fit the memory limit (`--scratch DIR`; docs/search/downset.md, "The down-set
// on disk"). The second digit (the outermost middle digit, radix r2 >= 3) cuts each slab into r2
// sub-slabs of `sub` matrices, which the pass computes one after the other (DownsetPass's disk
// order): sub-slab g = s r2 + t (slab s, second digit t) from (s-1, t), its outer children, loaded
// into its own buffer and overwritten in place, and from (s, t-1), its second-digit children, the
// buffer before it; every other child lies inside the sub-slab. Memory holds those two buffers, and
// a third when it fits, into which the next sub-slab's (s-1, t+1) is read while g is computed; a
// finished sub-slab is written while the next one is computed.
// The file has r2 + 2 slots of `slot_bytes` (a sub-slab's values, 4 KiB aligned): sub-slab g goes
// to slot g mod (r2 + 2), over sub-slab g - r2 - 2. The start of sub-slab p needs sub-slabs
// p - r2 .. p - 1 (its outer children and those of the r2 - 1 after it, and its predecessor): so
// the ring is resumable at the start of every sub-slab whose predecessor is on the disk
// (resumable()), with no copy of it, as long as no write after p + 1's has begun — which a
// checkpoint at the start of every sub-slab, durable before the write after the next begins,
// ensures (the caller's, through SetWriteGate): a crash at any moment then loses nothing the last
// one needs. The XXH3 of every slot is kept (checksums(), saved with each
// checkpoint) and checked on every read.
// Concurrency: one thread (the pass's, between two steps, its workers waiting) calls Start,
// Advance, Flush and Sync; the I/O runs meanwhile on threads of its own; the pass's workers read
// cur() and prev() and write cur() while a step runs.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <future>
#include <memory>
#include <vector>

#include "engine/solve/downset_layout.hpp"
#include "storage/direct_file.hpp"

namespace seki {

struct DownsetRingGeometry {
  std::uint64_t sub = 0;         // matrices of a sub-slab: the second digit's stride
  std::uint64_t subs = 0;        // sub-slabs of a slab: the second digit's radix r2
  std::uint64_t slabs = 0;       // the outer digit's radix
  std::uint64_t slot_bytes = 0;  // one sub-slab's values, rounded up to kDirectAlignment
  std::uint64_t slots = 0;       // r2 + 2

  // Nothing (subs == 0) when the layout has no second digit of radix 3 or more among the coarse
  // digits (a ring that small fits any memory).
  static DownsetRingGeometry For(const DownsetLayout& layout, DownsetMode mode);
  bool possible() const { return subs != 0; }
  double file_bytes() const { return double(slots) * double(slot_bytes); }
  // One pass: bytes read (every slab after the first reads the ring) and written (every
  // sub-slab but the last, which nothing reads).
  double read_bytes() const { return double(slabs - 1) * double(subs) * double(slot_bytes); }
  double written_bytes() const { return double(slabs * subs - 1) * double(slot_bytes); }
};

class DownsetRing {
 public:
  // The ring file `path` of a pass of `layout` in `mode` with `buffers` (2 or 3) in memory.
  // `checksums`: the slots' checksums of a checkpoint to resume (the file must exist with its
  // size), else empty (the file is made anew, its disk reserved). Throws std::runtime_error naming
  // the file.
  DownsetRing(std::filesystem::path path, const DownsetLayout& layout, DownsetMode mode,
              int buffers, const std::vector<std::uint64_t>& checksums = {});
  ~DownsetRing();
  DownsetRing(const DownsetRing&) = delete;
  DownsetRing& operator=(const DownsetRing&) = delete;

  // Ready to compute sub-slab g of a pass (a fresh pass: 0): its buffers loaded. Throws
  // InputError naming the file and slot when a slot read does not match its checksum.
  void Start(std::uint64_t g);
  // Sub-slab g is done: it is handed over to be written (once the gate, when set, lets it), and
  // the ring moves to g + 1 (loaded).
  void Advance();
  // Called before each write begins (the caller's checkpoints: engine/solve/downset_disk.cpp).
  void SetWriteGate(std::function<void()> gate) { gate_ = std::move(gate); }
  // Every write issued is on the disk (then resumable() is the sub-slab now started).
  void Flush();
  // The reads and writes issued are complete (at the end of a pass).
  void Drain() { Wait(); }
  // What was written is on the disk (fdatasync): then the start of resumable() survives a crash.
  void Sync();
  // The latest sub-slab at whose start the file, once synced, resumes: the one before the
  // current one (its predecessor's write is complete), or the current one after Flush.
  std::uint64_t resumable() const { return flushed_ || g_ == 0 ? g_ : g_ - 1; }

  std::uint64_t sub_slab() const { return g_; }
  std::uint8_t* cur() const { return buffers_[cur_].get(); }
  std::uint8_t* prev() const { return buffers_[prev_].get(); }
  // The ring offset (within a slab) of cur()'s first matrix.
  std::uint64_t begin() const { return (g_ % geometry_.subs) * geometry_.sub; }
  std::uint64_t sub() const { return geometry_.sub; }
  const DownsetRingGeometry& geometry() const { return geometry_; }
  const std::filesystem::path& path() const { return file_.path(); }
  std::vector<std::uint64_t> checksums() const;
  std::uint64_t bytes_read() const { return read_bytes_.load(); }
  std::uint64_t bytes_written() const { return written_bytes_.load(); }

 private:
  std::uint64_t SlotOf(std::uint64_t g) const { return g % geometry_.slots; }
  // The sub-slab whose values are g's outer children (g - r2), read into buffer b.
  void ReadSlot(std::uint64_t slot, int b);
  std::future<void> ReadOuter(std::uint64_t g, int b);
  void Wait();

  const DownsetRingGeometry geometry_;
  DirectFile file_;
  std::vector<AlignedBytes> buffers_;
  std::unique_ptr<std::atomic<std::uint64_t>[]> checksums_;
  int cur_ = 0, prev_ = 1, next_ = 2;
  std::uint64_t g_ = 0;
  bool flushed_ = false;
  std::future<void> write_, read_;
  std::function<void()> gate_;
  std::atomic<std::uint64_t> read_bytes_{0}, written_bytes_{0};
  std::uint64_t writes_ = 0;  // slots written (the I/O thread's; SEKI_KILL_AT's count)
};

}  // namespace seki
