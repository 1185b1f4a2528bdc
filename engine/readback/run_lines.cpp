// Strict parsers for catalogue and outcomes lines.
#include "engine/readback/run_lines.hpp"

#include <cstdio>

#include "engine/base/matrix_text.hpp"
#include "engine/level/catalogue.hpp"

namespace seki {

namespace {

// Text as it may appear in a one-line message: control and non-ASCII bytes as \xNN, cut short.
std::string Show(std::string_view text) {
  constexpr std::size_t kMax = 40;
  std::string out;
  for (std::size_t k = 0; k < text.size() && k < kMax; ++k) {
    const auto byte = static_cast<unsigned char>(text[k]);
    if (byte < 0x20 || byte >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", byte);
      out += buf;
    } else {
      out += text[k];
    }
  }
  if (text.size() > kMax) out += "...";
  return out;
}

class Cursor {
 public:
  Cursor(std::string_view line, std::string* why) : line_(line), why_(why) {}

  bool at_end() const { return pos_ == line_.size(); }

  bool Fail(const std::string& problem) { return FailAt(pos_, problem); }
  // A problem with the value of the field that starts at field_at_ (its key).
  bool FailValue(const std::string& problem) { return FailAt(field_at_, problem); }

  // The text up to the next space (or the end), which must not be empty.
  bool Token(std::string_view& out, const char* what) {
    const std::size_t end = std::min(line_.find(' ', pos_), line_.size());
    if (end == pos_) return Fail(std::string("missing ") + what);
    out = line_.substr(pos_, end - pos_);
    pos_ = end;
    return true;
  }

  bool Matrix(seki::Matrix& a) {
    std::string_view text;
    if (!Token(text, "matrix")) return false;
    try {
      a = ParseMatrix(text);
    } catch (const ParseError& e) {
      return FailAt(0, std::string("matrix: ") + e.what());
    }
    if (FormatMatrix(a) != text)
      return FailAt(0, "matrix '" + Show(text) + "' is not in canonical text form ('" +
                           FormatMatrix(a) + "')");
    return true;
  }

  // " key=" followed by the value token.
  bool Field(std::string_view key, std::string_view& value) {
    const std::string expected = " " + std::string(key) + "=";
    if (line_.substr(pos_, expected.size()) != expected) {
      if (at_end()) return Fail("line ends before the field " + std::string(key));
      return Fail("expected '" + std::string(key) + "=' after one space, found '" +
                  Show(line_.substr(pos_, expected.size() + 4)) + "'");
    }
    field_at_ = pos_ + 1;
    pos_ += expected.size();
    return Token(value, (std::string("value of ") + std::string(key)).c_str());
  }

  bool Number(std::string_view key, int& out) {
    std::string_view v;
    if (!Field(key, v)) return false;
    const bool digits = v.find_first_not_of("0123456789") == std::string_view::npos;
    if (!digits || v.size() > 5 || (v.size() > 1 && v[0] == '0'))
      return FailValue(std::string(key) + "='" + Show(v) + "' is not a number in canonical form");
    out = 0;
    for (char ch : v) out = out * 10 + (ch - '0');
    return true;
  }

  bool Letter(std::string_view key, Result& out) {
    std::string_view v;
    if (!Field(key, v)) return false;
    if (!LetterValue(v, out))
      return FailValue(std::string(key) + "='" + Show(v) + "': expected W, D or L");
    return true;
  }

  bool YesNo(std::string_view key, bool& out) {
    std::string_view v;
    if (!Field(key, v)) return false;
    if (v != "yes" && v != "no")
      return FailValue(std::string(key) + "='" + Show(v) + "': expected yes or no");
    out = v == "yes";
    return true;
  }

  // Four letters R, C, r, c.
  bool Values(std::string_view key, Outcome& out) {
    std::string_view v;
    if (!Field(key, v)) return false;
    Result x[4];
    bool ok = v.size() == 4;
    for (std::size_t k = 0; ok && k < 4; ++k) ok = LetterValue(v.substr(k, 1), x[k]);
    if (!ok)
      return FailValue(std::string(key) + "='" + Show(v) +
                       "': expected four letters W, D or L (RCrc)");
    out = Outcome{x[0], x[1], x[2], x[3]};
    return true;
  }

  bool End() {
    if (!at_end()) return Fail("unexpected text '" + Show(line_.substr(pos_)) + "'");
    return true;
  }

 private:
  static bool LetterValue(std::string_view v, Result& out) {
    if (v == "W")
      out = Result::W;
    else if (v == "D")
      out = Result::D;
    else if (v == "L")
      out = Result::L;
    else
      return false;
    return true;
  }

  bool FailAt(std::size_t at, const std::string& problem) {
    if (why_) *why_ = "column " + std::to_string(at + 1) + ": " + problem;
    return false;
  }

  std::string_view line_;
  std::size_t pos_ = 0, field_at_ = 0;
  std::string* why_;
};

}  // namespace

std::optional<CatalogueRecord> ParseCatalogueLine(std::string_view line, std::string* why) {
  Cursor c(line, why);
  CatalogueRecord r;
  if (!c.Matrix(r.matrix) || !c.Number("sum", r.sum) || !c.Number("height", r.height) ||
      !c.Letter("R", r.outcome.R) || !c.Letter("C", r.outcome.C) || !c.Letter("r", r.outcome.r) ||
      !c.Letter("c", r.outcome.c) || !c.YesNo("idsm", r.idsm) || !c.YesNo("prime", r.prime) ||
      !c.YesNo("symmetric", r.symmetric))
    return std::nullopt;
  if (!c.at_end()) {
    bool planar = false;
    if (!c.YesNo("planar", planar)) return std::nullopt;
    r.planar = planar;
  }
  if (!c.End()) return std::nullopt;
  return r;
}

std::optional<OutcomeRecord> ParseOutcomeLine(std::string_view line, std::string* why) {
  Cursor c(line, why);
  OutcomeRecord r;
  if (!c.Matrix(r.matrix) || !c.Values("seki", r.values.seki) ||
      !c.Values("dseki", r.values.dseki) || !c.End())
    return std::nullopt;
  return r;
}

std::optional<SekiCountRecord> ParseSekiCountLine(std::string_view line, std::string* why) {
  const std::string text(line);
  SekiCountRecord r;
  unsigned long long count = 0;
  if (std::sscanf(text.c_str(), "sum=%d height=%d count=%llu", &r.sum, &r.height, &count) != 3 ||
      SekiCountLine(r.sum, r.height, count) != text || count == 0) {
    if (why)
      *why = "'" + Show(line) + "' is not 'sum=S height=H count=N' (N > 0, canonical numbers)";
    return std::nullopt;
  }
  r.count = count;
  return r;
}

}  // namespace seki
