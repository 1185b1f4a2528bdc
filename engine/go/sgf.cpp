// The SGF grammar: Collection = GameTree+; GameTree = "(" Node+ GameTree* ")"; Node = ";"
// Property*; Property = Ident Value+; Ident = letters; Value = "[" text with \-escapes "]".
#include "engine/go/sgf.hpp"

#include <cctype>
#include <map>

#include "engine/base/input_error.hpp"

namespace seki::go {
namespace {

struct Property {
  std::string ident;
  std::vector<std::string> values;
};
using Node = std::vector<Property>;

// A recursive-descent reader of the first game tree's main line.
class Reader {
 public:
  Reader(std::string_view text, std::string_view where) : text_(text), where_(where) {}

  std::vector<Node> MainLine() {
    Skip();
    if (!Eat('(')) Fail("not an SGF file: it does not start with '(;'");
    std::vector<Node> nodes;
    GameTree(nodes, true);
    return nodes;
  }

  [[noreturn]] void Fail(const std::string& problem) const {
    throw InputError(where_, "SGF: " + problem);
  }
  [[noreturn]] void FailHere(const std::string& problem) const {
    Fail(problem + " at byte " + std::to_string(pos_ + 1));
  }

 private:
  // After '('; appends the nodes of this tree's main line when `main`.
  void GameTree(std::vector<Node>& nodes, bool main) {
    Skip();
    if (!Peek(';')) FailHere("expected ';' (a node)");
    while (Skip(), Peek(';')) {
      ++pos_;
      Node node = ReadNode();
      if (main) nodes.push_back(std::move(node));
    }
    bool first = true;
    while (Skip(), Peek('(')) {
      ++pos_;
      if (++depth_ > 10000) FailHere("variations nested too deeply");
      GameTree(nodes, main && first);
      --depth_;
      first = false;
    }
    Skip();
    if (!Eat(')')) FailHere(pos_ >= text_.size() ? "unexpected end of file" : "expected ')'");
  }

  Node ReadNode() {
    Node node;
    while (Skip(), pos_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[pos_]))) {
      Property p;
      while (pos_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[pos_]))) {
        const char ch = text_[pos_++];
        if (std::isupper(static_cast<unsigned char>(ch))) p.ident += ch;  // FF[3] lower case
      }
      while (Skip(), Peek('[')) p.values.push_back(Value());
      if (p.values.empty()) FailHere("property " + p.ident + " without a value");
      node.push_back(std::move(p));
    }
    return node;
  }

  std::string Value() {
    ++pos_;
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != ']') {
      if (text_[pos_] == '\\') {
        ++pos_;
        if (pos_ >= text_.size()) break;
        if (text_[pos_] == '\n' || text_[pos_] == '\r') {  // a soft line break
          ++pos_;
          continue;
        }
      }
      out += text_[pos_++];
    }
    if (!Eat(']')) FailHere("unexpected end of file in a property value");
    return out;
  }

  void Skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool Peek(char ch) const { return pos_ < text_.size() && text_[pos_] == ch; }
  bool Eat(char ch) {
    if (!Peek(ch)) return false;
    ++pos_;
    return true;
  }

  std::string_view text_, where_;
  std::size_t pos_ = 0;
  int depth_ = 0;
};

int Coordinate(char ch) {
  if (ch >= 'a' && ch <= 'z') return ch - 'a';
  if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 26;
  return -1;
}

char Letter(int v) { return char(v < 26 ? 'a' + v : 'A' + v - 26); }

std::string Escape(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (ch == ']' || ch == '\\') out += '\\';
    out += ch;
  }
  return out;
}

class Position {
 public:
  // Plays the moves before move `before` (1-based; every move when before < 1).
  Position(const Reader& reader, std::string_view where, int before = 0)
      : reader_(reader), where_(where), before_(before) {}

  void Apply(const Node& node, bool root) {
    for (const Property& p : node) {
      if (p.ident == "GM" && p.values.front() != "1")
        reader_.Fail("GM[" + OneLine(p.values.front()) + "] is not a game of GO (GM[1])");
      if (p.ident == "SZ") {
        if (!root || started_) reader_.Fail("SZ outside the root node");
        Size(p.values.front());
      }
    }
    for (const Property& p : node) {
      if (p.ident == "AB" || p.ident == "AW" || p.ident == "AE") {
        const Stone s = p.ident == "AB"   ? Stone::kBlack
                        : p.ident == "AW" ? Stone::kWhite
                                          : Stone::kEmpty;
        for (const std::string& v : p.values)
          for (Point q : Points(v)) board().set(q, s);
      } else if (p.ident == "B" || p.ident == "W") {
        if (before_ > 0 && played_ + 1 >= before_) continue;
        ++played_;
        last_ = p.ident == "B" ? Stone::kBlack : Stone::kWhite;
        const std::string& v = p.values.front();
        if (v.empty() || (v == "tt" && board().width() <= 19 && board().height() <= 19))
          continue;  // a pass
        const std::vector<Point> at = Points(v);
        if (at.size() != 1) reader_.Fail(p.ident + "[" + OneLine(v) + "] is not one point");
        PlayMove(board(), at.front(), p.ident == "B" ? Stone::kBlack : Stone::kWhite,
                 std::string(where_) + ": SGF: move " + std::to_string(++moves_));
      }
    }
  }

  Board& board() {
    if (!started_) {
      board_ = Board(width_, height_, std::string(where_) + ": SGF: SZ");
      started_ = true;
    }
    return board_;
  }
  Stone last() const { return last_; }
  int played() const { return played_; }

 private:
  void Size(const std::string& v) {
    const auto number = [&](const std::string& t) {
      if (t.empty() || t.size() > 3) reader_.Fail("SZ[" + OneLine(v) + "] is not a board size");
      int n = 0;
      for (char ch : t) {
        if (!std::isdigit(static_cast<unsigned char>(ch)))
          reader_.Fail("SZ[" + OneLine(v) + "] is not a board size");
        n = 10 * n + (ch - '0');
      }
      return n;
    };
    const std::size_t colon = v.find(':');
    width_ = number(v.substr(0, colon));
    height_ = colon == std::string::npos ? width_ : number(v.substr(colon + 1));
  }

  // "dd" or the rectangle "aa:cc".
  std::vector<Point> Points(const std::string& v) {
    const auto one = [&](std::string_view t) {
      if (t.size() != 2) reader_.Fail("[" + OneLine(v) + "] is not a point");
      const int x = Coordinate(t[0]), row = Coordinate(t[1]);
      const Point q{x, board().height() - 1 - row};
      if (x < 0 || row < 0 || !board().Inside(q))
        reader_.Fail("[" + OneLine(v) + "] is not a point of the " +
                     std::to_string(board().width()) + "x" + std::to_string(board().height()) +
                     " board");
      return q;
    };
    const std::size_t colon = v.find(':');
    if (colon == std::string::npos) return {one(v)};
    const Point a = one(std::string_view(v).substr(0, colon)),
                b = one(std::string_view(v).substr(colon + 1));
    std::vector<Point> out;
    for (int y = std::min(a.y, b.y); y <= std::max(a.y, b.y); ++y)
      for (int x = std::min(a.x, b.x); x <= std::max(a.x, b.x); ++x) out.push_back({x, y});
    return out;
  }

  const Reader& reader_;
  std::string_view where_;
  Board board_;
  bool started_ = false;
  int width_ = 19, height_ = 19, moves_ = 0;
  int before_ = 0, played_ = 0;  // moves and passes played
  Stone last_ = Stone::kEmpty;
};

}  // namespace

bool LooksLikeSgf(std::string_view text) {
  std::size_t k = 0;
  while (k < text.size() && std::isspace(static_cast<unsigned char>(text[k]))) ++k;
  return text.substr(k, 1) == "(";
}

SgfPosition ReadSgfPosition(std::string_view text, std::string_view where, int before) {
  Reader reader(text, where);
  const std::vector<Node> nodes = reader.MainLine();
  Position position(reader, where, before);
  for (std::size_t k = 0; k < nodes.size(); ++k) position.Apply(nodes[k], k == 0);
  return {position.board(), position.last(), position.played()};
}

Board ReadSgf(std::string_view text, std::string_view where) {
  return ReadSgfPosition(text, where).board;
}

std::string SgfPoint(Point p, int height) {
  return std::string{Letter(p.x), Letter(height - 1 - p.y)};
}

std::string WriteSgf(const SgfRecord& r) {
  const Board& b = r.board;
  std::string out = "(;GM[1]FF[4]CA[UTF-8]AP[seki]SZ[" + std::to_string(b.width()) +
                    (b.width() == b.height() ? "" : ":" + std::to_string(b.height())) + "]";
  if (!r.game_name.empty()) out += "GN[" + Escape(r.game_name) + "]";
  for (Stone s : {Stone::kBlack, Stone::kWhite}) {
    std::string points;
    for (int k = 0; k < b.size(); ++k)
      if (b.at(b.PointAt(k)) == s) points += "[" + SgfPoint(b.PointAt(k), b.height()) + "]";
    if (!points.empty()) out += "\n" + std::string(s == Stone::kBlack ? "AB" : "AW") + points;
  }
  if (!r.labels.empty()) {
    out += "\nLB";
    for (const auto& [p, text] : r.labels)
      out += "[" + SgfPoint(p, b.height()) + ":" + Escape(text) + "]";
  }
  if (!r.comment.empty()) out += "\nC[" + Escape(r.comment) + "]";
  for (const std::vector<SgfMove>& line : r.variations) {
    out += "\n(";
    for (const SgfMove& m : line) {
      out += std::string(";") + (m.colour == Stone::kBlack ? "B" : "W") + "[" +
             (m.pass ? "" : SgfPoint(m.at, b.height())) + "]";
      if (!m.comment.empty()) out += "C[" + Escape(m.comment) + "]";
    }
    out += ")";
  }
  return out + ")\n";
}

}  // namespace seki::go
