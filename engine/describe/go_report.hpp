// The documents of `seki go` (and `seki.go` in Python): the JSON of an analysed GO position (the
// fields of `seki solve --format json`, with the board, its groups, each entry's liberties and the
// moves and lines as board points) and its static HTML page (the board drawn as SVG, the verdict,
// the matrix, the lines), as `seki report --html` makes its page.
// Concurrency: GoReportJson is pure; WriteGoPage writes DIR and must not run twice on one DIR.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/go/go_verdict.hpp"

namespace seki {

// RaceReportJson(report) (a plain race's: SolveReportJson's matrix, rows, cols, sum, height, seki,
// dseki; a race's adds race, outside, eyes and each move's move and kind), each game's moves with
// "points" and lines whose steps have "point", and "board" {width, height, diagram}, "groups"
// {"white": [{name, row, stones, liberties}], "black": [{name, col, ...}]}, "entries" [{row, col,
// liberties}], for a race "outside_and_eyes" [{place, group, points}], "verdict",
// "dseki_verdict", "parting" (null with one group a side), "walls" {"assumed_alive": [names],
// "note" (null when every wall lives unconditionally)}, "go_lines" {"B": {moves, ending, result},
// "W": ...} (SEKI, Black resp. White first).
nlohmann::ordered_json GoReportJson(const go::GoAnalysis& analysis);

// The board as SVG with each shared liberty labelled "i,j" (its entry).
std::string GoBoardSvg(const go::GoModel& model);

// DIR/index.html and DIR/board.svg (with the walls the verdict assumes alive); returns the page's
// path. An InputError naming DIR when it
// cannot be written.
std::filesystem::path WriteGoPage(const go::GoAnalysis& analysis, const std::filesystem::path& dir,
                                  const std::string& command, const std::string& source);

}  // namespace seki
