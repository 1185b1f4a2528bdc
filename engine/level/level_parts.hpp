// Level parts: how a level too large for memory is built in P parts, each from the level below.
// A class's group is its sorted row sums: an isomorphism invariant read off its key, and a child
// A + e(i, j)'s group follows from A's row sums and the sum of row i, so the part of a child is
// known before its canonical form is computed. A part is a set of groups of the new level; the
// level below is kept as its groups (CompactLevel, one CompactPart a group, each in key order), so
// a part's pass visits only the groups of the level below whose children reach it, and in each
// parent only the rows whose children do (canon::RowMask): every child is canonicalised once over
// all parts, and a parent is visited once for each part its children reach (at most the number of
// distinct row sums it has), not P times.
// PlanParts assigns the new level's groups to parts from the level below alone: each group's
// weight is the number of cells of its parents' rows that push to it, and groups go, heaviest
// first, to the lightest part (longest processing time first); the plan is deterministic, so a
// resumed run and every rank make the same one (ranks, which hold each a share of the level below,
// sum their weights first: CombineWeights).
// Concurrency: a PartPlan is immutable once made; the functions run in parallel inside (oneTBB).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/level/enumeration_space.hpp"
#include "engine/level/held_level.hpp"
#include "storage/compact_level.hpp"
#include "storage/level.hpp"
#include "storage/level_file.hpp"

namespace seki {

// The row sums of a key (KeyCodec's layout), in row order.
struct RowSums {
  std::array<int, kMaxDim> sum{};
  int rows = 0;
};
RowSums RowSumsOf(const EnumerationSpace& space, std::uint64_t key);
// The group of a class with these row sums: the sums sorted, packed exactly (each in the bits of
// cols * max_entry; rows of them always fit 64 bits when the keys do), so two groups are equal
// exactly when their row sums are, up to order.
std::uint64_t GroupOf(const EnumerationSpace& space, RowSums sums);
// The row sums of a group (GroupOf), in increasing order.
RowSums RowSumsOfGroup(const EnumerationSpace& space, std::uint64_t group);

// The weights of the new level's groups (group -> cells pushed to it) made the same for every
// process that holds a share of the level below: the sums over them all (engine/run's ranks).
using CombineWeights =
    std::function<std::map<std::uint64_t, double>(const std::map<std::uint64_t, double>&)>;

class PartPlan {
 public:
  // The plan of level below.sum + 1 in `parts` (1..64) parts; `below` holds one CompactPart a
  // group (GroupedLevel). `combine`, when given, turns the weights of `below`'s children into
  // those of the whole level's.
  PartPlan(const EnumerationSpace& space, const CompactLevel& below, int parts,
           const CombineWeights& combine = {});
  // The same from below's groups and their classes alone (a level kept on disk: HeldLevel).
  PartPlan(const EnumerationSpace& space, const std::vector<GroupCount>& below, int parts,
           const CombineWeights& combine = {});

  int parts() const { return parts_; }
  std::uint64_t parents() const { return parents_; }  // the classes of `below`
  // The part of a group of the new level (every group a child of `below` can have).
  int PartOf(std::uint64_t group) const;
  // The groups of the new level in each part, and their estimated weight (cells pushed).
  const std::vector<double>& Weights() const { return weights_; }
  // Whether the children of below's group `g` (its index in below.parts) reach part p, and the
  // rows of a parent of that group with these row sums whose children are in part p.
  bool Reaches(std::size_t g, int p) const { return (reach_[g] >> p) & 1; }
  std::uint32_t RowsOf(std::size_t g, const RowSums& sums, int p) const;

 private:
  int parts_;
  std::uint64_t parents_;
  std::map<std::uint64_t, int> part_of_;  // group of the new level -> part
  std::vector<double> weights_;           // per part
  // Per group of below: the part of the child made by growing a row of each of its row sums.
  struct RowParts {
    std::array<int, kMaxDim> row_sum{}, part{};
    int count = 0;
  };
  std::vector<RowParts> row_parts_;
  std::vector<std::uint64_t> reach_;  // per group of below: bit p when it reaches part p
};

// The classes of a Level (a part, or a whole level) by groups: one CompactPart a group (its `group`
// set), in increasing group order, each in key order.
std::vector<CompactPart> GroupsOf(const EnumerationSpace& space, const Level& level);
// Classes in key order (a level, or a part of one read back from a level file) by groups.
std::vector<CompactPart> GroupsOf(const EnumerationSpace& space, const CompactPart& classes);
// A part read from a level file by groups: its groups as written, or made (GroupsOf) from its
// classes in key order.
std::vector<CompactPart> GroupsOf(const EnumerationSpace& space, LevelFilePart&& part);
// A level kept by groups, from the groups of its parts (GroupsOf of each part).
CompactLevel GroupedLevel(int sum, std::vector<std::vector<CompactPart>> parts);
// The same from pieces that may share groups (the files of several ranks, each a share of a
// part): the pieces of a group are merged in key order.
CompactLevel MergedGroupedLevel(int sum, std::vector<std::vector<CompactPart>> pieces);
// A level file (storage/level_file.hpp: a whole level, either version) read back kept by groups;
// nothing, with the one-line reason in *why, for a file that does not verify.
std::optional<CompactLevel> ReadGroupedLevel(const EnumerationSpace& space,
                                             const std::filesystem::path& path,
                                             const LevelFileParams& expected, std::string* why);

}  // namespace seki
