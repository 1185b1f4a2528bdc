// A report without what may differ between two sessions of the same work (times, command lines),
// for the tests that compare a resumed run's output with an uninterrupted one's.
// Concurrency: a pure function.
#pragma once

#include <nlohmann/json.hpp>

namespace seki::testing {

inline nlohmann::json Stable(nlohmann::json j) {
  if (j.is_object()) {
    for (const char* key : {"seconds", "command", "source"}) j.erase(key);
    for (auto& [key, value] : j.items()) value = Stable(value);
  } else if (j.is_array()) {
    for (auto& value : j) value = Stable(value);
  }
  return j;
}

}  // namespace seki::testing
