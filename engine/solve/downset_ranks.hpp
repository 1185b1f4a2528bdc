// A down-set pass split among the ranks of a job (engine/base/ranks.hpp; DownsetShare gives each
// its range of one digit): RunOnRanks drives one rank's pass step by step, passing the boundary
// layer up after each step through the ranks' exchange; AgreeOnResume decides a resume together.
// The other collective steps of a split pass (the root's values, found on the last rank; a stop or
// checkpoint decided together; a barrier after each checkpoint) are the ranks' maxima and barriers
// (engine/solve/downset.cpp). This layer never sees MPI.
// Concurrency: every function is collective: all ranks call it in the same order, from the thread
// that runs the pass (never a worker).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "engine/base/ranks.hpp"
#include "engine/solve/downset_pass.hpp"
#include "engine/solve/downset_share.hpp"

namespace seki {

// After each rank has read its checkpoint in `dir` (`found`: at `at`, a position of pass `pass`;
// `problem`: the error of one that could not be read, else empty): returns when every rank resumes
// from the same position or none does; otherwise throws InputError on every rank, naming the
// lowest rank whose file failed (its own message on that rank) or saying that the positions
// differ.
void AgreeOnResume(const Ranks& ranks, const std::filesystem::path& dir, bool found, int pass,
                   const DownsetPosition& at, const std::string& problem);

// Runs `pass` (rank ranks.rank()'s `share` of `layout`, its buffer at `values` in `mode`) from
// `from` to the end one step at a time: after each step the chunks of that step in the top
// layer of this rank's range go to the rank above (into its halo, only their own nibbles written in
// DownsetMode::kOneGame), then `between(next)` is called on this thread, collectively (false: stop
// there, as DownsetPass::Run). Returns false when `between` stopped it.
bool RunOnRanks(DownsetPass& pass, const DownsetLayout& layout, const DownsetShare& share,
                DownsetMode mode, std::uint8_t* values, DownsetPosition from, int threads,
                const Ranks& ranks, const DownsetPass::Between& between);

}  // namespace seki
