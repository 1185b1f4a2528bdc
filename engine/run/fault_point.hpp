// Fault injection for the kill-and-resume tests: with SEKI_KILL_AT=<point>:<level> in the
// environment, the process kills itself with SIGKILL when it reaches that point of that level, as
// an outside kill would; SEKI_KILL_AT=<point>:<level>@<rank> kills only that rank of a distributed
// run. Points: "catalogue", "level-file", "checkpoint", "finish" (engine/run/run.cpp) and
// "exchange" (after the first record exchange of a level, engine/distributed).
// Concurrency: call from the thread that runs the Run.
#pragma once

namespace seki {

void FaultPoint(const char* point, int level, int rank = 0);

}  // namespace seki
