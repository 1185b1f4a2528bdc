// Writes the seed corpus of fuzz_level_file: real level files of the two parameter sets the target
// expects, solved and generation-only, each prefixed with the target's mode byte (for the middle
// level also with the "fix the checksum" bit set).
// Usage: make_level_seeds DIR
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "engine/level/level_builder.hpp"
#include "engine/run/level_driver.hpp"
#include "storage/level_file_bytes.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: make_level_seeds DIR\n";
    return 2;
  }
  const std::filesystem::path dir(argv[1]);
  std::filesystem::create_directories(dir);
  struct Space {
    int rows, cols, max_entry, mode_bits, sums[3];
  };
  for (const Space s : {Space{2, 2, 3, 0, {0, 3, 6}}, Space{3, 3, 2, 4, {4, 9, 16}}}) {
    const seki::EnumerationSpace space =
        seki::EnumerationSpace::Make(s.rows, s.cols, s.max_entry, -1);
    for (bool solved : {true, false}) {
      const seki::LevelFileParams params{space.rows, space.cols, space.max_entry, space.max_sum,
                                         solved};
      seki::ForEachLevel(
          space,
          [&](const seki::Level& level) {
            for (int sum : s.sums) {
              if (level.sum != sum) continue;
              const char mode = static_cast<char>(s.mode_bits | (solved ? 0 : 2));
              const std::string name = std::to_string(s.rows) + "x" + std::to_string(s.cols) +
                                       "-sum" + std::to_string(sum) +
                                       (solved ? "-solved" : "-generated");
              const std::string bytes = seki::EncodeLevelFile(level, params);
              std::ofstream(dir / name, std::ios::binary) << mode << bytes;
              // The same with the harness's "fix the checksum" bit, so that mutations of the body
              // are accepted when they keep the format (and then must re-encode identically).
              if (sum == s.sums[1])
                std::ofstream(dir / (name + "-fixsum"), std::ios::binary)
                    << static_cast<char>(mode | 1) << bytes;
            }
          },
          solved);
    }
  }
  return 0;
}
