// Fuzz target: the GTP command loop (engine/go/gtp_session.hpp, `seki gtp`), one line of input at a
// time, as a GO program or a user types them. Properties: Handle never throws; every response is
// empty (no command on the line) or "=..." / "?..." ending in a blank line; the session's board
// stays within 1..25 points a side.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/go/gtp_session.hpp"
#include "engine/solve/solve_engine.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  seki::SolveEngine engine(
      seki::SolveEngineOptions{.memory_bytes = std::size_t{64} << 20, .threads = 1});
  seki::go::GtpSession session(engine, "fuzz");
  int lines = 0;
  while (!text.empty() && !session.quit() && ++lines <= 64) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    const std::string response = session.Handle(line);
    if (response.empty()) continue;
    if ((response[0] != '=' && response[0] != '?') || !response.ends_with("\n\n")) std::abort();
    const int width = session.board().width(), height = session.board().height();
    if (width < 1 || width > 25 || height < 1 || height > 25) std::abort();
  }
  return 0;
}
