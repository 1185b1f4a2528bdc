// SEKI_VERSION and SEKI_GIT_COMMIT are compile definitions of this library (engine/run/CMakeLists).
#include "engine/run/tool_version.hpp"

namespace seki {

std::string ToolVersion() { return SEKI_VERSION; }
std::string ToolCommit() { return SEKI_GIT_COMMIT; }

}  // namespace seki
