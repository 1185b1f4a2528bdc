// The version and git commit of the seki build that wrote a file (manifest.json, check and
// reproduction reports, `seki --version`).
// Concurrency: constants; any thread may call them.
#pragma once

#include <string>

namespace seki {

std::string ToolVersion();  // the project version, e.g. "0.9.0"
std::string ToolCommit();   // the git commit the build came from; empty when unknown

}  // namespace seki
