// The document of `seki check --json` (and of `seki.check` in Python): the region, each shape's
// counts, census and findings with their lines of play, the totals and the result.
// Concurrency: pure functions.
#pragma once

#include <nlohmann/json.hpp>

#include "engine/check/region_check.hpp"

namespace seki {

// The whole `seki check --json` document.
nlohmann::ordered_json CheckReportJson(const CheckReport& report);

}  // namespace seki
