// Origins of matrices (engine/describe/origin.hpp, `seki origin`): an E1/E2 extension is reduced
// back to the matrix it was made from, direct sums and the families A^n, B^n, C_k are recognised,
// and a height-4 complete seki is the (4,3,3,-3)-extension of the 3x3 complete seki 133/313/331.
#include "engine/describe/origin.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "tests/seki_process.hpp"

namespace {

using seki::Game;
using seki::Matrix;
using seki::ParseMatrix;

// The reduction of `o` with this corner and k whose smaller matrix is `b` (up to isomorphism).
// Values come from one SolveEngine with its default choice (the one solve path).
seki::SolveEngine& Engine() {
  static seki::SolveEngine engine;
  return engine;
}

const seki::Reduction* Find(const seki::OriginReport& o, int corner, int k, const Matrix& b) {
  const Matrix form = seki::canon::CanonicalForm(b);
  for (const seki::Reduction& r : o.reductions)
    if (r.corner == corner && r.k == k && r.smaller == form) return &r;
  return nullptr;
}

TEST(Origin, ExtensionsReduceToWhatTheyCameFrom) {
  const Matrix a1 = ParseMatrix("033/303/330");  // A_1, a complete seki
  for (seki::Extension kind : {seki::Extension::kE1, seki::Extension::kE2}) {
    const Matrix e = *seki::Extend(a1, 0, 1, kind);
    const int k = static_cast<int>(kind);
    const auto reductions = seki::Reductions(e);
    const auto it = std::find_if(reductions.begin(), reductions.end(), [&](const auto& r) {
      return r.corner == 3 && r.k == k && r.smaller == seki::canon::CanonicalForm(a1);
    });
    ASSERT_NE(it, reductions.end()) << seki::FormatMatrix(e);
    EXPECT_EQ(it->Name(), k == 1 ? "E1" : "E2");
    EXPECT_EQ(it->row, 1);  // the new first row and column
    EXPECT_EQ(it->col, 1);
  }
  // Spec: E1 of A_1 at every positive entry is a complete seki, so it comes from one.
  const seki::OriginReport o =
      seki::Origin(*seki::Extend(a1, 0, 1, seki::Extension::kE1), Engine());
  EXPECT_EQ(o.values.seki.seki_class(), seki::SekiClass::kComplete);
  EXPECT_TRUE(o.FromSmallerComplete(Game::kSeki));
  EXPECT_FALSE(o.IsDirectSum());
}

TEST(Origin, DirectSumsAndFamilies) {
  const seki::OriginReport sum =
      seki::Origin(seki::DirectSum(ParseMatrix("11/11"), ParseMatrix("22/22")), Engine());
  EXPECT_TRUE(sum.IsDirectSum());
  ASSERT_EQ(sum.block_values.size(), 2u);
  for (const seki::Solution& v : sum.block_values)
    EXPECT_EQ(v.seki.seki_class(), seki::SekiClass::kComplete);
  EXPECT_EQ(sum.values.seki.seki_class(), seki::SekiClass::kComplete);  // Prop. 5.1

  EXPECT_EQ(seki::FamilyOf(seki::SequenceA(4)), "A^4");
  EXPECT_EQ(seki::FamilyOf(ParseMatrix("320/212/023")), "B^3");
  EXPECT_EQ(seki::FamilyOf(ParseMatrix("220/202/022")), "C_3");
  EXPECT_EQ(seki::FamilyOf(seki::TwoCycle(5)), "C_5");
  EXPECT_EQ(seki::FamilyOf(ParseMatrix("22/22")), "A^2");
  EXPECT_EQ(seki::FamilyOf(ParseMatrix("033/303/330")), "");
  // A^4 is E1 of A^3 at (1,1), B^4 is E2 of B^3: both reductions are found.
  const seki::OriginReport a4 = seki::Origin(seki::SequenceA(4), Engine());
  EXPECT_NE(Find(a4, 3, 1, seki::SequenceA(3)), nullptr);
  EXPECT_TRUE(a4.FromSmallerComplete(Game::kSeki));  // Prop. 6.4
  EXPECT_NE(Find(seki::Origin(seki::SequenceB(4), Engine()), 3, 2, seki::SequenceB(3)), nullptr);
}

TEST(Origin, HeightFourCompleteSekiFromAThreeByThreeOne) {
  const seki::OriginReport o = seki::Origin(ParseMatrix("4003/0133/0331/3310"), Engine());
  EXPECT_EQ(o.values.seki.seki_class(), seki::SekiClass::kComplete);
  ASSERT_EQ(o.reductions.size(), 1u);
  const seki::Reduction& r = o.reductions[0];
  EXPECT_EQ(r.Name(), "(4,3,3,-3)");
  EXPECT_EQ(r.smaller, seki::canon::CanonicalForm(ParseMatrix("133/313/331")));
  EXPECT_EQ(r.smaller_values.seki.seki_class(), seki::SekiClass::kComplete);
  EXPECT_FALSE(o.FromSmallerComplete(Game::kSeki));  // not E1/E2
  EXPECT_TRUE(seki::Reductions(ParseMatrix("1303/3103/0341/3041")).empty());
}

TEST(Origin, CommandLine) {
  const auto r = seki::testing::RunSeki({"origin", "--format", "json", "4003/0133/0331/3310"});
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["class"]["seki"], "complete");
  EXPECT_EQ(j["reductions"][0]["name"], "(4,3,3,-3)");
  EXPECT_EQ(j["reductions"][0]["smaller_class"]["seki"], "complete");
  const auto text = seki::testing::RunSeki({"origin", "3100/1210/0112/0022"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("family: A^4"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("origin: E1 of the complete seki"), std::string::npos) << text.out;
  seki::testing::ExpectBadInput({"origin", "00/11"}, "", "");
}

}  // namespace
