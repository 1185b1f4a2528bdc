// The census below a matrix: the take phase of its down-set pass, the merge of ranks, JSON.
#include "engine/census/census_below.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "canon/canonical_form.hpp"
#include "engine/base/input_error.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/base/rules.hpp"
#include "engine/run/tool_version.hpp"
#include "engine/solve/downset_layout.hpp"
#include "engine/solve/solve_json.hpp"

namespace seki {

namespace {

using Json = nlohmann::ordered_json;

// Where a damaged state comes from: the down-set checkpoint that carries it.
constexpr const char* kStateFile = "checkpoint.json";

// The tally's fields (engine/solve/downset_take.hpp), 15 bits each (a tally sums at most
// kDownsetTallyMatrices): seki and d-seki; then the mark of a complete or semi-complete matrix in
// some game. (Below bit 22: nothing.)
constexpr int kSekiShift = 22, kDSekiShift = 37;
constexpr std::uint64_t kField = 0x7FFF;
static_assert(kField >= kDownsetTallyMatrices);
static_assert(kDownsetMarkUnit == std::uint64_t{1} << (kDSekiShift + 15));

// The values of one game in a block's value `v` (kOneGame: v is the game's 4 bits); nothing for a
// value no pass writes.
std::optional<Outcome> GameOutcome(std::uint8_t v, DownsetMode mode, Game pass_game, Game g) {
  if (mode == DownsetMode::kOneGame) {
    if (g != pass_game || v > 0xF) return std::nullopt;
    v = static_cast<std::uint8_t>(v << (g == Game::kSeki ? 0 : 4));
  }
  for (int s = 0; s < 8; s += 2)
    if (((v >> s) & 3) == 2) return std::nullopt;
  return PackedOutcome{v}.Get(g);
}

// kComplete or kSemiComplete where the outcome is one, else kNone.
SekiClass Listed(const std::optional<Outcome>& o) {
  if (!o) return SekiClass::kNone;
  const SekiClass k = o->seki_class();
  return k == SekiClass::kComplete || k == SekiClass::kSemiComplete ? k : SekiClass::kNone;
}

// The matrices B <= a with no zero line, by inclusion and exclusion over the rows and columns
// forced to 0 (exact: arithmetic mod 2^64 of a count below 2^62, DownsetLayout's bound).
std::uint64_t StartingBelow(const Matrix& a) {
  std::uint64_t total = 0;
  for (unsigned zr = 0; zr < (1u << a.rows()); ++zr)
    for (unsigned zc = 0; zc < (1u << a.cols()); ++zc) {
      std::uint64_t product = 1;
      for (int i = 0; i < a.rows(); ++i)
        for (int j = 0; j < a.cols(); ++j)
          if (!(zr >> i & 1) && !(zc >> j & 1)) product *= std::uint64_t(a(i, j)) + 1;
      total += (std::popcount(zr) + std::popcount(zc)) % 2 ? -product : product;
    }
  return total;
}

void AddTo(std::vector<std::uint64_t>& into, const nlohmann::json& from) {
  const auto v = from.get<std::vector<std::uint64_t>>();
  if (v.size() != into.size()) throw std::runtime_error("a census state of another height");
  for (std::size_t h = 0; h < v.size(); ++h) into[h] += v[h];
}

SekiClass KindFromJson(const nlohmann::json& j) { return static_cast<SekiClass>(j.get<int>()); }

const char* KindName(SekiClass k) {
  return k == SekiClass::kComplete       ? "complete"
         : k == SekiClass::kSemiComplete ? "semi-complete"
                                         : nullptr;
}

// Bytes one class holds in the census's map (its node: the matrix, two kinds, the tree links).
constexpr std::uint64_t kClassBytes = sizeof(Matrix) + 2 + 4 * sizeof(void*);

}  // namespace

CensusTaker::CensusTaker(const Matrix& a, std::vector<Matrix> points)
    : top_(a), points_(std::move(points)) {
  for (auto& s : seki_) s.assign(static_cast<std::size_t>(a.height()) + 1, 0);
  for (const Matrix& b : points_) {
    const std::string text = FormatMatrix(b);
    if (b.rows() != a.rows() || b.cols() != a.cols())
      throw InputError("--values-of", text + " is not of the shape of " + FormatMatrix(a));
    for (int i = 0; i < a.rows(); ++i)
      for (int j = 0; j < a.cols(); ++j)
        if (b(i, j) > a(i, j))
          throw InputError("--values-of",
                           fmt::format("{} is not below {}: its entry ({},{}) is {} > {}", text,
                                       FormatMatrix(a), i + 1, j + 1, b(i, j), a(i, j)));
    if (!IsStartingPosition(b))
      throw InputError("--values-of", text + " has a zero row or column (no values of its own)");
  }
  point_bits_.assign(points_.size(), 0);
  point_games_.assign(points_.size(), 0);
}

std::vector<std::uint64_t> CensusTaker::Points(const DownsetLayout& layout) {
  point_index_.clear();
  for (const Matrix& b : points_) point_index_.push_back(layout.Index(b));
  std::vector<std::uint64_t> sorted = point_index_;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  return sorted;
}

std::array<std::uint64_t, 256> CensusTaker::Weights(DownsetMode mode, Game game) {
  std::array<std::uint64_t, 256> w{};
  for (unsigned v = 0; v < 256; ++v) {
    const auto seki = GameOutcome(static_cast<std::uint8_t>(v), mode, game, Game::kSeki);
    const auto dseki = GameOutcome(static_cast<std::uint8_t>(v), mode, game, Game::kDSeki);
    listed_[v] = {Listed(seki), Listed(dseki)};
    if (!seki && !dseki) continue;
    if (seki && seki->seki_class() != SekiClass::kNone) w[v] |= 1ull << kSekiShift;
    if (dseki && dseki->seki_class() != SekiClass::kNone) w[v] |= 1ull << kDSekiShift;
    if (listed_[v][0] != SekiClass::kNone || listed_[v][1] != SekiClass::kNone)
      w[v] |= kDownsetMarkUnit;
  }
  return w;
}

void CensusTaker::Workers(int n) {
  const auto counts = Counts();
  const std::size_t heights = seki_[0].size();
  seki_ = counts;
  stride_ = (2 * heights + 7) / 8 * 8 + 8;
  worker_counts_.assign(static_cast<std::size_t>(n) * stride_, 0);
}

std::array<std::vector<std::uint64_t>, 2> CensusTaker::Counts() const {
  auto counts = seki_;
  const std::size_t heights = seki_[0].size();
  for (std::size_t w = 0; w < worker_counts_.size(); w += stride_)
    for (int g = 0; g < 2; ++g)
      for (std::size_t h = 0; h < heights; ++h) counts[g][h] += worker_counts_[w + g * heights + h];
  return counts;
}

void CensusTaker::Take(const DownsetTakeBlock& block) {
  std::uint64_t* const counts = &worker_counts_[static_cast<std::size_t>(block.worker) * stride_];
  const std::size_t heights = seki_[0].size();
  for (std::size_t h = 0; h < block.tally.size(); ++h) {
    const std::uint64_t t = block.tally[h];
    counts[h] += (t >> kSekiShift) & kField;
    counts[heights + h] += (t >> kDSekiShift) & kField;
  }
  if (block.values.empty()) return;
  for (std::size_t p = 0; block.points && p < point_index_.size(); ++p) {
    const std::uint64_t x = point_index_[p] - block.index;
    if (point_index_[p] < block.index || x >= block.values.size()) continue;
    const std::uint8_t v = block.values[x];
    const int g = static_cast<int>(block.game);
    std::lock_guard lock(mutex_);
    if (block.mode == DownsetMode::kBothGames) {
      point_bits_[p] = v;
      point_games_[p] = 3;
    } else {
      point_bits_[p] |= static_cast<std::uint8_t>(v << (g == 0 ? 0 : 4));
      point_games_[p] |= static_cast<std::uint8_t>(1 << g);
    }
  }
  std::vector<std::pair<Matrix, std::array<SekiClass, 2>>> found;
  for (std::size_t x = 0; x < block.values.size(); ++x) {
    const std::array<SekiClass, 2>& kind = listed_[block.values[x]];  // kDownsetZeroLine: none
    if (kind[0] == SekiClass::kNone && kind[1] == SekiClass::kNone) continue;
    found.emplace_back(canon::CanonicalForm(block.layout->At(block.index + x)), kind);
  }
  std::lock_guard lock(mutex_);
  for (const auto& [m, kind] : found) {
    auto& k = classes_[m];
    for (int g = 0; g < 2; ++g) k[g] = std::max(k[g], kind[g]);
  }
}

nlohmann::json CensusTaker::Save() const {
  std::lock_guard lock(mutex_);
  nlohmann::json classes = nlohmann::json::array();
  for (const auto& [m, kind] : classes_)
    classes.push_back({FormatMatrix(m), static_cast<int>(kind[0]), static_cast<int>(kind[1])});
  const auto counts = Counts();
  nlohmann::json points = nlohmann::json::array();
  for (std::size_t p = 0; p < points_.size(); ++p)
    points.push_back({FormatMatrix(points_[p]), point_bits_[p], point_games_[p]});
  return {{"matrix", FormatMatrix(top_)},
          {"seki", counts[0]},
          {"dseki", counts[1]},
          {"classes", classes},
          {"points", points}};
}

void CensusTaker::Restore(const nlohmann::json& state) {
  {
    std::lock_guard lock(mutex_);
    classes_.clear();
    for (auto& s : seki_) std::fill(s.begin(), s.end(), 0);
    std::fill(worker_counts_.begin(), worker_counts_.end(), 0);
    std::fill(point_bits_.begin(), point_bits_.end(), 0);
    std::fill(point_games_.begin(), point_games_.end(), 0);
  }
  Merge(state);
}

void CensusTaker::Merge(const nlohmann::json& state) {
  std::lock_guard lock(mutex_);
  try {
    if (state.at("matrix") != FormatMatrix(top_))
      throw InputError(kStateFile, "its census state is of another matrix");
    AddTo(seki_[0], state.at("seki"));
    AddTo(seki_[1], state.at("dseki"));
    for (const auto& c : state.at("classes")) {
      auto& k = classes_[ParseMatrix(c.at(0).get<std::string>())];
      k[0] = std::max(k[0], KindFromJson(c.at(1)));
      k[1] = std::max(k[1], KindFromJson(c.at(2)));
    }
    const nlohmann::json points = state.value("points", nlohmann::json::array());
    if (!points.is_array() || points.size() != points_.size())
      throw InputError(kStateFile, "its census state has other --values-of");
    for (std::size_t p = 0; p < points_.size(); ++p) {
      if (points[p].at(0) != FormatMatrix(points_[p]))
        throw InputError(kStateFile, "its census state has other --values-of");
      point_bits_[p] |= points[p].at(1).get<std::uint8_t>();
      point_games_[p] |= points[p].at(2).get<std::uint8_t>();
    }
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {  // JSON of other types, a matrix that does not parse
    throw InputError(kStateFile, std::string("its census state is damaged: ") + e.what());
  }
}

void CensusTaker::Gather(const Ranks& group, int split) {
  if (split <= 1 || group.size() <= 1) return;
  const std::string all = group.GatherText(Save().dump() + "\n");
  if (group.rank() != 0) return;
  const std::vector<std::uint64_t> zero(seki_[0].size(), 0);
  nlohmann::json points = nlohmann::json::array();
  for (const Matrix& b : points_) points.push_back({FormatMatrix(b), 0, 0});
  Restore(nlohmann::json::object({{"matrix", FormatMatrix(top_)},
                                  {"seki", zero},
                                  {"dseki", zero},
                                  {"classes", nlohmann::json::array()},
                                  {"points", points}}));
  std::istringstream lines(all);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) Merge(nlohmann::json::parse(line));
}

std::uint64_t CensusTaker::bytes() const {
  std::lock_guard lock(mutex_);
  return classes_.size() * kClassBytes +
         (seki_[0].size() + seki_[1].size()) * sizeof(std::uint64_t);
}

CensusBelow CensusTaker::Result(const std::string& source) const {
  CensusBelow out;
  out.bytes = bytes();
  std::lock_guard lock(mutex_);
  Census& c = out.census;
  c.rows = top_.rows(), c.cols = top_.cols();
  c.max_entry = top_.height(), c.max_sum = top_.sum();
  c.below = FormatMatrix(top_);
  c.source = source;
  c.classes = classes_.size();
  c.starting = StartingBelow(top_);
  out.matrices = static_cast<std::uint64_t>(DownsetMatrices(top_));
  const auto counts = Counts();
  for (int g = 0; g < 2; ++g)
    for (std::size_t h = 0; h < counts[g].size(); ++h)
      if (counts[g][h] > 0) out.seki_matrices[g][static_cast<int>(h)] = counts[g][h];
  for (const auto& [m, kind] : classes_) out.classes.push_back({m, kind});
  std::sort(out.classes.begin(), out.classes.end(), [](const BelowClass& x, const BelowClass& y) {
    return std::tuple(x.matrix.height(), x.matrix.sum(), x.matrix) <
           std::tuple(y.matrix.height(), y.matrix.sum(), y.matrix);
  });
  std::vector<std::pair<int, std::string>> listed;
  for (const BelowClass& b : out.classes) {
    const CensusFlags f = CensusFlags::Of(b.matrix);
    for (Game g : kGames) {
      const SekiClass k = b.kind[static_cast<int>(g)];
      if (k == SekiClass::kNone) continue;
      c.Table(g, k == SekiClass::kComplete ? CensusKind::kComplete : CensusKind::kSemiComplete)
          .Add(b.matrix.height(), b.matrix.sum(), f);
    }
    if (b.kind[0] == SekiClass::kComplete && b.matrix.height() >= kCensusListedHeight)
      listed.emplace_back(b.matrix.sum(), FormatMatrix(b.matrix));
  }
  std::sort(listed.begin(), listed.end());
  for (auto& [sum, text] : listed) c.listed.push_back(std::move(text));
  for (std::size_t p = 0; p < points_.size(); ++p) {
    if (point_games_[p] != 3)
      throw std::logic_error("the pass did not give the values of " + FormatMatrix(points_[p]));
    out.values.emplace_back(points_[p], Solution::From(PackedOutcome{point_bits_[p]}));
  }
  return out;
}

CensusBelow TakeCensusBelow(const Matrix& a, SolveEngineOptions options, const std::string& source,
                            const Ranks* group, std::vector<Matrix> values_of) {
  CensusTaker taker(a, std::move(values_of));
  options.kind = EngineKind::kDownset;
  options.take = &taker;
  SolveEngine engine(options);
  engine.Solve(a);
  if (group && engine.downset()) taker.Gather(*group, engine.downset()->split_ranks());
  return taker.Result(source);
}

nlohmann::ordered_json CensusBelowJson(const CensusBelow& c) {
  Json j = {{"tool", {{"name", "seki"}, {"version", ToolVersion()}, {"commit", ToolCommit()}}},
            {"below", c.census.below},
            {"shape", std::to_string(c.census.rows) + "x" + std::to_string(c.census.cols)},
            {"matrices", c.matrices},
            {"starting", c.census.starting},
            {"census", CensusJson(c.census)}};
  for (Game g : kGames) {
    Json rows = Json::array();
    for (const auto& [h, n] : c.seki_matrices[static_cast<int>(g)])
      rows.push_back({{"height", h}, {"matrices", n}});
    j[std::string(GameName(g)) + "_matrices"] = rows;
  }
  Json classes = Json::array();
  for (const BelowClass& b : c.classes) {
    Json row = {
        {"matrix", FormatMatrix(b.matrix)}, {"height", b.matrix.height()}, {"sum", b.matrix.sum()}};
    for (Game g : kGames) {
      const char* name = KindName(b.kind[static_cast<int>(g)]);
      row[std::string(GameName(g))] = name ? Json(name) : Json(nullptr);
    }
    classes.push_back(row);
  }
  j["classes"] = classes;
  if (!c.values.empty()) {
    Json values = Json::array();
    for (const auto& [b, v] : c.values)
      values.push_back(SolveReportJson(SolveReport{b, {GameReport{v.seki}, GameReport{v.dseki}}}));
    j["values"] = values;
  }
  j["census_bytes"] = c.bytes;
  return j;
}

}  // namespace seki
