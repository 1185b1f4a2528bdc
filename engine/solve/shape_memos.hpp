// The memo key of a position (the bytes of its canonical form packed into 64-bit words), used by
// the single-matrix solvers (ExhaustiveSolver, SearchEngine), and the per-shape PackedMemo tables
// that the ExhaustiveSolver keeps (the search engine keeps a sharded BoundsTable per game
// instead). Concurrency: MemoKey is a value; ShapeMemos is not thread-safe (one per solver
// instance).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <tuple>

#include "engine/base/matrix.hpp"
#include "storage/packed_memo.hpp"

namespace seki {

// A matrix's cells, row-major without padding, in as many 64-bit words as the shape needs.
struct MemoKey {
  std::uint64_t words[kMaxDim * kMaxDim / 8] = {};

  static MemoKey Of(const Matrix& form) {
    MemoKey key;
    auto* bytes = reinterpret_cast<unsigned char*>(key.words);
    for (int i = 0; i < form.rows(); ++i)
      std::memcpy(bytes + i * form.cols(), &form.cells()[i * kMaxDim], form.cols());
    return key;
  }
  static int Words(int rows, int cols) { return (rows * cols + 7) / 8; }
};

// One PackedMemo per (shape, slot): every position reachable from a matrix has its shape, and a
// solver may keep several tables per shape. The last one is cached.
class ShapeMemos {
 public:
  PackedMemo& For(int rows, int cols, int slot = 0) {
    const std::tuple<int, int, int> id{rows, cols, slot};
    if (last_ == nullptr || id != last_id_) {
      last_ = &memos_.try_emplace(id, MemoKey::Words(rows, cols)).first->second;
      last_id_ = id;
    }
    return *last_;
  }
  std::size_t bytes() const {
    std::size_t sum = 0;
    for (const auto& [id, memo] : memos_) sum += memo.bytes();
    return sum;
  }

 private:
  std::map<std::tuple<int, int, int>, PackedMemo> memos_;
  std::tuple<int, int, int> last_id_{0, 0, 0};
  PackedMemo* last_ = nullptr;
};

}  // namespace seki
