// Races built on a board for the GO tests: a stack of horizontal bars (the groups), full width and
// of alternating colours, each pair of neighbours with a row between them whose empty points are
// their shared liberties; the top (bottom) bar with a row above (below) it whose empty points are
// its outside liberties, next to a wall of the other colour; a bar may have a one-point eye; the
// walls above and below run along the board's edge with eyes there (two or more: they live
// unconditionally). A bar's eye at column x has the three points above and below it (x-1..x+1)
// in the bar's colour, so the bar stays one chain; the eyes of neighbouring bars are three columns
// apart or more. So the model is a path of groups, with outside liberties at its two ends and
// eyes anywhere: A(i,i) and A(i+1,i) (or the transpose) are the shared rows' empty points.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <random>
#include <vector>

#include "engine/go/board.hpp"

namespace seki::testing {

struct StackSpec {
  int width = 5;
  std::vector<go::Stone> bars;                   // top to bottom, alternating colours
  std::vector<int> eyes;                         // each bar's eye column, -1 for none
  std::vector<int> top_outside, bottom_outside;  // empty columns of the outside rows
  std::vector<std::vector<int>> shared;          // empty columns between bar k and k+1
  int height = 0;                                // 0: as few rows as it takes; more: thicker walls
};

struct StackBoard {
  go::Board board;
  std::vector<go::Point> groups;  // a stone of each bar, top to bottom
};

inline int StackRows(const StackSpec& s) { return 2 * int(s.bars.size()) + 5; }

inline StackBoard BuildStack(const StackSpec& s) {
  const int k = int(s.bars.size()), w = s.width;
  const int height = std::max(s.height, StackRows(s)), pad = height - StackRows(s);
  go::Board board(w, height);
  int row = 0;  // from the top
  const auto set_row = [&](auto colour_at) {
    for (int x = 0; x < w; ++x) board.set({x, height - 1 - row}, colour_at(x));
    ++row;
  };
  const auto has = [](const std::vector<int>& v, int x) {
    return std::find(v.begin(), v.end(), x) != v.end();
  };
  const auto near_eye = [&](int b, int x) {
    return s.eyes[b] >= 0 && std::abs(x - s.eyes[b]) <= 1;
  };
  const auto wall_rows = [&](go::Stone wall, bool edge_first) {
    const auto eye_row = [&](int x) { return x % 2 == 1 && x < w - 1 ? go::Stone::kEmpty : wall; };
    if (edge_first) set_row(eye_row);
    for (int r = 0; r < 1 + (edge_first ? pad : 0); ++r) set_row([&](int) { return wall; });
    if (!edge_first) set_row(eye_row);
  };
  const go::Stone top = go::Other(s.bars.front()), bottom = go::Other(s.bars.back());
  wall_rows(top, true);
  set_row([&](int x) {
    return near_eye(0, x) ? s.bars[0] : has(s.top_outside, x) ? go::Stone::kEmpty : top;
  });
  StackBoard out{board, {}};
  for (int b = 0; b < k; ++b) {
    const int bar_row = row;
    set_row([&](int x) { return x == s.eyes[b] ? go::Stone::kEmpty : s.bars[b]; });
    out.groups.push_back({s.eyes[b] == 0 ? 1 : 0, height - 1 - bar_row});
    if (b + 1 < k)
      set_row([&](int x) {
        if (near_eye(b, x)) return s.bars[b];
        if (near_eye(b + 1, x)) return s.bars[b + 1];
        return has(s.shared[b], x) ? go::Stone::kEmpty : s.bars[b];
      });
  }
  set_row([&](int x) {
    return near_eye(k - 1, x)         ? s.bars[k - 1]
           : has(s.bottom_outside, x) ? go::Stone::kEmpty
                                      : bottom;
  });
  wall_rows(bottom, false);
  out.board = board;
  return out;
}

// The columns 0..width-1 not next to an eye column of `eyes` (-1: none), the first `count` of them
// (all of them if fewer).
inline std::vector<int> FirstColumns(int width, int count, const std::vector<int>& eyes) {
  std::vector<int> out;
  for (int x = 0; x < width && int(out.size()) < count; ++x) {
    bool free = true;
    for (int e : eyes) free = free && (e < 0 || std::abs(x - e) > 1);
    if (free) out.push_back(x);
  }
  return out;
}

// White on top, Black below: `shared` shared liberties, p outside liberties of White, q of
// Black, an eye for either; the narrowest board (at least 5 columns) that holds them.
inline StackSpec TwoBars(int shared, int p, int q, bool white_eye, bool black_eye) {
  StackSpec s;
  const int e = white_eye ? 1 : -1, f = black_eye ? (white_eye ? 4 : 1) : -1;
  // An eye takes three columns of the rows next to it.
  s.width = std::max({white_eye && black_eye ? 6 : 5, p + 3 * white_eye,
                      shared + 3 * (white_eye + black_eye), q + 3 * black_eye});
  s.bars = {go::Stone::kWhite, go::Stone::kBlack};
  s.eyes = {e, f};
  s.top_outside = FirstColumns(s.width, p, {e});
  s.shared = {FirstColumns(s.width, shared, {e, f})};
  s.bottom_outside = FirstColumns(s.width, q, {f});
  return s;
}

// Every cell of the two-group table (docs/go.md) with up to `max` liberties of each kind: no eye,
// an eye for White, for Black, or each; no cell that leaves a group without liberty.
inline std::vector<StackSpec> TwoGroupCells(int max) {
  std::vector<StackSpec> cells;
  for (int eyes = 0; eyes < 4; ++eyes)
    for (int shared = 0; shared <= max; ++shared)
      for (int p = 0; p <= max; ++p)
        for (int q = 0; q <= max; ++q) {
          const bool e = eyes & 1, f = eyes & 2;
          if (shared + p + e > 0 && shared + q + f > 0)
            cells.push_back(TwoBars(shared, p, q, e, f));
        }
  return cells;
}

// A random stack of 2 or 3 bars on 5..7 columns, each row's empty points chosen at random (each
// bar keeps a liberty), at most `max_points` liberties in all.
inline StackSpec RandomStack(std::mt19937& random, int max_points) {
  for (;;) {
    StackSpec s;
    s.width = 5 + int(random() % 3);
    const int k = 2 + int(random() % 2);
    go::Stone colour = random() % 2 ? go::Stone::kWhite : go::Stone::kBlack;
    for (int b = 0; b < k; ++b, colour = go::Other(colour)) {
      s.bars.push_back(colour);
      const int eye = random() % 3 == 0 ? 1 + int(random() % (s.width - 2)) : -1;
      s.eyes.push_back(b > 0 && s.eyes[b - 1] >= 0 && std::abs(eye - s.eyes[b - 1]) < 3 ? -1 : eye);
    }
    const auto pick = [&](std::vector<int> eyes, int percent) {
      std::vector<int> out;
      for (int x : FirstColumns(s.width, s.width, eyes))
        if (int(random() % 100) < percent) out.push_back(x);
      return out;
    };
    s.top_outside = pick({s.eyes.front()}, 30);
    s.bottom_outside = pick({s.eyes.back()}, 30);
    for (int b = 0; b + 1 < k; ++b) s.shared.push_back(pick({s.eyes[b], s.eyes[b + 1]}, 30));
    int points = int(s.top_outside.size() + s.bottom_outside.size());
    for (int b = 0; b < k; ++b) points += s.eyes[b] >= 0;
    for (const auto& row : s.shared) points += int(row.size());
    bool every_bar_lives = true;  // a liberty for each bar (an eye, a shared or outside one)
    for (int b = 0; b < k; ++b) {
      int liberties = s.eyes[b] >= 0;
      if (b == 0) liberties += int(s.top_outside.size());
      if (b == k - 1) liberties += int(s.bottom_outside.size());
      if (b > 0) liberties += int(s.shared[b - 1].size());
      if (b + 1 < k) liberties += int(s.shared[b].size());
      every_bar_lives = every_bar_lives && liberties > 0;
    }
    if (every_bar_lives && points <= max_points) return s;
  }
}

}  // namespace seki::testing
