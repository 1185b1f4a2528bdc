// The checkpoint directory and its checkpoint.json.
#include "storage/checkpoint.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <system_error>
#include <utility>

#include "engine/base/input_error.hpp"
#include "storage/atomic_file.hpp"
#include "storage/rank_file.hpp"

namespace seki {

namespace fs = std::filesystem;

namespace {
constexpr const char* kFile = "checkpoint.json";
constexpr const char* kFormat = "seki-checkpoint/1";

// True when every fractional-form number in `j` is finite and within +-2^31. Readers take counts
// and sums with nlohmann's get<integer>, a cast that is undefined for a float beyond the target's
// range (found by fuzz_checkpoint: a count of 6.7e121); what a checkpoint writes as a float
// (seconds) stays far below.
bool FloatsInRange(const nlohmann::json& j) {
  if (j.is_structured())
    return std::all_of(j.begin(), j.end(),
                       [](const nlohmann::json& v) { return FloatsInRange(v); });
  if (!j.is_number_float()) return true;
  const double x = j.get<double>();
  return std::isfinite(x) && std::fabs(x) < 2147483648.0;
}
}  // namespace

Checkpoint::Checkpoint(fs::path dir, std::string kind, int rank, int ranks)
    : dir_(std::move(dir)), kind_(std::move(kind)), rank_(rank), ranks_(ranks) {}

fs::path Checkpoint::file() const { return RankFile(dir_ / kFile, rank_, ranks_); }

fs::path Checkpoint::DataFile(const std::string& name) const {
  return RankFile(dir_ / name, rank_, ranks_);
}

bool Checkpoint::Exists() const {
  std::error_code ec;
  return fs::exists(file(), ec);
}

void Checkpoint::Prepare(bool resume, const std::string& option) const {
  std::error_code ec;
  if (fs::exists(dir_, ec) && !fs::is_directory(dir_, ec))
    throw InputError(option, dir_.string() + " is not a directory");
  if (!resume && Exists()) throw HeldError(option);
  fs::create_directories(dir_, ec);
  if (ec) throw InputError(option, "cannot create " + dir_.string() + ": " + ec.message());
}

InputError Checkpoint::HeldError(const std::string& option) const {
  return InputError(option, dir_.string() + " already holds a " + kind_ +
                                " checkpoint; use --resume to continue it or remove it");
}

std::optional<nlohmann::json> Checkpoint::Read() const {
  const fs::path path = file();
  std::ifstream in(path);
  if (!in) return std::nullopt;
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object() || !j.contains("format"))
    throw InputError(path.string(), "not a seki checkpoint (or damaged)");
  if (j["format"] != kFormat)
    throw InputError(path.string(), "a checkpoint of another seki (" + j["format"].dump() +
                                        "): remove it to start afresh");
  // Runs wrote checkpoints of this format before other kinds had one.
  if (j.contains("kind") && !j["kind"].is_string())
    throw InputError(path.string(), "not a seki checkpoint (or damaged): its kind is not a name");
  const std::string kind = j.value("kind", "run");
  if (kind != kind_)
    throw InputError(path.string(), "a " + kind + " checkpoint, not a " + kind_ + " checkpoint");
  if (!j.contains("parameters")) throw InputError(path.string(), "damaged: no parameters");
  if (!FloatsInRange(j)) throw InputError(path.string(), "damaged: a number out of range");
  return j;
}

bool IsSafeRelativePath(const std::string& name) {
  if (name.empty() || name.find('\0') != std::string::npos) return false;
  const std::filesystem::path p(name);
  if (p.is_absolute() || p.has_root_name() || p.has_root_directory()) return false;
  for (const std::filesystem::path& part : p)
    if (part == ".." || part == "." || part.empty()) return false;
  return true;
}

std::optional<nlohmann::json> Checkpoint::ReadMatching(const nlohmann::json& parameters) const {
  std::optional<nlohmann::json> j = Read();
  if (j && (*j)["parameters"] != parameters)
    throw InputError("--resume", dir_.string() + " holds a " + kind_ +
                                     " with other parameters: " + (*j)["parameters"].dump() +
                                     " (now " + parameters.dump() + ")");
  return j;
}

void Checkpoint::Write(nlohmann::json state) const {
  state["format"] = kFormat;
  state["kind"] = kind_;
  WriteFileAtomically(file(), state.dump(1) + "\n");
}

void Checkpoint::Remove() const {
  std::error_code ignored;
  fs::remove(file(), ignored);
}

}  // namespace seki
