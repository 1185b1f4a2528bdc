// Outcome: the values the engine computes for one matrix and one game (R(A), C(A), r(A), c(A)),
// their one-byte packing, and the classes of spec section 3 (complete / semi-complete / seki).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace seki {

// Result for the player to move, ordered L < D < W so that "best" is max.
enum class Result : std::uint8_t { L = 0, D = 1, W = 2 };

constexpr Result Negate(Result x) { return static_cast<Result>(2 - static_cast<int>(x)); }
constexpr Result Max(Result a, Result b) { return a < b ? b : a; }
constexpr char Letter(Result x) { return "LDW"[static_cast<int>(x)]; }

enum class Game : std::uint8_t { kSeki = 0, kDSeki = 1 };
inline constexpr Game kGames[] = {Game::kSeki, Game::kDSeki};
constexpr std::string_view GameName(Game g) { return g == Game::kSeki ? "seki" : "dseki"; }

// The two players: R owns the rows, C the columns.
enum class Player { kR, kC };
constexpr char PlayerName(Player p) { return p == Player::kR ? 'R' : 'C'; }
constexpr Player Opponent(Player p) { return p == Player::kR ? Player::kC : Player::kR; }

// Most specific class of a matrix with no zero line (spec section 3). For D-SEKI the same names
// mean complete d-seki, semi-complete d-seki and d-seki.
enum class SekiClass : std::uint8_t { kNone = 0, kSeki = 1, kSemiComplete = 2, kComplete = 3 };
constexpr std::string_view ClassName(SekiClass k) {
  constexpr std::string_view kNames[] = {"none", "seki", "semi-complete", "complete"};
  return kNames[static_cast<int>(k)];
}

// The class as people say it: "complete seki", "semi-complete d-seki", "seki", "no d-seki", ...
inline std::string ClassLabel(Game g, SekiClass k) {
  const std::string name = g == Game::kSeki ? "seki" : "d-seki";
  switch (k) {
    case SekiClass::kComplete:
      return "complete " + name;
    case SekiClass::kSemiComplete:
      return "semi-complete " + name;
    case SekiClass::kSeki:
      return name;
    case SekiClass::kNone:
      break;
  }
  return "no " + name;
}

// Values of one game at one position. R, C: result for the player to move when R (resp. C)
// begins; r, c: best result of an active move (L means that player must pass).
struct Outcome {
  Result R = Result::L, C = Result::L, r = Result::L, c = Result::L;

  // Pass rule of spec section 2: R(A) from r(A) and c(A), C(A) symmetrically.
  static constexpr Outcome FromActive(Result r, Result c) {
    auto first = [](Result mine, Result theirs) {
      if (mine != Result::L) return mine;
      return theirs == Result::W ? Result::L : Result::D;
    };
    return Outcome{first(r, c), first(c, r), r, c};
  }

  // The best active move's result for player p: r for R, c for C.
  constexpr Result active(Player p) const { return p == Player::kR ? r : c; }

  constexpr bool is_seki() const { return R == Result::D && C == Result::D; }
  constexpr SekiClass seki_class() const {
    if (!is_seki()) return SekiClass::kNone;
    if (r == Result::L && c == Result::L) return SekiClass::kComplete;
    if (r == Result::L || c == Result::L) return SekiClass::kSemiComplete;
    return SekiClass::kSeki;
  }
  friend constexpr bool operator==(const Outcome&, const Outcome&) = default;
};

// Both games' active-move results (r, c) in one byte, 2 bits each, SEKI in the low nibble. R and C
// follow from r and c by the pass rule, so nothing else needs storing. The 2-bit code is monotone
// (L = 00, D = 01, W = 11), so the bitwise OR of two packings is their field-wise maximum: the
// best active move over a set of children is the OR of what each child offers.
struct PackedOutcome {
  std::uint8_t bits = 0;

  static constexpr PackedOutcome FromActive(Result seki_r, Result seki_c, Result dseki_r,
                                            Result dseki_c) {
    return PackedOutcome{static_cast<std::uint8_t>(Code(seki_r) | Code(seki_c) << 2 |
                                                   Code(dseki_r) << 4 | Code(dseki_c) << 6)};
  }
  static constexpr PackedOutcome Pack(const Outcome& seki, const Outcome& dseki) {
    return FromActive(seki.r, seki.c, dseki.r, dseki.c);
  }
  constexpr Outcome Get(Game g) const {
    const unsigned shift = g == Game::kSeki ? 0 : 4;
    return Outcome::FromActive(Decode((bits >> shift) & 3), Decode((bits >> (shift + 2)) & 3));
  }
  constexpr PackedOutcome& operator|=(PackedOutcome other) {
    bits |= other.bits;
    return *this;
  }
  friend constexpr bool operator==(PackedOutcome, PackedOutcome) = default;

 private:
  static constexpr unsigned Code(Result x) {
    return x == Result::W ? 3u : static_cast<unsigned>(x);
  }
  static constexpr Result Decode(unsigned code) {
    return code == 3 ? Result::W : static_cast<Result>(code);
  }
};

// The values of both games for one matrix.
struct Solution {
  Outcome seki, dseki;
  static constexpr Solution From(PackedOutcome p) {
    return {p.Get(Game::kSeki), p.Get(Game::kDSeki)};
  }
  constexpr const Outcome& operator[](Game g) const { return g == Game::kSeki ? seki : dseki; }
  constexpr Outcome& operator[](Game g) { return g == Game::kSeki ? seki : dseki; }
  friend constexpr bool operator==(const Solution&, const Solution&) = default;
};

}  // namespace seki
