// The quick reproduction of the paper's results (spec section 4): no claim FAILED, and the numbers
// the engine computes (exact counts up to isomorphism over the stated regions).
#include "engine/reproduction/reproduction.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace seki {
namespace {

class QuickReproduction : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ReproductionOptions options;
    options.quick = true;
    result_ = new Reproduction(Reproduce(options));
  }
  static void TearDownTestSuite() {
    delete result_;
    result_ = nullptr;
  }

  static const Claim& Get(const std::string& id) {
    const Claim* c = result_->Find(id);
    if (c == nullptr) throw std::runtime_error("no claim " + id);
    return *c;
  }
  static std::int64_t Number(const std::string& id, const std::string& key) {
    const Claim& c = Get(id);
    const auto it = c.numbers.find(key);
    if (it == c.numbers.end()) throw std::runtime_error("claim " + id + " has no number " + key);
    return it->second;
  }

  static Reproduction* result_;
};

Reproduction* QuickReproduction::result_ = nullptr;

TEST_F(QuickReproduction, NoClaimFailed) {
  EXPECT_TRUE(result_->quick);
  EXPECT_GE(result_->claims.size(), 20u);
  for (const Claim& c : result_->claims) {
    EXPECT_NE(c.status, ClaimStatus::kFailed) << c.id << ": " << c.explanation;
    EXPECT_FALSE(c.paper.empty()) << c.id;
    EXPECT_FALSE(c.computed.empty()) << c.id;
    if (c.status != ClaimStatus::kConfirmed) {
      EXPECT_FALSE(c.explanation.empty()) << c.id;
    }
  }
  EXPECT_TRUE(result_->ok());
  std::set<std::string> ids;
  for (const Claim& c : result_->claims) EXPECT_TRUE(ids.insert(c.id).second) << c.id;
}

TEST_F(QuickReproduction, SmallCases) {
  EXPECT_EQ(Get("small-1x1").status, ClaimStatus::kConfirmed);
  EXPECT_EQ(Number("small-1x1", "complete_dseki"), 0);
  EXPECT_EQ(Number("small-1xn", "c_wins_both_games"), Number("small-1xn", "classes"));
  EXPECT_EQ(Number("small-2xn-no-seki", "seki"), 0);
  EXPECT_GT(Number("small-2xn-no-seki", "dseki"), 0);  // D-SEKI has 2xn d-seki
  EXPECT_EQ(Number("small-2x2-complete", "complete_seki"), 4);
  EXPECT_EQ(Number("small-complete-dseki", "complete_dseki"), 1);  // 11/11 alone
  EXPECT_EQ(Number("small-1k-kk", "r_wins"), Number("small-1k-kk", "k_max") - 1);
}

TEST_F(QuickReproduction, ThreeByThree) {
  EXPECT_EQ(Number("3x3-complete-height-3", "complete_height_3"), 7);
  EXPECT_EQ(Number("3x3-complete-height-3", "complete_height_3_prime"), 7);
  EXPECT_EQ(Get("3x3-complete-height-3").status, ClaimStatus::kConfirmed);
  EXPECT_EQ(Number("3x3-seven-properties", "symmetric"), 7);
  EXPECT_EQ(Number("3x3-seven-properties", "last_two_not_idsm"), 2);
  EXPECT_EQ(Number("3x3-semi-complete", "semi_complete"), 4);  // two classes and their transposes
  EXPECT_EQ(Number("3x3-semi-complete", "max_entry"), 6);      // quick mode
  EXPECT_EQ(Number("3x3-no-complete-height-4-10", "complete_height_ge_4"), 0);
  EXPECT_EQ(Get("3x3-fig4").status, ClaimStatus::kConfirmed);
}

TEST_F(QuickReproduction, FourByFourIdsmsOfHeightThree) {
  EXPECT_EQ(Get("4x4-census").status, ClaimStatus::kConfirmed);
  EXPECT_EQ(Number("4x4-census", "idsm_height_3"), 254);
  EXPECT_EQ(Number("4x4-census", "count (W,L)"), 11);
  EXPECT_EQ(Number("4x4-census", "count (L,W)"), 11);
  EXPECT_EQ(Number("4x4-census", "count (W,D)"), 3);
  EXPECT_EQ(Number("4x4-census", "count (W,W)"), 57);
  EXPECT_EQ(Number("4x4-census", "count (D,D) semi-complete, R passes"), 9);
  EXPECT_EQ(Number("4x4-census", "count (D,D) complete seki"), 43);

  // The paper's list of 13: 11 distinct classes, all of them confirmed; one verbatim repeat and
  // one entry that is not an IDSM.
  EXPECT_EQ(Get("4x4-r-wins-second").status, ClaimStatus::kDiffersExplained);
  EXPECT_EQ(Number("4x4-r-wins-second", "computed"), 11);
  EXPECT_EQ(Number("4x4-r-wins-second", "confirmed_distinct"), 11);
  EXPECT_EQ(Number("4x4-r-wins-second", "missing_from_list"), 0);
  EXPECT_EQ(Number("4x4-r-wins-second", "listed_not_confirmed"), 2);

  EXPECT_EQ(Get("4x4-r-wins-first-only").status, ClaimStatus::kConfirmed);
  EXPECT_EQ(Number("4x4-r-wins-first-only", "computed"), 3);

  EXPECT_EQ(Number("4x4-first-player-wins", "computed"), 57);
  EXPECT_EQ(Number("4x4-first-player-wins", "paper"), 60);

  EXPECT_EQ(Number("4x4-semi-complete-r-passes", "computed"), 9);
  EXPECT_EQ(Number("4x4-semi-complete-r-passes", "confirmed_distinct"), 9);
  EXPECT_EQ(Number("4x4-semi-complete-r-passes", "missing_from_list"), 0);
}

TEST_F(QuickReproduction, ExtensionsAndFamilies) {
  EXPECT_EQ(Number("ext-a1-a5", "complete"), Number("ext-a1-a5", "extensions"));
  EXPECT_EQ(Number("ext-a1-a5", "extensions"), 35);  // positive entries of A1..A5
  EXPECT_EQ(Number("ext-a6", "agree"), 7);
  EXPECT_EQ(Number("ext-a7", "agree"), 8);
  EXPECT_EQ(Number("prop-6.4", "as_stated"), Number("prop-6.4", "checked"));
  EXPECT_EQ(Number("prop-6.4", "printed_equal"), 8);
  EXPECT_EQ(Number("thm-6.7", "prime_complete_dseki"), 4);  // C3..C6
  EXPECT_EQ(Number("thm-3.4", "idsm012_complete_seki"), Number("thm-3.4", "idsm012"));
  EXPECT_EQ(Number("prop-6.8", "as_stated"), Number("prop-6.8", "idsms"));
  EXPECT_EQ(Number("prop-1.1", "violations"), 0);
  EXPECT_EQ(Number("prop-5.1", "mismatches"), 0);
}

TEST_F(QuickReproduction, SearchesAreRecorded) {
  bool four = false, three = false;
  for (const SearchInfo& s : result_->searches) {
    four = four || (s.rows == 4 && s.cols == 4 && s.max_entry == 3 && s.classes == 7880456);
    three = three || (s.rows == 3 && s.cols == 3 && s.max_entry == 3 && s.classes == 8240);
  }
  EXPECT_TRUE(four);
  EXPECT_TRUE(three);
}

}  // namespace
}  // namespace seki
