// A single-matrix engine (the search engine, the down-set engine) against the exhaustive
// ExhaustiveSolver: on every class of a region (CompareWithSolverOnEveryClass), and its lines of
// optimal play. Concurrency: test code, one thread.
#pragma once

#include <gtest/gtest.h>

#include "engine/base/matrix_text.hpp"
#include "engine/solve/exhaustive_solver.hpp"
#include "engine/solve/play.hpp"
#include "test_support.hpp"

namespace seki::testing {

// The number of classes with no zero line of rows x cols, entries <= max_entry, each checked
// with every engine given (the ExhaustiveSolver solves each class once).
template <class... Engines>
int CompareWithSolverOnEveryClass(int rows, int cols, int max_entry, Engines&... engines) {
  ExhaustiveSolver exhaustive;
  int classes = 0;
  ForEachClass(rows, cols, max_entry, [&](const Matrix& a) {
    const Solution want = exhaustive.Solve(a);
    const auto check = [&](auto& engine) { EXPECT_EQ(engine.Solve(a), want) << FormatMatrix(a); };
    (check(engines), ...);
    ++classes;
  });
  return classes;
}

// The line of optimal play an engine gives for a (game g, p first) equals the exhaustive
// ExhaustiveSolver's: result, ending and every position on the way.
template <class Engine>
void ExpectSameOptimalLine(Engine& engine, ExhaustiveSolver& exhaustive, const Matrix& a, Game g,
                           Player p) {
  const PlayLine line = OptimalLine(engine, a, g, p);
  const PlayLine expected = OptimalLine(exhaustive, a, g, p);
  EXPECT_EQ(line.result, expected.result) << FormatMatrix(a);
  EXPECT_EQ(line.ending, expected.ending) << FormatMatrix(a);
  ASSERT_EQ(line.steps.size(), expected.steps.size()) << FormatMatrix(a);
  for (std::size_t k = 0; k < line.steps.size(); ++k)
    EXPECT_EQ(line.steps[k].after, expected.steps[k].after) << FormatMatrix(a);
}

}  // namespace seki::testing
