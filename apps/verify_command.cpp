// `seki verify DIR`: options and output of Verify (engine/readback/verify.hpp).
#include "apps/verify_command.hpp"

#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <string>

#include "apps/cli_error.hpp"
#include "engine/readback/verify.hpp"

namespace seki::cli {

namespace {

// The lines before the checks: the run, and what will be re-solved.
void PrintHeader(const std::string& dir, const RunVerifier& verifier, std::ostream& out) {
  const RunManifest& m = verifier.manifest();
  out << "seki verify " << dir << ": " << RunSpaceText(m)
      << ", outcomes.txt: " << (m.outcomes ? "yes" : "no") << "; written by " << m.tool_name << " "
      << m.tool_version << " (commit " << (m.tool_commit.empty() ? "unknown" : m.tool_commit) << ")"
      << (m.end.empty() ? "" : " at " + m.end) << '\n';
  const std::uint64_t seed = verifier.seed();
  if (m.generate_only)
    out << "generation-only run: no catalogues\n";
  else if (verifier.options().sample)
    out << "re-solving a sample of " << *verifier.options().sample
        << " lines per file plus every complete and semi-complete line; seed " << seed
        << " (repeat with --seed " << seed << ")\n";
  else
    out << "re-solving every line\n";
}

// Prints the checks as they are made; returns the exit status.
int RunVerify(const std::string& dir, const VerifyOptions& options, std::ostream& out) {
  const RunVerifier verifier(dir, options);
  PrintHeader(dir, verifier, out);
  const VerifyReport report = verifier.Run([&out](const VerifyCheck& c) {
    out << (c.ok ? "ok      " : "FAILED  ") << OneLine(c.what) << ": " << OneLine(c.detail) << '\n';
    out.flush();
  });
  out << "verify: " << report.total() << " checks, " << report.passed() << " ok, "
      << report.failed() << " FAILED\n";
  out.flush();
  return report.ok() ? kExitDone : kExitFinding;
}

}  // namespace

void AddVerifyCommand(CLI::App& app) {
  auto dir = std::make_shared<std::string>();
  auto sample = std::make_shared<std::uint64_t>(0);
  auto seed = std::make_shared<std::uint64_t>(0);
  CLI::App* cmd = app.add_subcommand(
      "verify",
      fmt::format("Re-check a finished run directory independently of the level engine: files "
                  "against the manifest, every line re-derived and re-solved, catalogues against "
                  "each other. Exit {} when every check holds, {} when one fails, {} for a missing "
                  "directory "
                  "or unreadable manifest, {} on an internal error",
                  kExitDone, kExitFinding, kExitBadInput, kExitInternalError));
  cmd->add_option("dir", *dir, "Run directory (written by seki enumerate)")->required();
  CLI::Option* sample_opt = cmd->add_option(
      "--sample", *sample,
      "Re-solve a seeded random sample of N lines per file (plus every complete and "
      "semi-complete line) instead of every line");
  CLI::Option* seed_opt =
      cmd->add_option("--seed", *seed, "Seed of the sample (default: random, printed)");
  seed_opt->needs(sample_opt);
  cmd->callback([dir, sample, seed, sample_opt, seed_opt] {
    VerifyOptions o;
    if (sample_opt->count() > 0) o.sample = *sample;
    if (seed_opt->count() > 0) o.seed = *seed;
    const int status = RunVerify(*dir, o, std::cout);
    if (status != 0) throw ExitStatus{status};
  });
}

}  // namespace seki::cli
