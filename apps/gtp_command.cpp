#include "apps/gtp_command.hpp"

#include <iostream>
#include <memory>
#include <string>

#include "engine/base/memory_limit.hpp"
#include "engine/go/gtp_session.hpp"
#include "engine/run/memory_budget.hpp"
#include "engine/run/tool_version.hpp"

namespace seki::cli {
namespace {

struct GtpOptions {
  std::string engine = "auto";
  std::string memory_limit;
};

constexpr const char* kFooter =
    R"(Commands: protocol_version, name, version, known_command, list_commands, quit, boardsize,
clear_board, komi, play, genmove, reg_genmove, undo, loadsgf FILE [MOVE], showboard,
final_status_list alive|dead|seki, analyze_semeai A B, seki-analyze, gogui-analyze_commands.
genmove plays the move of a race it proves better than passing (a capture, or a seki kept where a
pass would lose), race by race, else passes; it never resigns. final_status_list lists only the
chains it decides: unconditionally alive chains, the groups of a seki, the loser's group of a race
one side wins whoever moves first. analyze_semeai A B answers as GNU Go: R1 R2 MOVE, A's colour
moving first, R1 = 1 when it keeps A, R2 = 1 when it captures B (1 0: seki), MOVE its move or
PASS; the whole race around A and B is solved. A position outside the model: "? " and the words of
`seki go`'s refusal. See docs/go/gtp.md.)";

}  // namespace

void AddGtpCommand(CLI::App& app) {
  auto options = std::make_shared<GtpOptions>();
  CLI::App* sub =
      app.add_subcommand("gtp", "A Go Text Protocol engine that plays and analyses races");
  sub->add_option("--engine", options->engine, "auto (default), search, downset or exhaustive")
      ->check(CLI::IsMember({"auto", "search", "downset", "exhaustive"}));
  sub->add_option(
      "--memory-limit", options->memory_limit,
      "Memory of a solve, e.g. 8G (default: " + DefaultMemoryPercent() + " of physical memory)");
  sub->footer(kFooter);
  sub->callback([options] {
    SolveEngine engine(SolveEngineOptions{.kind = ParseEngineKind(options->engine, "--engine"),
                                          .memory_bytes = static_cast<std::size_t>(MemoryLimitBytes(
                                              ParseMemoryLimit(options->memory_limit))),
                                          .moves = true});
    go::GtpSession session(engine, ToolVersion());
    session.set_notes(&std::cerr);
    go::RunGtp(std::cin, std::cout, session);
  });
}

}  // namespace seki::cli
