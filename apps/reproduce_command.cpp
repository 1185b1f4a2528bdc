#include "apps/reproduce_command.hpp"

#include <fmt/format.h>
#include <tbb/global_control.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>

#include "apps/cli_error.hpp"
#include "engine/base/input_error.hpp"
#include "engine/reproduction/reproduction_format.hpp"
#include "engine/run/host.hpp"
#include "storage/atomic_file.hpp"

namespace seki::cli {

int RunReproduce(const ReproduceOptions& o, const std::string& command) {
  const int threads = ThreadsOption(o.threads);
  // Check the output files can be written before the long computation.
  for (const std::string& path : {o.json_file, o.markdown_file})
    if (!path.empty()) CheckOutputFile(path);
  if (!o.markdown_file.empty()) {  // the folder of the detail pages, beside the main page
    std::filesystem::path pages(o.markdown_file);
    pages.replace_extension();
    std::error_code ec;
    std::filesystem::create_directories(pages, ec);
    if (ec) throw InputError(pages.string(), "cannot be created: " + ec.message());
  }
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);

  ReproductionOptions options;
  options.quick = o.quick;
  if (!o.quiet)
    options.progress = [](std::string_view line) {
      std::cerr << "seki reproduce: " << line << '\n';
    };
  const Reproduction r = Reproduce(options);

  std::cout << FormatReproductionText(r, o.verbose);
  std::cout.flush();
  if (!o.json_file.empty()) WriteOutputFile(o.json_file, FormatReproductionJson(r, command));
  if (!o.markdown_file.empty()) {
    const std::filesystem::path report(o.markdown_file);
    for (const MarkdownPage& page :
         FormatReproductionMarkdown(r, command, report.filename().string()))
      WriteOutputFile((report.parent_path() / page.path).string(), page.text);
  }
  if (r.ok()) return 0;
  std::string failed;
  for (const Claim& c : r.claims)
    if (c.status == ClaimStatus::kFailed) failed += (failed.empty() ? "" : ", ") + c.id;
  std::cout.flush();
  std::cerr << "seki: reproduce: " << OneLine("claims FAILED: " + failed) << '\n';
  return kExitFinding;
}

void AddReproduceCommand(CLI::App& app) {
  auto options = std::make_shared<ReproduceOptions>();
  CLI::App* sub = app.add_subcommand(
      "reproduce",
      "Recompute every known result of the paper (spec section 4) and compare: a table of "
      "claims with what the paper says, what was computed, and confirmed / differs-explained / "
      "FAILED");
  sub->add_flag("--quick", options->quick,
                "Smaller regions (3x3 entries <= 6 instead of <= 10, ...): under a minute on 2 "
                "cores; each claim states its region");
  sub->add_option("--json", options->json_file, "Also write the report as JSON to FILE")
      ->type_name("FILE");
  sub->add_option("--markdown", options->markdown_file,
                  "Also write the report as Markdown: FILE (docs/reproduction.md) and a page of "
                  "each group's claims in detail in the folder FILE without .md")
      ->type_name("FILE");
  sub->add_option("--threads", options->threads, "Worker threads (default: all cores)");
  sub->add_flag("-v,--verbose", options->verbose,
                "Print every claim's itemized details (by default only for claims that differ)");
  sub->add_flag("--quiet", options->quiet, "No progress lines on stderr");
  sub->footer(
      fmt::format("Exit status: {} when every claim is confirmed or its difference is "
                  "explained, {} when a claim FAILED (listed on stderr), {} on bad options, {} on "
                  "an internal error.\n",
                  kExitDone, kExitFinding, kExitBadInput, kExitInternalError) +
      kReproductionStatusLegend);
  sub->callback([options] {
    std::string command = "seki reproduce";
    if (options->quick) command += " --quick";
    if (!options->json_file.empty()) command += " --json " + options->json_file;
    if (!options->markdown_file.empty()) command += " --markdown " + options->markdown_file;
    const int status = RunReproduce(*options, command);
    if (status != 0) std::exit(status);  // the failed claims are already on stderr
  });
}

}  // namespace seki::cli
