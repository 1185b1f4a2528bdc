// The one schedule and the one decision between two steps of every walk
// (storage/checkpoint_policy.hpp), and the one estimate of the time left (engine/base/
// human_units.hpp).
#include "storage/checkpoint_policy.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "engine/base/human_units.hpp"
#include "engine/base/input_error.hpp"

namespace {

using seki::BetweenSteps;
using seki::CheckpointClock;
using seki::DecideBetweenSteps;
using seki::ParseCheckpointPolicy;

TEST(CheckpointPolicy, LevelsMinutesAndAWalkWithoutLevels) {
  EXPECT_EQ(ParseCheckpointPolicy("4,10m", "--checkpoint-every").Text(), "4,10m");
  EXPECT_EQ(ParseCheckpointPolicy("10m", "--checkpoint-every", false).every_minutes, 10);
  EXPECT_THROW(ParseCheckpointPolicy("4", "--checkpoint-every", false), seki::InputError);
  EXPECT_THROW(ParseCheckpointPolicy("0m", "--checkpoint-every"), seki::InputError);

  CheckpointClock every4(ParseCheckpointPolicy("4", "x"));
  EXPECT_FALSE(every4.Due(3, 10));
  EXPECT_TRUE(every4.Due(4, 10));
  EXPECT_TRUE(every4.Due(10, 10)) << "the last step always";
  EXPECT_FALSE(every4.DueAfterTime()) << "no minutes in the policy";
  every4.Saved(4);
  EXPECT_EQ(every4.saved_step(), 4);

  // By time: due once the minutes have passed, on the largest rank's clock.
  CheckpointClock quick(ParseCheckpointPolicy("0.0001m", "x"));  // 6 ms
  EXPECT_FALSE(quick.Due(1, 10));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_TRUE(quick.DueAfterTime());
  quick.Saved(1);
  EXPECT_FALSE(quick.DueAfterTime());
  CheckpointClock ranks(ParseCheckpointPolicy("10m", "x"), [](double) { return 11.0; });
  EXPECT_TRUE(ranks.Due(1, 10)) << "another rank's clock is past 10 minutes";
}

TEST(CheckpointPolicy, BetweenStepsTheLargestWishOfAnyRank) {
  std::atomic<bool> stop{false};
  EXPECT_EQ(DecideBetweenSteps(nullptr, false), BetweenSteps::kGoOn);
  EXPECT_EQ(DecideBetweenSteps(&stop, true), BetweenSteps::kCheckpoint);
  stop = true;
  EXPECT_EQ(DecideBetweenSteps(&stop, true), BetweenSteps::kStop);
  stop = false;
  const auto another_stops = [](double) { return double(BetweenSteps::kStop); };
  EXPECT_EQ(DecideBetweenSteps(&stop, false, another_stops), BetweenSteps::kStop);
}

TEST(HumanUnits, SecondsLeftAtThisSessionsRate) {
  EXPECT_DOUBLE_EQ(seki::SecondsLeft(25, 100, 10), 30);
  EXPECT_DOUBLE_EQ(seki::SecondsLeft(60, 100, 10, 50), 40) << "50 were done before this session";
  EXPECT_LT(seki::SecondsLeft(0, 100, 10), 0) << "no rate yet";
  EXPECT_DOUBLE_EQ(seki::SecondsLeft(120, 100, 10), 0);
}

}  // namespace
