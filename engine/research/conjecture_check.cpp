// Searches for counterexamples to the paper's open conjectures with the level engine.
#include "engine/research/conjecture_check.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <sstream>
#include <stdexcept>

#include "canon/canonical_form.hpp"
#include "engine/base/matrix_text.hpp"
#include "engine/level/catalogue.hpp"
#include "engine/level/class_count.hpp"
#include "engine/research/check_checkpoint.hpp"
#include "engine/solve/solver.hpp"
#include "engine/structure/matrix_tools.hpp"

namespace seki {

namespace {

using Clock = std::chrono::steady_clock;

double Since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string Shape(int rows, int cols) { return std::to_string(rows) + "x" + std::to_string(cols); }

std::string LineSums(const Matrix& a) {
  std::string rows, cols;
  for (int i = 0; i < a.rows(); ++i) rows += (i ? "," : "") + std::to_string(a.row_sum(i));
  for (int j = 0; j < a.cols(); ++j) cols += (j ? "," : "") + std::to_string(a.col_sum(j));
  return "row sums " + rows + ", column sums " + cols;
}

bool IsComplete(const Solution& v, Game g) { return v[g].seki_class() == SekiClass::kComplete; }

std::string BlockName(Block69 kind, const Matrix& b) {
  switch (kind) {
    case Block69::kZeroOneIdsm:
      return "(0,1)-IDSM with s = " + std::to_string(b.row_sum(0));
    case Block69::kTwoCycle:
      return "2-cycle C_" + std::to_string(b.rows());
    case Block69::kOther:
      break;
  }
  return "other";
}

std::vector<std::string> CounterNames(Conjecture c) {
  switch (c) {
    case Conjecture::k61:
      return {"complete seki", "prime complete seki", "prime complete seki that are IDSMs"};
    case Conjecture::k62:
      return {"complete seki"};
    case Conjecture::k63:
      return {};
    case Conjecture::k69:
      return {"complete d-seki", "prime (0,1)-IDSMs with s >= 2", "prime 2-cycles C_k (k >= 3)",
              "direct sums of such blocks"};
  }
  return {};
}

// Counts and findings of one class with no zero line.
// `key`: the class's `words` key words (a ClassKey is made only for the rare classes kept).
void Examine(Conjecture c, const CheckConfig& config, const Matrix& a, const std::uint64_t* key,
             int words, PackedOutcome packed, ShapeTally& t) {
  const Solution v = Solution::From(packed);
  ++t.examined;
  for (Game g : kGames) ++t.by_class[static_cast<int>(g)][static_cast<int>(v[g].seki_class())];
  const bool complete_seki = IsComplete(v, Game::kSeki);
  if (complete_seki) ++t.complete_by_height[a.height()];
  if (t.census.AddClass(a, v)) t.listed.emplace_back(ClassKey(key, key + words), packed);
  switch (c) {
    case Conjecture::k61:
      if (complete_seki) {
        ++t.extra[0];
        if (IsPrime(a)) {
          ++t.extra[1];
          t.extra[2] += IsIdsm(a);
        }
      }
      break;
    case Conjecture::k62:
      t.extra[0] += complete_seki;
      break;
    case Conjecture::k63:
      break;
    case Conjecture::k69:
      if (IsComplete(v, Game::kDSeki)) {
        ++t.extra[0];
        const std::vector<Matrix> blocks = PrimeBlocks(a);
        if (blocks.size() == 1) {
          const Block69 kind = ClassifyBlock69(blocks[0]);
          t.extra[1] += kind == Block69::kZeroOneIdsm;
          t.extra[2] += kind == Block69::kTwoCycle;
        } else {
          t.extra[3] += IsConforming69(a);
        }
      }
      break;
  }
  const bool found = c == Conjecture::k62
                         ? complete_seki && a.height() >= std::min(config.min_height_62, 4)
                         : IsFinding(c, a, v);
  if (found) t.findings.emplace_back(ClassKey(key, key + words), packed);
}

// Appends the (key, values) pairs of `parts` (each a tally of one shard or one rank) to `all`,
// the new ones in key order: independent of threads and ranks.
void AppendSorted(std::vector<KeyedOutcome>& all, const std::vector<ShapeTally>& parts,
                  std::vector<KeyedOutcome> ShapeTally::*list) {
  const std::size_t first_new = all.size();
  for (const ShapeTally& t : parts) all.insert(all.end(), (t.*list).begin(), (t.*list).end());
  std::sort(all.begin() + static_cast<std::ptrdiff_t>(first_new), all.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
}

// One tally from the tallies of parts of a level (shards or ranks): counts summed, findings and
// listed classes in key order.
ShapeTally Combine(const std::vector<ShapeTally>& parts) {
  ShapeTally all;
  for (const ShapeTally& t : parts) all.Merge(t);
  AppendSorted(all.findings, parts, &ShapeTally::findings);
  AppendSorted(all.listed, parts, &ShapeTally::listed);
  return all;
}

// Rank 0 gets the tally of the whole level from every rank's tally of its shards (sent as one
// line of JSON each, the checkpoint's form); the other ranks get an empty tally.
ShapeTally GatherLevelTally(const RunGroup& group, const ShapeTally& mine) {
  const std::string text = group.GatherText(ShapeTallyJson(mine).dump() + "\n");
  if (!group.root()) return {};
  std::vector<ShapeTally> ranks;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    ranks.push_back(ShapeTallyFromJson(nlohmann::json::parse(line)));
  return Combine(ranks);
}

}  // namespace

std::optional<Conjecture> ParseConjecture(std::string_view text) {
  for (Conjecture c : kConjectures)
    if (text == ConjectureName(c)) return c;
  return std::nullopt;
}

std::string_view ConjectureName(Conjecture c) {
  switch (c) {
    case Conjecture::k61:
      return "6.1";
    case Conjecture::k62:
      return "6.2";
    case Conjecture::k63:
      return "6.3";
    case Conjecture::k69:
      return "6.9";
  }
  return "?";
}

std::string_view ConjectureStatement(Conjecture c) {
  switch (c) {
    case Conjecture::k61:
      return "every prime (0,1,2) complete seki is an IDSM";
    case Conjecture::k62:
      return "H_n, the largest height of an n x n complete seki, is finite, non-decreasing and "
             "unbounded; H_3 = 3 and H_4 > 3";
    case Conjecture::k63:
      return "every seki is square: for m != n, R or C wins";
    case Conjecture::k69:
      return "every complete d-seki is a direct sum of (0,1)-IDSMs with line sum s >= 2 and "
             "2-cycles C_k (k >= 3)";
  }
  return "";
}

std::string_view FindingMeaning(Conjecture c) {
  switch (c) {
    case Conjecture::k61:
      return "a prime complete seki with every entry <= 2 that is not an IDSM (a counterexample)";
    case Conjecture::k62:
      return "a complete seki of height >= 4 (none is known: on 3x3 a counterexample to H_3 = 3, "
             "on any other shape a new record height)";
    case Conjecture::k63:
      return "a seki (SEKI: R = C = D) whose shape is not square (a counterexample)";
    case Conjecture::k69:
      return "a complete d-seki with a prime block that is neither a (0,1)-IDSM with s >= 2 nor "
             "a 2-cycle C_k, k >= 3 (a counterexample)";
  }
  return "";
}

Game ConjectureGame(Conjecture c) { return c == Conjecture::k69 ? Game::kDSeki : Game::kSeki; }

bool Violates61(const Matrix& a, const Solution& v) {
  return IsComplete(v, Game::kSeki) && a.height() <= 2 && IsPrime(a) && !IsIdsm(a);
}

bool IsNewHeight62(const Matrix& a, const Solution& v) {
  return IsComplete(v, Game::kSeki) && a.height() >= 4;
}

bool Violates63(const Matrix& a, const Solution& v) {
  return a.rows() != a.cols() && v.seki.is_seki();
}

Block69 ClassifyBlock69(const Matrix& b) {
  if (b.empty() || b.has_zero_line()) return Block69::kOther;
  if (IsIdsm(b) && b.height() <= 1 && b.row_sum(0) >= 2) return Block69::kZeroOneIdsm;
  const int k = b.rows();
  if (k >= 3 && k == b.cols() && b.height() == 2 &&
      canon::CanonicalForm(b) == canon::CanonicalForm(TwoCycle(k)))
    return Block69::kTwoCycle;
  return Block69::kOther;
}

bool IsConforming69(const Matrix& a) {
  if (a.empty() || a.has_zero_line()) return false;
  for (const Matrix& b : PrimeBlocks(a))
    if (ClassifyBlock69(b) == Block69::kOther) return false;
  return true;
}

bool Violates69(const Matrix& a, const Solution& v) {
  return IsComplete(v, Game::kDSeki) && !IsConforming69(a);
}

bool IsFinding(Conjecture c, const Matrix& a, const Solution& v) {
  switch (c) {
    case Conjecture::k61:
      return Violates61(a, v);
    case Conjecture::k62:
      return IsNewHeight62(a, v);
    case Conjecture::k63:
      return Violates63(a, v);
    case Conjecture::k69:
      return Violates69(a, v);
  }
  return false;
}

std::string FindingKind(Conjecture c, const Matrix& a) {
  if (c == Conjecture::k62) {
    if (a.height() <= 3) return "listed";
    if (!(a.rows() == 3 && a.cols() == 3)) return "new";
  }
  return "counterexample";
}

std::string FindingReason(Conjecture c, const Matrix& a, const Solution& v) {
  switch (c) {
    case Conjecture::k61:
      return "prime complete seki, entries <= 2, not an IDSM: " +
             (a.rows() != a.cols() ? std::string("not square, ") : std::string()) + LineSums(a);
    case Conjecture::k62: {
      std::string why = "complete seki of height " + std::to_string(a.height());
      if (a.height() <= 3) return why + " (known heights, listed on request)";
      if (a.rows() == 3 && a.cols() == 3) return why + ": contradicts H_3 = 3";
      if (a.rows() == a.cols())
        return why + ": new, H_" + std::to_string(a.rows()) + " >= " + std::to_string(a.height());
      return why + ": new, and not square (also a counterexample to 6.3)";
    }
    case Conjecture::k63:
      return std::string(ClassName(v.seki.seki_class())) + " seki of shape " +
             Shape(a.rows(), a.cols()) + " (SEKI R=D C=D), not square";
    case Conjecture::k69: {
      const std::vector<Matrix> blocks = PrimeBlocks(a);
      std::string why = "complete d-seki with ";
      if (blocks.size() == 1) {
        why += "one prime block, neither a (0,1)-IDSM with s >= 2 nor a 2-cycle C_k (k >= 3)";
        if (a == TwoCycle(2)) why += " (22/22 = TwoCycle(2); the paper's C_k starts at k = 3)";
        return why;
      }
      why += std::to_string(blocks.size()) + " prime blocks:";
      for (std::size_t k = 0; k < blocks.size(); ++k) {
        const Block69 kind = ClassifyBlock69(blocks[k]);
        why += (k ? "; " : " ") + FormatMatrix(blocks[k]) + " " +
               (kind == Block69::kOther ? "NEITHER a (0,1)-IDSM with s >= 2 nor a 2-cycle C_k"
                                        : BlockName(kind, blocks[k]));
      }
      return why;
    }
  }
  return "";
}

std::vector<std::pair<int, int>> GridShapes(Conjecture c, int max_rows, int max_cols) {
  auto in_grid = [&](int m, int n) { return m >= 1 && n >= 1 && m <= max_rows && n <= max_cols; };
  std::vector<std::pair<int, int>> shapes;
  for (int m = 1; m <= std::min(max_rows, kMaxDim); ++m)
    for (int n = 1; n <= std::min(max_cols, kMaxDim); ++n) {
      const bool square = m == n;
      if ((c == Conjecture::k61 || c == Conjecture::k62) && !square) continue;
      if (c == Conjecture::k63 && square) continue;
      if (m > n && in_grid(n, m)) continue;  // its transpose n x m is searched instead
      shapes.emplace_back(m, n);
    }
  return shapes;
}

EnumerationSpace CheckSpace(Conjecture c, int rows, int cols, int max_entry, int max_sum) {
  const std::string where = "shape " + Shape(rows, cols);
  if (c == Conjecture::k61) {
    if (max_entry > 2)
      throw std::invalid_argument(
          "--max-entry " + std::to_string(max_entry) +
          ": conjecture 6.1 is about (0,1,2) matrices; give --max-entry 1 or 2, or omit it");
    if (max_entry < 0) max_entry = 2;
  }
  if (max_entry < 0 && max_sum < 0)
    throw std::invalid_argument("no bound: give --max-entry, --max-sum or both");
  if (max_entry == 0 || max_sum == 0 || max_entry < -1 || max_sum < -1)
    throw std::invalid_argument("bounds must be positive");
  std::string bound;
  if (max_entry >= 0) bound += " --max-entry " + std::to_string(max_entry);
  if (max_sum >= 0) bound += " --max-sum " + std::to_string(max_sum);
  try {
    return EnumerationSpace::Make(rows, cols, max_entry, max_sum);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(where + "," + bound + ": " + e.what());
  }
}

std::uint64_t ShapeCheck::SekiCount(Game g) const {
  return Count(g, SekiClass::kSeki) + Count(g, SekiClass::kSemiComplete) +
         Count(g, SekiClass::kComplete);
}

void ShapeTally::Merge(const ShapeTally& t) {
  classes += t.classes;
  examined += t.examined;
  for (int g = 0; g < 2; ++g)
    for (int k = 0; k < 4; ++k) by_class[g][k] += t.by_class[g][k];
  for (std::size_t h = 0; h < complete_by_height.size(); ++h)
    complete_by_height[h] += t.complete_by_height[h];
  for (std::size_t k = 0; k < extra.size(); ++k) extra[k] += t.extra[k];
  census.MergeCounts(t.census);
  seconds += t.seconds;
}

ShapeCheck CheckShape(Conjecture c, const EnumerationSpace& space, const CheckConfig& config) {
  const RunGroup one_process;
  const RunGroup& group = config.group ? *config.group : one_process;
  ShapeTally total;
  auto level_start = Clock::now();  // building and scanning a level are timed together
  auto scan = [&](const Level& level) {
    std::vector<ShapeTally> shards(kShardCount);
    tbb::parallel_for(0, kShardCount, [&](int s) {
      const LevelShard& shard = level.shards[s];
      ShapeTally& t = shards[s];
      for (std::size_t k = 0; k < shard.values.size(); ++k) {
        const std::uint64_t* key = level.KeyAt(s, k);
        const Matrix a = space.Unpack(key);
        if (a.has_zero_line()) continue;  // not a starting position; its values mean nothing
        Examine(c, config, a, key, level.key_words, shard.values[k], t);
      }
    });
    // Merged in shard order, findings in key order: independent of threads (and of ranks).
    ShapeTally found = Combine(shards);
    found.classes = level.size();
    if (group.size() > 1) found = GatherLevelTally(group, found);
    total.Merge(found);
    total.findings.insert(total.findings.end(), found.findings.begin(), found.findings.end());
    total.listed.insert(total.listed.end(), found.listed.begin(), found.listed.end());
    total.last_sum = level.sum;
    const double seconds = Since(level_start);
    total.seconds += seconds;
    if (config.on_level) config.on_level(level.sum, found.classes, seconds);
    if (config.on_tally) config.on_tally(level, total);
    level_start = Clock::now();
  };

  // ForEachLevel (engine/level_builder.hpp) with the caller's hooks for progress and stopping;
  // ranks count parents between exchanges (the group's hooks) and build only their shards.
  const LevelBuilder builder(space, /*solve=*/true,
                             group.Hooks(config.build.parents_done, config.build.stop));
  std::atomic<std::uint64_t> uncounted{0};
  std::atomic<std::uint64_t>& parents_done =
      config.build.parents_done ? *config.build.parents_done : uncounted;
  Level level;
  if (config.resume_tally && config.resume_level) {
    total = std::move(*config.resume_tally);
    level = std::move(*config.resume_level);
  } else {
    level = builder.First();
    for (int s = 0; s < kShardCount; ++s)
      if (!group.owned().Contains(s)) level.shards[s] = {};
    scan(level);
  }
  while (level.sum < space.max_sum) {
    level = group.Next(builder, level, parents_done);
    scan(level);
  }
  if (!group.root()) {  // rank 0 holds the region's tally
    ShapeCheck shape;
    shape.conjecture = c, shape.rows = space.rows, shape.cols = space.cols;
    return shape;
  }
  return FinishShapeCheck(c, space, std::move(total));
}

ShapeCheck FinishShapeCheck(Conjecture c, const EnumerationSpace& space, ShapeTally total) {
  const auto start = Clock::now();
  ShapeCheck out;
  out.conjecture = c;
  out.rows = space.rows;
  out.cols = space.cols;
  out.max_entry = space.max_entry;
  out.max_sum = space.max_sum;
  for (std::uint64_t n : ClassCountsBySum(space.rows, space.cols, space.max_entry, space.max_sum))
    out.expected_classes += n;
  out.classes = total.classes;
  if (out.classes != out.expected_classes)
    throw std::logic_error("check " + Shape(space.rows, space.cols) + ": the level engine made " +
                           std::to_string(out.classes) + " classes, Burnside's count is " +
                           std::to_string(out.expected_classes));

  out.examined = total.examined;
  out.by_class = total.by_class;
  out.complete_seki_by_height.assign(total.complete_by_height.begin(),
                                     total.complete_by_height.begin() + space.max_entry + 1);
  for (int h = space.max_entry; h >= 1; --h)
    if (total.complete_by_height[h] > 0) {
      out.largest_complete_seki_height = h;
      break;
    }
  const std::vector<std::string> names = CounterNames(c);
  for (std::size_t k = 0; k < names.size(); ++k) out.counts.emplace_back(names[k], total.extra[k]);

  out.census = std::move(total.census);
  out.census.rows = space.rows, out.census.cols = space.cols;
  out.census.max_entry = space.max_entry, out.census.max_sum = space.max_sum;
  out.census.classes = total.classes;
  out.census.starting = total.examined;
  for (const auto& [key, packed] : total.listed)
    out.census.listed.push_back(
        CatalogueLine(space.Unpack(key.data()), Solution::From(packed).seki));

  // Each finding: its reason, and lines of optimal play from the single-matrix solver, whose
  // values must be the level engine's.
  Solver solver;
  const Game game = ConjectureGame(c);
  for (const auto& [key, packed] : total.findings) {
    Finding f;
    f.matrix = space.Unpack(key.data());
    f.key = key;
    f.values = Solution::From(packed);
    const Solution check = solver.Solve(f.matrix);
    if (!(check == f.values))
      throw std::logic_error("check: the solver and the level engine disagree on " +
                             FormatMatrix(f.matrix));
    f.kind = FindingKind(c, f.matrix);
    f.reason = FindingReason(c, f.matrix, f.values);
    f.game = game;
    f.lines[0] = OptimalLine(solver, f.matrix, game, Player::kR);
    f.lines[1] = OptimalLine(solver, f.matrix, game, Player::kC);
    out.findings.push_back(std::move(f));
  }
  out.seconds = total.seconds + Since(start);
  return out;
}

}  // namespace seki
