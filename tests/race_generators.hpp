// The random races of the GO comparisons (tests/go_race_positions.cpp, tests/go_search_test.cpp):
// two bars on 9x9 (RandomRace), a white ring around a black group on 11x11 (RandomRing, its
// edges closed or open), the classic seki's board on 7x7 with open walls (RandomClassic).
// Deterministic for a generator's state.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <random>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/go/go_model.hpp"
#include "tests/race_boards.hpp"

namespace seki::testing {

inline std::vector<int> RandomColumns(std::mt19937& random, int width, int count,
                                      std::vector<int> eyes) {
  std::vector<int> free = FirstColumns(width, width, eyes);
  std::shuffle(free.begin(), free.end(), random);
  free.resize(std::min<std::size_t>(free.size(), count));
  std::sort(free.begin(), free.end());
  return free;
}

inline StackSpec RandomRace(std::mt19937& random) {
  for (;;) {
    StackSpec s;
    s.width = 9;
    const bool white_on_top = random() % 2;
    s.bars = white_on_top ? std::vector{go::Stone::kWhite, go::Stone::kBlack}
                          : std::vector{go::Stone::kBlack, go::Stone::kWhite};
    const int top_eye = random() % 3 == 0 ? 1 + int(random() % 7) : -1;
    int bottom_eye = random() % 3 == 0 ? 1 + int(random() % 7) : -1;
    if (top_eye >= 0 && bottom_eye >= 0 && std::abs(top_eye - bottom_eye) < 3) bottom_eye = -1;
    s.eyes = {top_eye, bottom_eye};
    const int shared = int(random() % 5), top = int(random() % 6), bottom = int(random() % 6);
    s.top_outside = RandomColumns(random, 9, top, {top_eye});
    s.bottom_outside = RandomColumns(random, 9, bottom, {bottom_eye});
    s.shared = {RandomColumns(random, 9, shared, {top_eye, bottom_eye})};
    const int top_liberties = int(s.top_outside.size() + s.shared[0].size()) + (top_eye >= 0);
    const int bottom_liberties =
        int(s.bottom_outside.size() + s.shared[0].size()) + (bottom_eye >= 0);
    const int points = top_liberties + int(s.bottom_outside.size()) + (bottom_eye >= 0);
    if (top_liberties > 0 && bottom_liberties > 0 && points <= 10) return s;
  }
}

// The ring race on 11x11: the ring's rows 4 and 8 and columns C and J (x 2..8, y 3..7), the
// interior x 3..7, y 4..6, the black wall everywhere else with eyes on the top and bottom edges.
// A shape of RandomRing or RandomClassic: the ring's first stone and a random black group inside,
// accepted when the two chains are a race of at most 10 liberties with one black group inside.
inline std::optional<StackBoard> Accept(const go::Board& b, go::Point ring,
                                        const std::vector<go::Point>& inside) {
  go::Point black{-1, -1};
  int stones = 0;
  for (go::Point p : inside)
    if (b.at(p) == go::Stone::kBlack) black = p, ++stones;
  if (black.x < 0) return std::nullopt;
  const go::GoSelection groups{go::GoSelection::Kind::kPoints, {}, {}, {ring, black}, ""};
  try {
    const go::GoModel m = go::ExtractModel(b, groups, "ring");
    if (m.race.total() > 10 || int(m.black[0].stones.size()) != stones) return std::nullopt;
  } catch (const InputError&) {
    return std::nullopt;
  }
  return StackBoard{b, {ring, black}};
}

// The classic seki's board (tests/go_positions.hpp) on 7x7, the top row empty: a white ring
// (rows 2 to 6, columns B to F) around a random black group in C3:E4, gaps in the black walls of
// columns A and G next to the ring (its outside liberties). The walls do not live unconditionally.
inline StackBoard RandomClassic(std::mt19937& random) {
  for (;;) {
    go::Board b(7, 7);
    std::vector<go::Point> inside;
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 7; ++x) {
        const bool ring =
            (x >= 1 && x <= 5 && (y == 1 || y == 4)) || (y >= 1 && y <= 4 && (x == 1 || x == 5));
        const bool corner = (x == 0 || x == 6) && (y == 0 || y == 5);
        b.set({x, y}, ring ? go::Stone::kWhite : corner ? go::Stone::kEmpty : go::Stone::kBlack);
        if (x >= 2 && x <= 4 && y >= 2 && y <= 3) {
          inside.push_back({x, y});
          if (random() % 100 < 40) b.set({x, y}, go::Stone::kEmpty);
        }
        if ((x == 0 || x == 6) && y >= 1 && y <= 4 && random() % 100 < 20)
          b.set({x, y}, go::Stone::kEmpty);
      }
    if (auto accepted = Accept(b, {1, 4}, inside)) return *accepted;
  }
}

inline StackBoard RandomRing(std::mt19937& random, bool open) {
  for (;;) {
    go::Board b(11, 11);
    for (int y = 0; y < 11; ++y)
      for (int x = 0; x < 11; ++x) {
        const bool ring =
            (x >= 2 && x <= 8 && (y == 3 || y == 7)) || (y >= 3 && y <= 7 && (x == 2 || x == 8));
        const bool eye = (y == 0 || y == 10) && (open || x % 2 == 1);
        b.set({x, y}, ring ? go::Stone::kWhite : eye ? go::Stone::kEmpty : go::Stone::kBlack);
      }
    // The interior: a random black group, the rest empty.
    std::vector<go::Point> inside;
    for (int y = 4; y <= 6; ++y)
      for (int x = 3; x <= 7; ++x) {
        inside.push_back({x, y});
        b.set({x, y}, random() % 100 < 60 ? go::Stone::kBlack : go::Stone::kEmpty);
      }
    // Gaps next to the ring: its outside liberties (none in a quarter of the rings).
    const unsigned gaps = random() % 4 == 0 ? 0 : 12;
    for (int x = 2; x <= 8; ++x)
      for (int y : {2, 8})
        if (random() % 100 < gaps) b.set({x, y}, go::Stone::kEmpty);
    for (int y = 3; y <= 7; ++y)
      for (int x : {1, 9})
        if (random() % 100 < gaps) b.set({x, y}, go::Stone::kEmpty);
    if (auto accepted = Accept(b, {2, 7}, inside)) return *accepted;
  }
}

}  // namespace seki::testing
