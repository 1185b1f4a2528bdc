// CompareWithSolverOnEveryClass: a single-matrix engine (the bounded search, the down-set engine)
// against the exhaustive Solver on every class of a region, one assertion per class.
// Concurrency: test code, one thread.
#pragma once

#include <gtest/gtest.h>

#include "engine/base/matrix_text.hpp"
#include "engine/solve/solver.hpp"
#include "test_support.hpp"

namespace seki::testing {

// The number of classes with no zero line of rows x cols, entries <= max_entry, each checked.
template <class Engine>
int CompareWithSolverOnEveryClass(Engine& engine, int rows, int cols, int max_entry) {
  Solver exhaustive;
  int classes = 0;
  ForEachClass(rows, cols, max_entry, [&](const Matrix& a) {
    ASSERT_EQ(engine.Solve(a), exhaustive.Solve(a)) << FormatMatrix(a);
    ++classes;
  });
  return classes;
}

}  // namespace seki::testing
