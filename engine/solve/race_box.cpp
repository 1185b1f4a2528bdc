// One pass over a race's box in increasing mixed-radix order.
#include "engine/solve/race_box.hpp"

#include <array>
#include <stdexcept>

#include "engine/base/memory_limit.hpp"
#include "engine/base/rules.hpp"
#include "engine/solve/downset.hpp"
#include "engine/solve/game_search.hpp"

namespace seki {
namespace {

// What a child with packed values `bits` offers its mover (MoveContribution), for every byte.
constexpr std::array<std::uint8_t, 256> ContributionTable() {
  std::array<std::uint8_t, 256> out{};
  for (int b = 0; b < 256; ++b)
    out[b] = MoveContribution(Solution::From(PackedOutcome{std::uint8_t(b)})).bits;
  return out;
}
constexpr std::array<std::uint8_t, 256> kOffer = ContributionTable();

// What a move that leaves a row (white group) and/or a column without liberty contributions.
std::uint8_t TerminalOffer(bool zero_row, bool zero_col) {
  return MoveContribution(*TerminalSolution(zero_row, zero_col)).bits;
}

constexpr std::uint64_t kPollEvery = std::uint64_t{1} << 20;

}  // namespace

double RaceBox::Positions(const Race& r) {
  double n = 1;
  for (const RaceMove m : RaceMoves(r)) n *= MovesLeft(r, m) + 1.0;
  return n;
}

RaceBox::RaceBox(const Race& top, const std::atomic<bool>* stop) : top_(top) {
  std::uint64_t stride = 1;
  for (const RaceMove m : RaceMoves(top)) {
    const int max = MovesLeft(top, m);
    digits_.push_back({m, max, stride});
    stride *= std::uint64_t(max) + 1;
  }
  values_.assign(stride, 0);
  Fill(stop);
}

bool RaceBox::Covers(const Race& r) const {
  if (r.rows() != top_.rows() || r.cols() != top_.cols()) return false;
  for (int i = 0; i < r.rows(); ++i) {
    if (r.row_outside[i] > top_.row_outside[i] || r.row_eye[i] > top_.row_eye[i]) return false;
    for (int j = 0; j < r.cols(); ++j)
      if (r.a(i, j) > top_.a(i, j)) return false;
  }
  for (int j = 0; j < r.cols(); ++j)
    if (r.col_outside[j] > top_.col_outside[j] || r.col_eye[j] > top_.col_eye[j]) return false;
  return true;
}

std::uint64_t RaceBox::Index(const Race& r) const {
  std::uint64_t index = 0;
  for (const Digit& d : digits_) index += d.stride * std::uint64_t(MovesLeft(r, d.move));
  return index;
}

void RaceBox::Fill(const std::atomic<bool>* stop) {
  const int m = top_.rows(), n = top_.cols();
  // The liberties of each group at the index being solved (all digits 0 at index 0), and how
  // many groups have none (a position reached only by a move that ended the game).
  std::array<int, kMaxDim> white{}, black{};
  int dead = m + n;
  std::vector<int> value(digits_.size(), 0);
  const auto add = [&](const Digit& d, int delta) {
    const auto change = [&](int& liberties) {
      dead += (liberties + delta == 0) - (liberties == 0);
      liberties += delta;
    };
    if (d.move.row >= 0) change(white[d.move.row]);
    if (d.move.col >= 0) change(black[d.move.col]);
  };
  const std::uint8_t terminal[2][2] = {{0, TerminalOffer(false, true)},
                                       {TerminalOffer(true, false), TerminalOffer(true, true)}};
  for (std::uint64_t index = 0; index < values_.size(); ++index) {
    if (index > 0)  // the odometer: the lowest digit below its largest value goes up by one
      for (std::size_t k = 0;; ++k) {
        if (value[k] < digits_[k].max) {
          ++value[k];
          add(digits_[k], 1);
          break;
        }
        add(digits_[k], -value[k]);
        value[k] = 0;
      }
    if (stop && index % kPollEvery == 0 && stop->load(std::memory_order_relaxed))
      throw Stopped(Stopped::Reason::kInterrupted, "stopped");
    if (dead > 0) continue;
    std::uint8_t best = 0;
    for (std::size_t k = 0; k < digits_.size() && best != 0xFF; ++k) {
      if (value[k] == 0) continue;
      const Digit& d = digits_[k];
      const bool zero_row = d.move.row >= 0 && white[d.move.row] == 1;
      const bool zero_col = d.move.col >= 0 && black[d.move.col] == 1;
      std::uint8_t contribution =
          zero_row || zero_col ? terminal[zero_row][zero_col] : kOffer[values_[index - d.stride]];
      // An eye of the other colour's group only as its last liberty.
      if (d.move.kind == RaceMoveKind::kRowEye && !zero_row) contribution &= kCFields;
      if (d.move.kind == RaceMoveKind::kColEye && !zero_col) contribution &= kRFields;
      best |= contribution;
    }
    values_[index] = best;
  }
}

RaceBoxEngine::RaceBoxEngine(RaceEngineOptions options)
    : options_(options),
      memory_bytes_(options.memory_bytes ? options.memory_bytes
                                         : static_cast<std::size_t>(DefaultMemoryLimitBytes())) {}

Solution RaceBoxEngine::Solve(const Race& r) {
  if (const std::string problem = RaceStartProblem(r); !problem.empty())
    throw std::invalid_argument("not a starting position: " + problem);
  if (kept_.empty() || !kept_.front().Covers(r)) {
    const double bytes = RaceBox::Positions(r);
    if (bytes > double(memory_bytes_)) throw DownsetTooLarge(bytes, double(memory_bytes_));
    kept_.clear();  // its memory makes room for the new box
    kept_.emplace_back(r, options_.stop);
    positions_ += kept_.front().size();
  }
  return Solution::From(kept_.front().Packed(r));
}

Solution RaceBoxEngine::ChildSolution(const Race& r, RaceMove m) {
  const Race after = AfterMove(r, m);
  if (auto terminal = RaceTerminal(after)) return *terminal;
  return Solve(after);
}

}  // namespace seki
