// The reports of `seki reproduce`: the terminal text, the Markdown page (docs/reproduction.md's
// form) and the JSON document of a Reproduction.
// Concurrency: pure functions.
#pragma once

#include <string>
#include <vector>

#include "engine/reproduction/reproduction.hpp"

namespace seki {

// What the statuses mean, one paragraph (the report's legend and the command's help).
extern const char* const kReproductionStatusLegend;

// The table of claims, each claim with the paper's words and the computation's (details for every
// claim with `verbose`, else for the claims that differ), the searches and the counts.
std::string FormatReproductionText(const Reproduction& r, bool verbose);
// A page of the Markdown report: its path, relative to the folder of the main page, and its text.
struct MarkdownPage {
  std::string path;
  std::string text;
};
// The Markdown report, headed by `command` and the build's version and commit: the main page
// (path `main`, e.g. "reproduction.md": the summary table, the searches, a link to each group's
// page) and a page of the claims in detail for each group of claims, "<main without
// .md>/<group>.md" (e.g. "reproduction/small-cases.md"), in the claims' order.
std::vector<MarkdownPage> FormatReproductionMarkdown(const Reproduction& r,
                                                     const std::string& command,
                                                     const std::string& main);
// {"command", "commit", "quick", "ok", "seconds", "claims": [...], "searches": [...]}.
std::string FormatReproductionJson(const Reproduction& r, const std::string& command);

}  // namespace seki
