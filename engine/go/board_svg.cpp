#include "engine/go/board_svg.hpp"

#include <fmt/format.h>

namespace seki::go {
namespace {

constexpr double kCell = 28, kMargin = 30;

}  // namespace

std::string XmlEscape(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (ch == '&')
      out += "&amp;";
    else if (ch == '<')
      out += "&lt;";
    else if (ch == '>')
      out += "&gt;";
    else if (ch == '"')
      out += "&quot;";
    else
      out += ch;
  }
  return out;
}

std::string BoardSvg(const Board& board, const std::vector<std::pair<Point, std::string>>& labels,
                     const std::string& title) {
  const int w = board.width(), h = board.height();
  const auto X = [&](int x) { return kMargin + x * kCell; };
  const auto Y = [&](int y) { return kMargin + (h - 1 - y) * kCell; };
  const double width = 2 * kMargin + (w - 1) * kCell, height = 2 * kMargin + (h - 1) * kCell;
  std::string s = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0:.0f}\" height=\"{1:.0f}\" "
      "viewBox=\"0 0 {0:.0f} {1:.0f}\">\n<title>{2}</title>\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"#e8c57a\"/>\n",
      width, height, XmlEscape(title));
  for (int x = 0; x < w; ++x)
    s += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#5a4020\"/>\n",
                     X(x), Y(h - 1), Y(0));
  for (int y = 0; y < h; ++y)
    s += fmt::format("<line x1=\"{1}\" y1=\"{0}\" x2=\"{2}\" y2=\"{0}\" stroke=\"#5a4020\"/>\n",
                     Y(y), X(0), X(w - 1));
  const std::string font = "font-family=\"sans-serif\" text-anchor=\"middle\"";
  for (int x = 0; x < w; ++x)
    s += fmt::format("<text x=\"{}\" y=\"{}\" {} font-size=\"11\">{}</text>\n", X(x), height - 8,
                     font, PointName({x, 0}).substr(0, 1));
  for (int y = 0; y < h; ++y)
    s += fmt::format("<text x=\"{}\" y=\"{}\" {} font-size=\"11\">{}</text>\n", 12, Y(y) + 4, font,
                     y + 1);
  for (int k = 0; k < board.size(); ++k) {
    const Point p = board.PointAt(k);
    const Stone stone = board.at(p);
    if (stone == Stone::kEmpty) continue;
    const bool black = stone == Stone::kBlack;
    s += fmt::format(
        "<circle class=\"stone {}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#000\"/>\n",
        black ? "black" : "white", X(p.x), Y(p.y), kCell / 2 - 1, black ? "#111" : "#fafafa");
  }
  for (const auto& [p, text] : labels)
    s += fmt::format(
        "<circle cx=\"{0}\" cy=\"{1}\" r=\"9\" fill=\"#e8c57a\"/>\n<text class=\"label\" x=\"{0}\" "
        "y=\"{2}\" {3} font-size=\"10\" fill=\"#b00000\">{4}</text>\n",
        X(p.x), Y(p.y), Y(p.y) + 3.5, font, XmlEscape(text));
  return s + "</svg>\n";
}

}  // namespace seki::go
