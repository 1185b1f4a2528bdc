// The strict line parsers of `seki verify` and `seki export` (engine/readback/run_lines.hpp): the
// writer's lines are accepted as written, with or without the planar field, and every deviation
// from the exact format is rejected with a one-line reason naming the column.
#include "engine/readback/run_lines.hpp"

#include <gtest/gtest.h>

#include <string>

#include "engine/level/catalogue.hpp"
#include "test_support.hpp"

namespace seki {
namespace {

using seki::testing::M;

TEST(RunLines, AcceptsWhatTheCatalogueWriterWrites) {
  for (const char* text : {"033/331/312", "3,10,0/0,3,3", "12,", "1"}) {
    const Matrix a = M(text);
    const Outcome o = Outcome::FromActive(Result::L, Result::D);
    const std::string line = CatalogueLine(a, o);
    std::string why;
    const auto r = ParseCatalogueLine(line, &why);
    ASSERT_TRUE(r.has_value()) << line << ": " << why;
    EXPECT_EQ(r->matrix, a);
    EXPECT_EQ(r->sum, a.sum());
    EXPECT_EQ(r->height, a.height());
    EXPECT_EQ(r->outcome, o);
    EXPECT_TRUE(r->planar.has_value());
    const Solution v{Outcome::FromActive(Result::W, Result::L), o};
    const auto out = ParseOutcomeLine(OutcomeLine(a, v), &why);
    ASSERT_TRUE(out.has_value()) << why;
    EXPECT_EQ(out->matrix, a);
    EXPECT_EQ(out->values, v);
  }
}

TEST(RunLines, PlanarIsOptional) {
  const auto r = ParseCatalogueLine(
      "033/331/312 sum=19 height=3 R=D C=D r=L c=L idsm=no prime=yes symmetric=yes");
  ASSERT_TRUE(r.has_value());
  EXPECT_FALSE(r->planar.has_value());
  EXPECT_FALSE(r->idsm);
  EXPECT_TRUE(r->prime);
}

TEST(RunLines, ValuesAreTakenAsWritten) {
  // R, C that contradict r, c by the pass rule still parse: checking them is the caller's job.
  const auto r = ParseCatalogueLine(
      "11/11 sum=4 height=1 R=W C=L r=L c=L idsm=yes prime=yes symmetric=yes planar=yes");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->outcome, (Outcome{Result::W, Result::L, Result::L, Result::L}));
}

TEST(RunLines, RejectsEveryDeviation) {
  const std::string good =
      "033/331/312 sum=19 height=3 R=D C=D r=L c=L idsm=no prime=yes symmetric=yes planar=no";
  ASSERT_TRUE(ParseCatalogueLine(good).has_value());
  const std::pair<std::string, std::string> bad[] = {
      {"", "column 1: missing matrix"},
      {" " + good, "column 1: missing matrix"},
      {good + " ", "unexpected text"},
      {good + "\r", "column 77: planar='no\\x0d': expected yes or no"},
      {good + " extra=1", "unexpected text"},
      {"033/331/312  sum=19" + good.substr(18), "expected 'sum='"},
      {"0,3,3/3,3,1/3,1,2" + good.substr(11), "not in canonical text form"},
      {"033/331/31" + good.substr(11), "matrix: row 3 has 2 entries"},
      {"033/331/312 sum=019" + good.substr(18), "column 13: sum='019' is not a number"},
      {"033/331/312 sum=-19" + good.substr(18), "sum='-19' is not a number"},
      {"033/331/312 sum=123456" + good.substr(18), "not a number"},
      {"033/331/312 height=3 sum=19" + good.substr(27), "expected 'sum='"},
      {good.substr(0, good.find(" R=")) + " R=X" + good.substr(good.find(" C=")), "R='X'"},
      {good.substr(0, good.find(" idsm=")) + " idsm=No" + good.substr(good.find(" prime=")),
       "expected yes or no"},
      {good.substr(0, good.find(" symmetric=")), "line ends before the field symmetric"},
      {good.substr(0, good.find(" planar=")) + " planar=", "missing value of planar"},
  };
  for (const auto& [line, fragment] : bad) {
    std::string why;
    EXPECT_FALSE(ParseCatalogueLine(line, &why).has_value()) << line;
    EXPECT_NE(why.find(fragment), std::string::npos) << line << " -> " << why;
    EXPECT_EQ(why.find('\n'), std::string::npos);
  }
  std::string why;
  EXPECT_FALSE(ParseCatalogueLine(std::string("033/331/312 sum=19\n"), &why));
  EXPECT_EQ(why.find('\n'), std::string::npos) << why;
}

TEST(RunLines, OutcomeLines) {
  EXPECT_TRUE(ParseOutcomeLine("033/331/312 seki=DDLL dseki=WWWW").has_value());
  for (const char* line : {"033/331/312 seki=DDLL", "033/331/312 seki=DDL dseki=WWWW",
                           "033/331/312 seki=DDLLX dseki=WWWW", "033/331/312 dseki=DDLL seki=WWWW",
                           "033/331/312 seki=ddll dseki=WWWW", "033/331/312 seki=DDLL dseki=WWWW ",
                           "033/331/312 seki=DDLL  dseki=WWWW"}) {
    std::string why;
    EXPECT_FALSE(ParseOutcomeLine(line, &why).has_value()) << line;
    EXPECT_FALSE(why.empty());
  }
}

}  // namespace
}  // namespace seki
