// Level parts: groups by sorted row sums, the plan of a level's parts, and levels kept by groups.
#include "engine/level/level_parts.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>
#include <utility>

namespace seki {

RowSums RowSumsOf(const EnumerationSpace& space, std::uint64_t key) {
  RowSums s;
  s.rows = space.rows;
  const int bits = space.codec.bits();
  const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
  for (int i = space.rows - 1; i >= 0; --i)
    for (int j = 0; j < space.cols; ++j, key >>= bits) s.sum[i] += static_cast<int>(key & mask);
  return s;
}

std::uint64_t GroupOf(const EnumerationSpace& space, RowSums sums) {
  const int width = std::bit_width(static_cast<unsigned>(space.cols * space.max_entry));
  if (width * sums.rows > 64)
    throw std::invalid_argument("row sums of " + std::to_string(sums.rows) +
                                " rows do not fit 64 bits");
  std::sort(sums.sum.begin(), sums.sum.begin() + sums.rows);
  std::uint64_t group = 0;
  for (int i = 0; i < sums.rows; ++i)
    group = (width == 64 ? 0 : group << width) | static_cast<std::uint64_t>(sums.sum[i]);
  return group;
}

RowSums RowSumsOfGroup(const EnumerationSpace& space, std::uint64_t group) {
  const int width = std::bit_width(static_cast<unsigned>(space.cols * space.max_entry));
  const std::uint64_t mask = width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
  RowSums s;
  s.rows = space.rows;
  for (int i = space.rows - 1; i >= 0; --i, group = width == 64 ? 0 : group >> width)
    s.sum[i] = static_cast<int>(group & mask);
  return s;
}

namespace {

std::vector<GroupCount> CountsOf(const CompactLevel& below) {
  std::vector<GroupCount> counts;
  for (const CompactPart& group : below.parts) counts.push_back({group.group, group.size()});
  return counts;
}

}  // namespace

PartPlan::PartPlan(const EnumerationSpace& space, const CompactLevel& below, int parts,
                   const CombineWeights& combine)
    : PartPlan(space, CountsOf(below), parts, combine) {}

PartPlan::PartPlan(const EnumerationSpace& space, const std::vector<GroupCount>& below, int parts,
                   const CombineWeights& combine)
    : parts_(parts), parents_(0), weights_(static_cast<std::size_t>(parts)) {
  if (parts < 1 || parts > 64)
    throw std::invalid_argument("a level is built in 1 to 64 parts, not " + std::to_string(parts));
  // Each group of below: its row sums, and the weight it gives the group of each child: its
  // classes times the cells of the rows of that sum.
  std::map<std::uint64_t, double> weight;  // child group -> cells pushed to it (an estimate)
  std::vector<std::map<int, std::uint64_t>> child_group(below.size());
  for (std::size_t g = 0; g < below.size(); ++g) {
    parents_ += below[g].classes;
    if (below[g].classes == 0) continue;
    const RowSums sums = RowSumsOfGroup(space, below[g].group);
    for (int i = 0; i < sums.rows; ++i) {
      RowSums grown = sums;
      ++grown.sum[i];
      const std::uint64_t child = GroupOf(space, grown);
      child_group[g][sums.sum[i]] = child;
      weight[child] += double(below[g].classes) * space.cols;
    }
  }
  if (combine) weight = combine(weight);
  // Heaviest group first to the lightest part (ties: the smaller group, the lower part).
  std::vector<std::pair<double, std::uint64_t>> order;
  for (const auto& [group, w] : weight) order.emplace_back(w, group);
  std::sort(order.begin(), order.end(), [](const auto& x, const auto& y) {
    return x.first != y.first ? x.first > y.first : x.second < y.second;
  });
  for (const auto& [w, group] : order) {
    const int lightest =
        static_cast<int>(std::min_element(weights_.begin(), weights_.end()) - weights_.begin());
    part_of_[group] = lightest;
    weights_[static_cast<std::size_t>(lightest)] += w;
  }
  row_parts_.resize(below.size());
  reach_.assign(below.size(), 0);
  for (std::size_t g = 0; g < below.size(); ++g)
    for (const auto& [row_sum, child] : child_group[g]) {
      RowParts& r = row_parts_[g];
      r.row_sum[static_cast<std::size_t>(r.count)] = row_sum;
      r.part[static_cast<std::size_t>(r.count++)] = part_of_.at(child);
      reach_[g] |= std::uint64_t{1} << part_of_.at(child);
    }
}

int PartPlan::PartOf(std::uint64_t group) const {
  const auto it = part_of_.find(group);
  if (it == part_of_.end()) throw std::logic_error("a group the part plan does not know");
  return it->second;
}

std::uint32_t PartPlan::RowsOf(std::size_t g, const RowSums& sums, int p) const {
  std::uint32_t rows = 0;
  const RowParts& r = row_parts_[g];
  for (int i = 0; i < sums.rows; ++i)
    for (int k = 0; k < r.count; ++k)
      if (r.row_sum[static_cast<std::size_t>(k)] == sums.sum[i] &&
          r.part[static_cast<std::size_t>(k)] == p)
        rows |= std::uint32_t{1} << i;
  return rows;
}

std::vector<CompactPart> GroupsOf(const EnumerationSpace& space, const Level& level) {
  return CompactGroupsFromLevel(
      level, [&space](std::uint64_t key) { return GroupOf(space, RowSumsOf(space, key)); });
}

std::vector<CompactPart> GroupsOf(const EnumerationSpace& space, const CompactPart& classes) {
  // Chunks of blocks in parallel, each into a writer per group; each group's pieces then joined
  // in chunk order, which is key order.
  const std::size_t blocks = classes.blocks.size();
  const std::size_t chunks = std::max<std::size_t>(1, std::min<std::size_t>(blocks, 256));
  std::vector<std::map<std::uint64_t, CompactPart>> pieces(chunks);
  tbb::parallel_for(std::size_t{0}, chunks, [&](std::size_t c) {
    std::map<std::uint64_t, CompactPartWriter> writers;
    std::vector<std::uint64_t> keys(kCompactBlockClasses);
    for (std::size_t b = c * blocks / chunks; b < (c + 1) * blocks / chunks; ++b) {
      const CompactBlock& block = classes.blocks[b];
      block.Decode(keys.data());
      for (std::uint32_t k = 0; k < block.count; ++k)
        writers[GroupOf(space, RowSumsOf(space, keys[k]))].Add(keys[k], block.values[k]);
    }
    for (auto& [group, writer] : writers) pieces[c][group] = writer.Finish();
  });
  std::map<std::uint64_t, CompactPart> joined;
  for (auto& chunk : pieces)
    for (auto& [group, piece] : chunk) {
      CompactPart& to = joined[group];
      to.group = group;
      for (CompactBlock& b : piece.blocks) to.blocks.push_back(std::move(b));
    }
  std::vector<CompactPart> groups;
  for (auto& [group, part] : joined) groups.push_back(std::move(part));
  return groups;
}

std::vector<CompactPart> GroupsOf(const EnumerationSpace& space, LevelFilePart&& part) {
  if (!part.groups.empty()) return std::move(part.groups);
  return GroupsOf(space, part.classes);
}

CompactLevel GroupedLevel(int sum, std::vector<std::vector<CompactPart>> parts) {
  std::map<std::uint64_t, CompactPart> joined;
  for (std::vector<CompactPart>& part : parts)
    for (CompactPart& group : part) {
      CompactPart& to = joined[group.group];
      if (!to.blocks.empty())
        throw std::logic_error("a group found in two parts of level " + std::to_string(sum));
      to = std::move(group);
    }
  CompactLevel level;
  level.sum = sum;
  for (auto& [group, part] : joined) level.parts.push_back(std::move(part));
  return level;
}

CompactLevel MergedGroupedLevel(int sum, std::vector<std::vector<CompactPart>> pieces) {
  std::map<std::uint64_t, std::vector<CompactPart>> of_group;
  for (std::vector<CompactPart>& piece : pieces)
    for (CompactPart& group : piece)
      if (!group.blocks.empty()) of_group[group.group].push_back(std::move(group));
  std::vector<std::uint64_t> shared;  // groups in more than one piece
  for (const auto& [group, parts] : of_group)
    if (parts.size() > 1) shared.push_back(group);
  tbb::parallel_for(std::size_t{0}, shared.size(), [&](std::size_t i) {
    std::vector<CompactPart>& parts = of_group.at(shared[i]);
    CompactLevel joined;
    joined.parts = std::move(parts);
    CompactPartWriter writer;
    ForEachInKeyOrder(joined, kCompactBlockClasses,
                      [&](const std::uint64_t* keys, const PackedOutcome* values, std::size_t n) {
                        for (std::size_t k = 0; k < n; ++k) writer.Add(keys[k], values[k]);
                      });
    parts.assign(1, writer.Finish());
    parts[0].group = shared[i];
  });
  CompactLevel level;
  level.sum = sum;
  for (auto& [group, parts] : of_group) level.parts.push_back(std::move(parts[0]));
  return level;
}

std::optional<CompactLevel> ReadGroupedLevel(const EnumerationSpace& space,
                                             const std::filesystem::path& path,
                                             const LevelFileParams& expected, std::string* why) {
  std::string reason;
  if (std::optional<LevelFilePart> part = ReadLevelFilePart(path, expected, &reason)) {
    if (part->parts != 1) {
      if (why)
        *why = path.string() + ": holds part " + std::to_string(part->part) + " of " +
               std::to_string(part->parts) + ", not a whole level";
      return std::nullopt;
    }
    const int sum = part->sum;
    std::vector<std::vector<CompactPart>> groups;
    groups.push_back(GroupsOf(space, std::move(*part)));
    return GroupedLevel(sum, std::move(groups));
  }
  // Not a compact file that verifies: a plain one (version 1), or the compact reader's reason.
  std::string plain_reason;
  const std::optional<Level> level = ReadLevelFile(path, expected, &plain_reason);
  if (!level) {
    if (why) *why = reason.find("bad magic") != std::string::npos ? plain_reason : reason;
    return std::nullopt;
  }
  return GroupedLevel(level->sum, {GroupsOf(space, *level)});
}

}  // namespace seki
