#include "engine/describe/race_table.hpp"

#include <fmt/format.h>

#include "engine/solve/solve_engine.hpp"

namespace seki {

Race TwoGroupRace(int s, int p, int q, bool e, bool f) {
  Race r(Matrix(1, 1));
  r.a.set(0, 0, s);
  r.row_outside[0] = std::uint8_t(p);
  r.col_outside[0] = std::uint8_t(q);
  r.row_eye[0] = e;
  r.col_eye[0] = f;
  return r;
}

std::string TwoGroupCell(const Outcome& o) {
  constexpr Result W = Result::W, D = Result::D, L = Result::L;
  if (o.R == W && o.C == L) return "B";
  if (o.R == L && o.C == W) return "W";
  if (o.R == W && o.C == W) return "1st";
  if (o.R == D && o.C == D) return o.seki_class() == SekiClass::kComplete ? "seki*" : "seki";
  if (o.R == W && o.C == D) return "B\\|seki";
  if (o.R == D && o.C == W) return "seki\\|W";
  return fmt::format("R={} C={}", Letter(o.R), Letter(o.C));  // never: spec section 3
}

std::string TwoGroupTableMarkdown(int max) {
  SolveEngine engine;
  std::string out;
  const struct {
    bool e, f;
    const char* title;
  } cases[] = {{false, false, "No eye"},
               {true, false, "White has an eye (Black none)"},
               {true, true, "An eye each"}};
  for (const auto& c : cases) {
    out += fmt::format("#### {}\n\n", c.title);
    for (int s = 0; s <= max; ++s) {
      out += fmt::format("{} shared {}:\n\n| p \\ q |", s, s == 1 ? "liberty" : "liberties");
      for (int q = 0; q <= max; ++q) out += fmt::format(" {} |", q);
      out += "\n|---|";
      for (int q = 0; q <= max; ++q) out += "---|";
      out += '\n';
      for (int p = 0; p <= max; ++p) {
        out += fmt::format("| **{}** |", p);
        for (int q = 0; q <= max; ++q) {
          const Race r = TwoGroupRace(s, p, q, c.e, c.f);
          out +=
              " " + (RaceStartProblem(r).empty() ? TwoGroupCell(engine.Solve(r).seki) : "") + " |";
        }
        out += '\n';
      }
      out += '\n';
    }
  }
  return out;
}

}  // namespace seki
