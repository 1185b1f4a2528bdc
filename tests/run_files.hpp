// The catalogue files of a run directory, read whole, and a comparison that names the file that
// differs without printing the (large) contents: for the tests that require byte-identical runs.
// Concurrency: plain file I/O.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace seki::testing {

// Every catalogue file of a run directory and outcomes.txt, by name ("<missing>" if absent).
inline std::map<std::string, std::string> Catalogues(const std::filesystem::path& dir) {
  std::map<std::string, std::string> files;
  for (const char* name :
       {"seki/seki.txt", "seki/complete.txt", "seki/semi-complete.txt", "dseki/seki.txt",
        "dseki/complete.txt", "dseki/semi-complete.txt", "outcomes.txt"}) {
    std::ifstream in(dir / name, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    files[name] = in ? text.str() : "<missing>";
  }
  return files;
}

inline void ExpectSameCatalogues(const std::map<std::string, std::string>& got,
                                 const std::map<std::string, std::string>& want) {
  for (const auto& [name, text] : want) {
    const std::string& other = got.at(name);
    EXPECT_TRUE(other == text) << name << " differs: " << other.size() << " bytes, expected "
                               << text.size();
  }
}

}  // namespace seki::testing
