// Tallies of a shape scan: counting a class, merging, gathering over ranks, JSON.
#include "engine/check/shape_tally.hpp"

#include <algorithm>
#include <sstream>

#include "engine/structure/matrix_tools.hpp"

namespace seki {

namespace {

using nlohmann::json;

bool IsComplete(const Solution& v, Game g) { return v[g].seki_class() == SekiClass::kComplete; }

// A class and its values as [key, value]: the key a number when it is one word (every check up to
// 64 key bits, as checkpoints always had it), else the array of its words.
json PairsJson(const std::vector<KeyedOutcome>& pairs) {
  json a = json::array();
  for (const auto& [key, packed] : pairs)
    a.push_back({key.size() == 1 ? json(key[0]) : json(key), packed.bits});
  return a;
}

std::vector<KeyedOutcome> PairsFromJson(const json& a) {
  std::vector<KeyedOutcome> pairs;
  for (const json& p : a) {
    const json& key = p.at(0);
    pairs.emplace_back(key.is_array() ? key.get<ClassKey>() : ClassKey{key.get<std::uint64_t>()},
                       PackedOutcome{p.at(1).get<std::uint8_t>()});
  }
  return pairs;
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

}  // namespace

void ConjectureCounts::Merge(const ConjectureCounts& o) {
  complete_seki += o.complete_seki;
  prime_complete_seki += o.prime_complete_seki;
  prime_complete_seki_idsm += o.prime_complete_seki_idsm;
  complete_dseki += o.complete_dseki;
  prime_zero_one_idsms += o.prime_zero_one_idsms;
  prime_two_cycles += o.prime_two_cycles;
  conforming_sums += o.conforming_sums;
}

std::vector<std::pair<std::string, std::uint64_t>> ConjectureCounts::Named(Conjecture c) const {
  switch (c) {
    case Conjecture::k61:
      return {{"complete seki", complete_seki},
              {"prime complete seki", prime_complete_seki},
              {"prime complete seki that are IDSMs", prime_complete_seki_idsm}};
    case Conjecture::k62:
      return {{"complete seki", complete_seki}};
    case Conjecture::k63:
      return {};
    case Conjecture::k69:
      return {{"complete d-seki", complete_dseki},
              {"prime (0,1)-IDSMs with s >= 2", prime_zero_one_idsms},
              {"prime 2-cycles C_k (k >= 3)", prime_two_cycles},
              {"direct sums of such blocks", conforming_sums}};
  }
  return {};
}

std::array<std::uint64_t, 4> ConjectureCounts::Slots(Conjecture c) const {
  std::array<std::uint64_t, 4> slots{};
  const auto named = Named(c);
  for (std::size_t k = 0; k < named.size(); ++k) slots[k] = named[k].second;
  return slots;
}

ConjectureCounts ConjectureCounts::FromSlots(Conjecture c,
                                             const std::array<std::uint64_t, 4>& slots) {
  ConjectureCounts n;
  switch (c) {
    case Conjecture::k61:
      n.complete_seki = slots[0], n.prime_complete_seki = slots[1];
      n.prime_complete_seki_idsm = slots[2];
      break;
    case Conjecture::k62:
      n.complete_seki = slots[0];
      break;
    case Conjecture::k63:
      break;
    case Conjecture::k69:
      n.complete_dseki = slots[0], n.prime_zero_one_idsms = slots[1];
      n.prime_two_cycles = slots[2], n.conforming_sums = slots[3];
      break;
  }
  return n;
}

void ShapeTally::Examine(Conjecture c, const Matrix& a, const std::uint64_t* key, int words,
                         PackedOutcome packed, int min_height_62) {
  const Solution v = Solution::From(packed);
  ++examined;
  for (Game g : kGames) ++by_class[static_cast<int>(g)][static_cast<int>(v[g].seki_class())];
  const bool complete_seki = IsComplete(v, Game::kSeki);
  if (complete_seki) ++complete_by_height[a.height()];
  if (census.AddClass(a, v)) listed.emplace_back(ClassKey(key, key + words), packed);
  switch (c) {
    case Conjecture::k61:
      if (complete_seki) {
        ++counts.complete_seki;
        if (IsPrime(a)) {
          ++counts.prime_complete_seki;
          counts.prime_complete_seki_idsm += IsIdsm(a);
        }
      }
      break;
    case Conjecture::k62:
      counts.complete_seki += complete_seki;
      break;
    case Conjecture::k63:
      break;
    case Conjecture::k69:
      if (IsComplete(v, Game::kDSeki)) {
        ++counts.complete_dseki;
        const std::vector<Matrix> blocks = PrimeBlocks(a);
        if (blocks.size() == 1) {
          const Block69 kind = ClassifyBlock69(blocks[0]);
          counts.prime_zero_one_idsms += kind == Block69::kZeroOneIdsm;
          counts.prime_two_cycles += kind == Block69::kTwoCycle;
        } else {
          counts.conforming_sums += IsConforming69(a);
        }
      }
      break;
  }
  const bool found = c == Conjecture::k62
                         ? complete_seki && a.height() >= std::min(min_height_62, 4)
                         : IsFinding(c, a, v);
  if (found) findings.emplace_back(ClassKey(key, key + words), packed);
}

void ShapeTally::Merge(const ShapeTally& t) {
  classes += t.classes;
  examined += t.examined;
  for (int g = 0; g < 2; ++g)
    for (int k = 0; k < 4; ++k) by_class[g][k] += t.by_class[g][k];
  for (std::size_t h = 0; h < complete_by_height.size(); ++h)
    complete_by_height[h] += t.complete_by_height[h];
  counts.Merge(t.counts);
  census.MergeCounts(t.census);
  seconds += t.seconds;
}

ShapeTally CombineTallies(const std::vector<ShapeTally>& parts) {
  ShapeTally all;
  for (const ShapeTally& t : parts) all.Merge(t);
  AppendSorted(all.findings, parts, &ShapeTally::findings);
  AppendSorted(all.listed, parts, &ShapeTally::listed);
  return all;
}

ShapeTally GatherLevelTally(Conjecture c, const Ranks& group, const ShapeTally& mine) {
  const std::string text = group.GatherText(ShapeTallyJson(c, mine).dump() + "\n");
  if (!group.root()) return {};
  std::vector<ShapeTally> ranks;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    ranks.push_back(ShapeTallyFromJson(c, json::parse(line)));
  return CombineTallies(ranks);
}

json ShapeTallyJson(Conjecture c, const ShapeTally& t) {
  return {{"last_sum", t.last_sum},
          {"classes", t.classes},
          {"examined", t.examined},
          {"by_class", t.by_class},
          {"complete_by_height", t.complete_by_height},
          {"extra", t.counts.Slots(c)},
          {"findings", PairsJson(t.findings)},
          {"listed", PairsJson(t.listed)},
          {"census", CensusJson(t.census)},
          {"seconds", t.seconds}};
}

namespace {

// True when every number in `j` is a whole number (a JSON float read as an integer would be
// undefined behaviour when out of range), but the values of the keys "seconds".
bool WholeNumbersOnly(const json& j) {
  if (j.is_number_float()) return false;
  if (j.is_array())
    return std::all_of(j.begin(), j.end(), [](const json& v) { return WholeNumbersOnly(v); });
  if (j.is_object())
    for (const auto& [key, value] : j.items())
      if (key != "seconds" && !WholeNumbersOnly(value)) return false;
  return true;
}

}  // namespace

ShapeTally ShapeTallyFromJson(Conjecture c, const json& j) {
  if (!WholeNumbersOnly(j)) throw std::runtime_error("not a shape tally: a count is not whole");
  try {
    ShapeTally t;
    t.last_sum = j.at("last_sum").get<int>();
    t.classes = j.at("classes").get<std::uint64_t>();
    t.examined = j.at("examined").get<std::uint64_t>();
    j.at("by_class").get_to(t.by_class);
    j.at("complete_by_height").get_to(t.complete_by_height);
    t.counts = ConjectureCounts::FromSlots(c, j.at("extra").get<std::array<std::uint64_t, 4>>());
    t.findings = PairsFromJson(j.at("findings"));
    t.listed = PairsFromJson(j.at("listed"));
    t.census = CensusFromJson(j.at("census"));
    t.seconds = j.at("seconds").get<double>();
    return t;
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("not a shape tally: ") + e.what());
  }
}

}  // namespace seki
