// Family members, their sweep rows and the rows' JSON.
#include "engine/describe/family_sweep.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/solve/solve_json.hpp"
#include "engine/structure/matrix_tools.hpp"
#include "storage/atomic_file.hpp"
#include "storage/checkpoint.hpp"
#include "storage/kill_point.hpp"

namespace seki {
namespace {

std::string Values(const Outcome& o) {
  return fmt::format("{} {} {} {}", Letter(o.R), Letter(o.C), Letter(o.r), Letter(o.c));
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
  for (Game g : kGames)
    j[std::string(GameName(g))] = OutcomeJson(row.value[g], ClassName(row.value[g].seki_class()));
  j["engine"] = row.engine;
  j["seconds"] = std::round(row.seconds * 100) / 100;
  return j.dump();
}

namespace {

SweepRow RowFromJson(const nlohmann::json& j) {
  SweepRow row;
  row.member = {j.at("family"), j.at("size"), j.at("parameter"), j.at("name"),
                ParseMatrix(j.at("matrix").get<std::string>())};
  for (Game g : kGames) {
    const auto& o = j.at(std::string(GameName(g)));
    row.value[g] = Outcome::FromActive(ParseResult(o.at("r")), ParseResult(o.at("c")));
  }
  row.engine = j.at("engine");
  row.seconds = j.at("seconds");
  return row;
}

}  // namespace

SweepCheckpoint::SweepCheckpoint(std::filesystem::path dir, nlohmann::json parameters, bool resume,
                                 CheckpointPolicy every,
                                 const std::function<void(const std::string&)>& notice)
    : dir_(std::move(dir)), parameters_(std::move(parameters)), clock_(every) {
  if (dir_.empty()) return;
  const Checkpoint checkpoint(dir_, "sweep");
  checkpoint.Prepare(resume);
  std::error_code ec;
  std::filesystem::create_directories(MemberDir(), ec);
  if (ec) throw InputError(MemberDir().string(), "cannot be created: " + ec.message());
  if (!resume) return;
  const std::optional<nlohmann::json> j = checkpoint.ReadMatching(parameters_);
  if (!j) {
    notice("nothing to resume in " + dir_.string() + "; starting");
    return;
  }
  try {
    for (const nlohmann::json& row : j->at("rows")) rows_.push_back(RowFromJson(row));
  } catch (const std::exception& e) {
    throw InputError(checkpoint.file().string(), std::string("damaged: ") + e.what());
  }
}

const SweepRow* SweepCheckpoint::Find(const Matrix& m) const {
  for (const SweepRow& row : rows_)
    if (row.member.matrix == m) return &row;
  return nullptr;
}

void SweepCheckpoint::Add(const SweepRow& row, int index, int count) {
  rows_.push_back(row);
  if (clock_.Due(index, count)) Save();
}

void SweepCheckpoint::Save() {
  if (dir_.empty()) return;
  nlohmann::json rows = nlohmann::json::array();
  for (const SweepRow& row : rows_) rows.push_back(nlohmann::json::parse(SweepRowJson(row)));
  Checkpoint(dir_, "sweep").Write({{"parameters", parameters_}, {"rows", rows}});
  KillPoint("sweep-checkpoint", static_cast<int>(rows_.size()));
  clock_.Saved(static_cast<int>(rows_.size()));
}

std::filesystem::path SweepCheckpoint::MemberDir() const {
  return dir_.empty() ? dir_ : dir_ / "member";
}

SweepRow SolveMember(SolveEngine& engine, const FamilyMember& member) {
  const auto start = std::chrono::steady_clock::now();
  SweepRow row{member, engine.Solve(member.matrix),
               std::string(EngineKindName(engine.Choose(member.matrix))), 0};
  row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return row;
}

namespace {

// The members of the request, after its family, size and range are checked (and its output, which
// must be writable before anything is solved).
std::vector<FamilyMember> SweepMembers(const SweepRequest& r) {
  const bool cubic = r.family == "cubic";
  MakeFamilyMember(r.family, cubic ? 0 : std::max(r.size, 2), cubic ? 1 : 3);  // the name first
  if (r.from < 1 || r.to < r.from)
    throw InputError("--from", "give a range --from P --to Q with 1 <= P <= Q");
  std::vector<FamilyMember> members;
  for (int p = r.from; p <= r.to; ++p) members.push_back(MakeFamilyMember(r.family, r.size, p));
  if (!r.output.empty()) CheckOutputFile(r.output.string());
  return members;
}

nlohmann::json SweepParameters(const SweepRequest& r, const std::vector<FamilyMember>& members) {
  return {{"family", members.front().family}, {"size", r.size}, {"from", r.from}, {"to", r.to}};
}

}  // namespace

FamilySweep::FamilySweep(SweepRequest request,
                         const std::function<void(const std::string&)>& notice)
    : request_(std::move(request)),
      members_(SweepMembers(request_)),
      saved_(request_.checkpoint, SweepParameters(request_, members_), request_.resume,
             request_.every, notice) {}

SolveEngineOptions FamilySweep::MemberEngine(SolveEngineOptions options) const {
  options.checkpoint = saved_.MemberDir();
  options.resume = true;  // the member's own pass, if one was saved
  if (request_.every.every_minutes > 0)
    options.checkpoint_every = {0, request_.every.every_minutes};
  return options;
}

std::vector<SweepRow> FamilySweep::Run(const std::function<SweepRow(const FamilyMember&)>& solve,
                                       const std::function<void(const SweepRow&)>& on_row) {
  std::vector<SweepRow> rows;
  std::string lines;
  const int count = static_cast<int>(members_.size());
  for (int k = 0; k < count; ++k) {
    const FamilyMember& member = members_[k];
    if (const SweepRow* done = saved_.Find(member.matrix)) {
      rows.push_back(*done);
    } else {
      try {
        rows.push_back(solve(member));
      } catch (...) {
        saved_.Save();  // the rows so far, whatever stopped the sweep
        throw;
      }
      saved_.Add(rows.back(), k + 1, count);
    }
    lines += SweepRowJson(rows.back()) + "\n";
    if (!request_.output.empty()) WriteOutputFile(request_.output.string(), lines);
    on_row(rows.back());
  }
  return rows;
}

std::vector<SweepRow> SweepFamily(const SweepRequest& request, SolveEngineOptions options,
                                  const std::function<void(const SweepRow&)>& on_row,
                                  const std::function<void(const std::string&)>& notice) {
  FamilySweep sweep(request, notice);
  SolveEngine engine(sweep.MemberEngine(std::move(options)));
  return sweep.Run(
      [&](const FamilyMember& member) {
        return engine.Guarded(member.name, [&] {
          engine.Check(member.matrix, member.name);
          return SolveMember(engine, member);
        });
      },
      on_row);
}

}  // namespace seki
