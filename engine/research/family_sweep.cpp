// Family members, their sweep rows and the rows' JSON.
#include "engine/research/family_sweep.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "storage/atomic_file.hpp"

namespace seki {
namespace {

std::string Values(const Outcome& o) {
  return fmt::format("{} {} {} {}", Letter(o.R), Letter(o.C), Letter(o.r), Letter(o.c));
}

nlohmann::ordered_json OutcomeJson(const Outcome& o) {
  return {{"R", std::string(1, Letter(o.R))},
          {"C", std::string(1, Letter(o.C))},
          {"r", std::string(1, Letter(o.r))},
          {"c", std::string(1, Letter(o.c))},
          {"class", std::string(ClassName(o.seki_class()))}};
}

Result ParseResult(const std::string& text) {
  if (text == "W") return Result::W;
  if (text == "D") return Result::D;
  if (text == "L") return Result::L;
  throw std::invalid_argument("not W, D or L");
}

void CheckRange(int value, int low, int high, std::string_view option, std::string_view what) {
  if (value < low || value > high)
    throw InputError(option, fmt::format("{} needs {} in {}..{}", what, option, low, high));
}

}  // namespace

std::string_view FamilyNames() { return "A, B, C, cycle, alternating, opposite, cubic"; }

FamilyMember MakeFamilyMember(std::string_view family, int size, int parameter) {
  FamilyMember m{std::string(family), size, parameter, "", {}};
  if (family == "A" || family == "B") {
    CheckRange(parameter, 2, kMaxDim, "n", std::string(family) + "^n");
    m.name = fmt::format("{}^{}", family, parameter);
    m.matrix = family == "A" ? SequenceA(parameter) : SequenceB(parameter);
  } else if (family == "C") {
    CheckRange(parameter, 3, kMaxDim, "n", "the 2-cycle C_n");
    m.name = fmt::format("C_{}", parameter);
    m.matrix = TwoCycle(parameter);
  } else if (family == "cycle" || family == "alternating" || family == "opposite") {
    CheckRange(size, 2, kMaxDim, "--n", "a 2-cycle pattern");
    CheckRange(parameter, 1, family == "cycle" ? kMaxEntry : kMaxEntry - 1, "t",
               "a 2-cycle pattern");
    m.name = fmt::format("{} {}x{} t={}", family, size, size, parameter);
    m.matrix = family == "cycle"         ? CyclePattern(size, parameter)
               : family == "alternating" ? AlternatingCycle(size, parameter)
                                         : OppositeCycle(size, parameter);
  } else if (family == "cubic") {
    CheckRange(parameter, 0, kMaxEntry - 1, "i", "the cubic seki");
    m.name = fmt::format("cubic i={}", parameter);
    m.matrix = CubicSeki(parameter);
  } else {
    throw InputError("family", fmt::format("'{}' is not one of {}", family, FamilyNames()));
  }
  return m;
}

std::string SweepTableHeader() {
  return "| member | matrix | SEKI R C r c | class | D-SEKI R C r c | class | engine | seconds |\n"
         "|---|---|---|---|---|---|---|---|\n";
}

std::string SweepRowText(const SweepRow& row) {
  return fmt::format("| {} | {} | {} | {} | {} | {} | {} | {:.2f} |\n", row.member.name,
                     FormatMatrix(row.member.matrix), Values(row.value.seki),
                     ClassName(row.value.seki.seki_class()), Values(row.value.dseki),
                     ClassName(row.value.dseki.seki_class()), row.engine, row.seconds);
}

std::string SweepRowJson(const SweepRow& row) {
  nlohmann::ordered_json j;
  j["family"] = row.member.family;
  j["size"] = row.member.size;
  j["parameter"] = row.member.parameter;
  j["name"] = row.member.name;
  j["matrix"] = FormatMatrix(row.member.matrix);
  j["seki"] = OutcomeJson(row.value.seki);
  j["dseki"] = OutcomeJson(row.value.dseki);
  j["engine"] = row.engine;
  j["seconds"] = std::round(row.seconds * 100) / 100;
  return j.dump();
}

std::vector<SweepRow> ParseSweepRows(std::string_view text) {
  std::vector<SweepRow> rows;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) {
    try {
      const auto j = nlohmann::json::parse(line);
      SweepRow row;
      row.member = {j.at("family"), j.at("size"), j.at("parameter"), j.at("name"),
                    ParseMatrix(j.at("matrix").get<std::string>())};
      for (Game g : kGames) {
        const auto& o = j.at(std::string(GameName(g)));
        row.value[g] = Outcome::FromActive(ParseResult(o.at("r")), ParseResult(o.at("c")));
      }
      row.engine = j.at("engine");
      row.seconds = j.at("seconds");
      rows.push_back(std::move(row));
    } catch (const std::exception&) {
      // not a row of a sweep (e.g. cut short by a crash): solved again
    }
  }
  return rows;
}

SweepFile::SweepFile(std::filesystem::path path) : path_(std::move(path)) {}

const std::vector<SweepRow>& SweepFile::Load() {
  std::error_code ec;
  if (path_.empty()) return rows_;
  const std::filesystem::path dir = path_.parent_path().empty() ? "." : path_.parent_path();
  if (!std::filesystem::is_directory(dir, ec))
    throw InputError(path_.string(), "cannot be written: no directory " + dir.string());
  if (!std::filesystem::exists(path_, ec)) return rows_;
  std::ifstream in(path_);
  if (!in) throw InputError(path_.string(), "cannot be read");
  std::stringstream text;
  text << in.rdbuf();
  rows_ = ParseSweepRows(text.str());
  for (const SweepRow& row : rows_) text_ += SweepRowJson(row) + "\n";
  return rows_;
}

const SweepRow* SweepFile::Find(const Matrix& m) const {
  for (const SweepRow& row : rows_)
    if (row.member.matrix == m) return &row;
  return nullptr;
}

void SweepFile::Add(const SweepRow& row) {
  rows_.push_back(row);
  text_ += SweepRowJson(row) + "\n";
  if (!path_.empty()) WriteOutputFile(path_.string(), text_);
}

SweepRow SolveMember(SolveEngine& engine, const FamilyMember& member) {
  const auto start = std::chrono::steady_clock::now();
  SweepRow row{member, engine.Solve(member.matrix),
               std::string(EngineKindName(engine.Choose(member.matrix))), 0};
  row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return row;
}

}  // namespace seki
