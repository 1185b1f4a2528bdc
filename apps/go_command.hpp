// `seki go FILE|-` reads a GO position (SGF or a text diagram), takes its groups as the paper's
// matrix (engine/go/go_model.hpp), decides it through the one solve path and says the verdict in GO
// terms (engine/go/go_verdict.hpp), as text or JSON (engine/describe/go_report.hpp); --sgf writes
// the analysis back as SGF, --svg the board, --html a page. `seki go --realise MATRIX` does the
// same for a board built to realise the matrix (engine/go/go_realise.hpp). Bad input: one line,
// exit 2 (3 when the solve does not fit its memory), nothing written.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace seki::cli {

struct GoOptions {
  std::string file;     // SGF or diagram; "-" reads standard input
  std::string realise;  // --realise MATRIX instead of a file
  std::string region;   // "" (the default groups), "C3:H9" or "C3,E5"
  std::string format = "text";
  std::string sgf, svg, html;  // outputs
  std::string engine = "auto";
  std::string memory_limit;
};
void RunGo(const GoOptions& options, const std::string& command);

void AddGoCommand(CLI::App& app, int argc, char** argv);

}  // namespace seki::cli
