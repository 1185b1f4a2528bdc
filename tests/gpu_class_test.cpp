// The thrust engine's per-class functions (engine/gpu/gpu_class.hpp), on the CPU: its canonical
// form is a canonical form (invariant under row and column permutations, the same classes as the
// project's), every class has one canonical parent and orderly generation makes every class of a
// level exactly once, and the offers equal the project's rules.
#include "engine/gpu/gpu_class.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "canon/canonical_form.hpp"
#include "engine/base/rules.hpp"
#include "engine/gpu/thrust_level_engine.hpp"
#include "engine/level/class_count.hpp"
#include "engine/level/level_builder.hpp"
#include "test_support.hpp"

namespace {

using namespace seki;
using gpu::Shape;

// The rows x cols matrix with entries <= 15 packed 4 bits an entry (the engine's layout).
std::uint64_t Pack(const Matrix& a) { return KeyCodec(a.rows(), a.cols(), 15).Pack(a); }

Matrix RandomMatrix(std::mt19937_64& rng, int rows, int cols, int max_entry) {
  Matrix a(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) a.set(i, j, static_cast<int>(rng() % (max_entry + 1)));
  return a;
}

const std::vector<std::pair<int, int>> kShapes = {{1, 4}, {2, 3}, {3, 2}, {3, 3},
                                                  {3, 4}, {4, 3}, {4, 4}};

TEST(GpuClass, CanonicalKeyIsInvariantUnderPermutationsAndIdempotent) {
  std::mt19937_64 rng(16);
  for (const auto& [rows, cols] : kShapes) {
    const Shape s{rows, cols, 15};
    for (int t = 0; t < 2000; ++t) {
      // Small entries make many ties, where the row orders matter.
      const Matrix a = RandomMatrix(rng, rows, cols, t % 2 ? 2 : 15);
      const std::uint64_t key = gpu::CanonicalKey(Pack(a), s);
      ASSERT_EQ(gpu::CanonicalKey(Pack(seki::testing::RandomPermuted(rng, a)), s), key)
          << rows << "x" << cols;
      ASSERT_EQ(gpu::CanonicalKey(key, s), key);
      // The form is a permutation of a: the same multiset of entries.
      Matrix c = KeyCodec(rows, cols, 15).Unpack(key);
      ASSERT_EQ(canon::CanonicalForm(c), canon::CanonicalForm(a));
    }
  }
}

TEST(GpuClass, SameClassesAsTheProjectsCanonicalForm) {
  // All 3x3 (0,1,2) matrices: equal engine keys exactly when equal project forms.
  const Shape s{3, 3, 2};
  std::map<std::uint64_t, Matrix> by_engine_key;
  std::set<Matrix> project_forms;
  for (int code = 0; code < 19683; ++code) {
    Matrix a(3, 3);
    for (int k = 0, c = code; k < 9; ++k, c /= 3) a.set(k / 3, k % 3, c % 3);
    const std::uint64_t key = gpu::CanonicalKey(Pack(a), s);
    const Matrix form = canon::CanonicalForm(a);
    project_forms.insert(form);
    auto [it, fresh] = by_engine_key.emplace(key, form);
    if (!fresh) {
      ASSERT_EQ(it->second, form);
    }
  }
  EXPECT_EQ(by_engine_key.size(), project_forms.size());
  const std::vector<std::uint64_t> counts = ClassCountsBySum(3, 3, 2, 18);
  EXPECT_EQ(by_engine_key.size(), std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}));
}

TEST(GpuClass, KnownCanonicalForms) {
  const Shape s{3, 3, 3};
  // 033/303/330 sorts to 033/303/330 under the smallest key: its rows have equal invariants.
  EXPECT_EQ(gpu::CanonicalKey(0x033303330, s), 0x033303330u);
  // 330/303/033 (rows reversed) has the same form.
  EXPECT_EQ(gpu::CanonicalKey(0x330303033, s), 0x033303330u);
  // Row sums order the rows: 100/000/000 -> the row of sum 0 first: 000/000/001.
  EXPECT_EQ(gpu::CanonicalKey(0x100000000, s), 0x000000001u);
}

TEST(GpuClass, EveryClassComesFromExactlyOneParentOnce) {
  // Levels of 3x3 entries <= 3 up to sum 10 from the CPU engine, in the engine's keys: the union of
  // the children each parent generates is the next level, and no class is made twice.
  const EnumerationSpace space = EnumerationSpace::Make(3, 3, 3, 10);
  const Shape shape = gpu::ShapeOf(space);
  const LevelBuilder builder(space, false);
  Level level = builder.First();
  for (int sum = 1; sum <= space.max_sum; ++sum) {
    std::vector<std::uint64_t> below, here;
    std::vector<std::uint8_t> values;
    gpu::FromProjectLevel(space, level, below, values);
    level = builder.Next(level);
    gpu::FromProjectLevel(space, level, here, values);
    std::map<std::uint64_t, int> made;
    for (const std::uint64_t parent : below) {
      std::set<std::uint64_t> of_parent;
      for (int k = 0; k < 9; ++k) {
        std::uint64_t child = 0;
        if (gpu::GeneratesChild(parent, shape, k, &child)) {
          ASSERT_EQ(gpu::CanonicalParent(child, shape), parent);
          of_parent.insert(child);
        }
      }
      for (const std::uint64_t child : of_parent) ++made[child];
    }
    ASSERT_EQ(made.size(), here.size()) << "sum " << sum;
    for (const std::uint64_t key : here) {
      ASSERT_EQ(made[key], 1) << "sum " << sum;
      ASSERT_TRUE(std::binary_search(below.begin(), below.end(), gpu::CanonicalParent(key, shape)));
    }
  }
}

TEST(GpuClass, OffersAreTheRulesOffers) {
  const gpu::OfferTable t = gpu::MakeOfferTable();
  EXPECT_EQ(t.terminal[1], 0x33);  // a zero row: R has won; R moving there wins, C loses
  EXPECT_EQ(t.terminal[2], 0xCC);  // a zero column
  EXPECT_EQ(t.terminal[3], 0x5F);  // both: SEKI the mover wins, D-SEKI a draw
  for (int v = 0; v < 256; ++v)
    EXPECT_EQ(t.by_value[v],
              MoveContribution(Solution::From(PackedOutcome{static_cast<std::uint8_t>(v)})).bits);
}

TEST(GpuClass, ClassValuesOfSmallMatrices) {
  // 1x1: (1) has only a terminal child (both lines empty): r = c = W in SEKI, D in D-SEKI.
  const gpu::OfferTable t = gpu::MakeOfferTable();
  const Shape one{1, 1, 3};
  EXPECT_EQ(gpu::ClassValues(0x1, one, nullptr, nullptr, 0, t), 0x5F);
  // (2): its child (1) offers MoveContribution of its values.
  const std::uint64_t below_keys[] = {0x1};
  const std::uint8_t below_values[] = {0x5F};
  const std::uint8_t two = gpu::ClassValues(0x2, one, below_keys, below_values, 1, t);
  EXPECT_EQ(Solution::From(PackedOutcome{two}).seki.seki_class(), SekiClass::kComplete);
  EXPECT_EQ(Solution::From(PackedOutcome{two}).dseki.seki_class(), SekiClass::kSeki);
}

}  // namespace
