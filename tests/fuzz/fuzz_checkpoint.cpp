// Fuzz target: the readers of a checkpoint directory (storage/checkpoint.hpp) of each kind, as
// `--resume` meets one: checkpoint.json and one data file beside it. The input is a selector byte,
// then checkpoint.json, then (after a line "----") the data file's bytes, written into a scratch
// directory of its own under /tmp (emptied after every input). The selector's bits 0-1 the kind:
//   0 run:     RunDirectory::ReadCheckpoint, then PrepareRunDirectory with resume (the level
//   store's
//              Resume, engine/run/level_store.hpp); the data file is the newest kept level's first
//              file. Bit 2: the parameters of `seki enumerate --rows 2 --cols 2 --max-entry 3`
//              instead of 3x3, entries <= 3.
//   1 check:   CheckCheckpoint with resume, then Take of each shape; the data file as for a run
//   (the
//              last shape's newest kept level). Bit 2: the parameters of `seki check 6.2 --max-rows
//              2 --max-entry 4 --min-height 2` instead of `--shapes 3x3 --max-entry 3`; bit 3: Take
//              by groups.
//   2 downset: LoadDownsetCheckpoint (the data file: its "data"), or with bit 4 LoadRingCheckpoint
//              (a --scratch directory); the matrix is the checkpoint's own when it parses and has
//              at most 2^18 matrices below it (else 2222/2222). Bit 2: a full table; bit 3: 4 bits
//              a matrix; bit 5: a census's take state (CensusTaker::Restore, `seki census
//              --below`).
//   3 sweep:   SweepCheckpoint with resume (`seki family cycle --n 3 --from 1 --to 4`); bit 2: with
//              the checkpoint's own parameters.
// Properties: no crash, no sanitizer report, no exception but InputError (one line, as every
// reason and notice); allocation bounded by the input; an accepted run checkpoint's kept levels
// survive KeptLevelsJson -> KeptLevelsFromJson, a resumed level is of the sum its point names, a
// sweep's rows re-encode.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/rules.hpp"
#include "engine/census/census_below.hpp"
#include "engine/check/check_checkpoint.hpp"
#include "engine/describe/family_sweep.hpp"
#include "engine/run/run_directory.hpp"
#include "engine/solve/downset_checkpoint.hpp"
#include "engine/solve/downset_layout.hpp"
#include "engine/solve/downset_pass.hpp"
#include "engine/solve/downset_ring.hpp"
#include "engine/solve/downset_share.hpp"
#include "tests/fuzz/fuzz_common.hpp"
#include "tests/fuzz/fuzz_files.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const seki::fuzz::ScratchDir& Scratch() {
  static const seki::fuzz::ScratchDir dir("fuzz-checkpoint");
  return dir;
}

const seki::Ranks kOneProcess;

void Notice(const std::string& text) {
  seki::fuzz::Say("notice", text);
  seki::fuzz::ExpectOneLine(text);
}

void Why(const std::string& why) {
  seki::fuzz::Say("why", why);
  if (why.empty()) std::abort();
  seki::fuzz::ExpectOneLine(why);
}

void Error(const seki::InputError& e) {
  seki::fuzz::Say("error", e.what());
  seki::fuzz::ExpectOneLine(e.what());
}

// The first file of the newest kept point of a "resumable" list, when the harness may write it.
std::optional<std::string> NewestFile(const json& resumable) {
  if (!resumable.is_array() || resumable.empty()) return std::nullopt;
  const json& point = resumable.back();
  if (!point.is_object() || !point.contains("level_files")) return std::nullopt;
  const json& files = point["level_files"];
  if (!files.is_array() || files.empty() || !files[0].is_string()) return std::nullopt;
  const std::string name = files[0].get<std::string>();
  if (!seki::fuzz::SafeName(name)) return std::nullopt;
  return name;
}

void WriteData(const fs::path& dir, const std::optional<std::string>& name,
               const std::optional<std::string_view>& data) {
  if (name && data) seki::fuzz::WriteFile(dir / *name, *data);
}

// `seki enumerate --rows R --cols C --max-entry 3`.
json RunParameters(int rows, int cols) {
  return {{"cols", cols},
          {"effective_max_entry", 3},
          {"effective_max_sum", 3 * rows * cols},
          {"generate_only", false},
          {"max_entry", 3},
          {"max_sum", nullptr},
          {"outcomes", false},
          {"rows", rows}};
}

void Run(const fs::path& dir, const json& checkpoint, const std::optional<std::string_view>& data,
         bool small) {
  if (checkpoint.is_object() && checkpoint.contains("resumable"))
    WriteData(dir, NewestFile(checkpoint["resumable"]), data);
  const seki::RunDirectory run(dir);
  std::string why;
  if (const std::optional<seki::RunCheckpoint> c = run.ReadCheckpoint(&why)) {
    const std::vector<seki::KeptLevel> again =
        seki::KeptLevelsFromJson(seki::KeptLevelsJson(c->resumable));
    if (again.size() != c->resumable.size()) std::abort();
    for (std::size_t k = 0; k < again.size(); ++k)
      if (again[k].sum != c->resumable[k].sum || again[k].files != c->resumable[k].files ||
          again[k].state != c->resumable[k].state)
        std::abort();
  } else {
    Why(why);
  }
  const int side = small ? 2 : 3;
  seki::DirectoryRequest request;
  request.parameters = RunParameters(side, side);
  request.file_params = {side, side, 3, 3 * side * side, true};
  request.resume = true;
  try {
    const seki::RunStartPoint start = seki::PrepareRunDirectory(run, request, kOneProcess, Notice);
    if (start.level) {
      seki::fuzz::Say("resumed", "level " + std::to_string(start.level->sum()));
      if (start.checkpoint.resumable.empty() ||
          start.level->sum() != start.checkpoint.resumable.back().sum || !start.partial_sizes)
        std::abort();
    }
  } catch (const seki::InputError& e) {
    Error(e);
  }
}

// The parameters of `seki check 6.2 --shapes 3x3 --max-entry 3` and of `seki check 6.2 --max-rows
// 2 --max-entry 4 --min-height 2`, as their checkpoints hold them.
json CheckParameters(bool small) {
  if (!small)
    return json::parse(R"({"conjecture":"6.2","max_entry":3,"max_sum":-1,"min_height":4,)"
                       R"("shapes":[{"cols":3,"max_entry":3,"max_sum":27,"rows":3}]})");
  return json::parse(
      R"({"conjecture":"6.2","max_entry":4,"max_sum":-1,"min_height":2,"shapes":[)"
      R"({"cols":1,"max_entry":4,"max_sum":4,"rows":1},{"cols":2,"max_entry":4,"max_sum":16,"rows":2}]})");
}

void Check(const fs::path& dir, const json& checkpoint, const std::optional<std::string_view>& data,
           bool small, bool by_groups) {
  if (checkpoint.is_object() && checkpoint.contains("shapes") && checkpoint["shapes"].is_object()) {
    std::optional<std::string> name;
    for (const auto& [key, shape] : checkpoint["shapes"].items())
      if (shape.is_object() && shape.contains("resumable"))
        if (auto file = NewestFile(shape["resumable"])) name = file;
    WriteData(dir, name, data);
  }
  const json parameters = CheckParameters(small);
  std::optional<seki::CheckCheckpoint> check;
  try {
    check.emplace(dir, parameters, /*resume=*/true, Notice);
  } catch (const seki::InputError& e) {
    Error(e);
    return;
  }
  const json& shapes = parameters["shapes"];
  for (std::size_t k = 0; k < shapes.size(); ++k) {
    const json& s = shapes[k];
    const seki::EnumerationSpace space =
        seki::EnumerationSpace::Make(s["rows"], s["cols"], s["max_entry"], s["max_sum"]);
    try {
      const auto r = check->Take(k, space, Notice, by_groups);
      if (!r) continue;
      seki::fuzz::Say("took", "shape " + std::to_string(k) + " at level " +
                                  std::to_string(r->tally.last_sum) + (r->level ? "" : " (done)"));
      if (r->level && r->level->sum() != r->tally.last_sum) std::abort();
      if (!r->level && r->tally.last_sum != space.max_sum) std::abort();
    } catch (const seki::InputError& e) {
      Error(e);
    }
  }
}

// The matrix of a down-set checkpoint: its own when it parses, is a starting position and has at
// most 2^18 matrices below it (so the harness's table stays small), else 2222/2222.
seki::Matrix DownsetMatrix(const json& checkpoint) {
  const seki::Matrix fallback = seki::ParseMatrix("2222/2222");
  if (!checkpoint.is_object() || !checkpoint.contains("parameters")) return fallback;
  const json& p = checkpoint["parameters"];
  if (!p.is_object() || !p.contains("matrix") || !p["matrix"].is_string()) return fallback;
  try {
    const seki::Matrix a = seki::ParseMatrix(p["matrix"].get<std::string>());
    if (!seki::IsStartingPosition(a) || seki::DownsetMatrices(a) > double(1 << 18)) return fallback;
    return a;
  } catch (const seki::ParseError&) {
    return fallback;
  }
}

// The --values-of points a census's take state names, when they are matrices below `a`.
std::vector<seki::Matrix> TakePoints(const json& checkpoint, const seki::Matrix& a) {
  std::vector<seki::Matrix> points;
  if (!checkpoint.is_object() || !checkpoint.contains("take")) return points;
  const json& take = checkpoint["take"];
  if (!take.is_object() || !take.contains("points") || !take["points"].is_array()) return points;
  for (const json& p : take["points"]) {
    if (!p.is_array() || p.empty() || !p[0].is_string() || points.size() >= 8) return {};
    try {
      points.push_back(seki::ParseMatrix(p[0].get<std::string>()));
      seki::CensusTaker probe(a, {points.back()});  // below a, a starting position
    } catch (const std::exception&) {
      return {};
    }
  }
  return points;
}

void Downset(const fs::path& dir, const json& checkpoint,
             const std::optional<std::string_view>& data, bool full, bool one_game, bool ring,
             bool take) {
  const seki::Matrix a = DownsetMatrix(checkpoint);
  if (!ring && checkpoint.is_object() && checkpoint.contains("data") &&
      checkpoint["data"].is_string()) {
    const std::string name = checkpoint["data"].get<std::string>();
    if (seki::fuzz::SafeName(name) && name.find('/') == std::string::npos)
      WriteData(dir, name, data);
  }
  const seki::DownsetLayout layout = seki::DownsetLayout::For(a);
  const seki::DownsetMode mode =
      one_game ? seki::DownsetMode::kOneGame : seki::DownsetMode::kBothGames;
  const seki::Checkpoint where(dir, "downset");
  json taken;
  json* const state = take ? &taken : nullptr;
  bool loaded = false;
  try {
    if (ring) {
      const seki::DownsetRingGeometry geometry = seki::DownsetRingGeometry::For(layout, mode);
      if (!geometry.possible()) return;
      if (const auto r = seki::LoadRingCheckpoint(where, layout, mode, geometry, state)) {
        seki::fuzz::Say("ring", "pass " + std::to_string(r->progress.pass));
        if (r->checksums.size() != geometry.slots) std::abort();
        loaded = true;
      }
    } else {
      const std::size_t bytes = full ? seki::DownsetStore{nullptr, full, mode}.bytes(layout)
                                     : seki::DownsetShare::For(layout, 0, 1).bytes(mode);
      std::vector<std::uint8_t> values(bytes);
      loaded = seki::LoadDownsetCheckpoint(where, layout, full, mode, values.data(), bytes, state)
                   .has_value();
      if (loaded) seki::fuzz::Say("downset", "loaded " + std::to_string(bytes) + " bytes");
    }
  } catch (const seki::InputError& e) {
    Error(e);
    return;
  }
  if (!loaded || !take) return;
  seki::CensusTaker taker(a, TakePoints(checkpoint, a));
  try {
    taker.Restore(taken);  // as a resumed `seki census --below` does
    seki::fuzz::Say("census", "restored");
  } catch (const seki::InputError& e) {
    Error(e);
  }
}

void Sweep(const fs::path& dir, const json& checkpoint, bool own_parameters) {
  json parameters = {{"family", "cycle"}, {"size", 3}, {"from", 1}, {"to", 4}};
  if (own_parameters && checkpoint.is_object() && checkpoint.contains("parameters"))
    parameters = checkpoint["parameters"];
  try {
    const seki::SweepCheckpoint saved(dir, parameters, /*resume=*/true, seki::CheckpointPolicy{},
                                      Notice);
    seki::fuzz::Say("sweep", std::to_string(saved.rows().size()) + " rows");
    for (const seki::SweepRow& row : saved.rows()) {
      if (saved.Find(row.member.matrix) == nullptr) std::abort();
      (void)seki::SweepRowJson(row);  // a row read back can be written again
      (void)seki::SweepRowText(row);
    }
  } catch (const seki::InputError& e) {
    Error(e);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t selector = data[0];
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  const auto [text, file] = seki::fuzz::SplitOnce(rest);
  const seki::fuzz::ScratchDir& scratch = Scratch();
  scratch.Clear();
  const fs::path dir = scratch.path();
  seki::fuzz::WriteFile(dir / "checkpoint.json", text);
  // What the harness reads of the checkpoint to name its data file (the readers parse it again).
  const json checkpoint = json::parse(text, nullptr, /*allow_exceptions=*/false);
  const bool bit2 = selector & 4, bit3 = selector & 8, bit4 = selector & 16, bit5 = selector & 32;
  switch (selector & 3) {
    case 0:
      Run(dir, checkpoint, file, bit2);
      break;
    case 1:
      Check(dir, checkpoint, file, bit2, bit3);
      break;
    case 2:
      Downset(dir, checkpoint, file, bit2, bit3, bit4, bit5);
      break;
    default:
      Sweep(dir, checkpoint, bit2);
      break;
  }
  scratch.Clear();
  return 0;
}
