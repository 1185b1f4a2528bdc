// Parsing and applying `--checkpoint-every`; the decision between two steps of a walk.
#include "storage/checkpoint_policy.hpp"

#include <cmath>
#include <cstdlib>
#include <sstream>

#include "engine/base/input_error.hpp"

namespace seki {

bool CheckpointPolicy::Due(int sum, int max_sum, double minutes_since) const {
  return sum >= max_sum || (every_levels > 0 && sum % every_levels == 0) ||
         (every_minutes > 0 && minutes_since >= every_minutes);
}

double CheckpointClock::Minutes() const {
  if (policy_.every_minutes <= 0) return 0;  // no collective step where time does not matter
  const double minutes =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - saved_at_).count() / 60;
  return max_ ? max_(minutes) : minutes;
}

BetweenSteps DecideBetweenSteps(const std::atomic<bool>* stop, bool checkpoint_due,
                                const MaxOverRanks& max_over_ranks) {
  const double mine = stop && stop->load() ? double(BetweenSteps::kStop)
                                           : double(checkpoint_due ? BetweenSteps::kCheckpoint
                                                                   : BetweenSteps::kGoOn);
  return static_cast<BetweenSteps>(static_cast<int>(max_over_ranks ? max_over_ranks(mine) : mine));
}

std::string CheckpointPolicy::Text() const {
  std::ostringstream text;
  if (every_levels > 0) text << every_levels;
  if (every_levels > 0 && every_minutes > 0) text << ',';
  if (every_minutes > 0) text << every_minutes << 'm';
  return text.str();
}

CheckpointPolicy ParseCheckpointPolicy(const std::string& text, const std::string& option,
                                       bool levels) {
  const auto bad = [&](const std::string& why) {
    return InputError(option, "'" + text + "' " + why +
                                  " (expected N levels, Mm minutes or both, e.g. 4, 10m, 4,10m)");
  };
  CheckpointPolicy policy{0, 0};
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string part = text.substr(at, comma - at);
    at = comma + 1;
    const bool minutes = !part.empty() && part.back() == 'm';
    const std::string number = minutes ? part.substr(0, part.size() - 1) : part;
    char* end = nullptr;
    const double value = std::strtod(number.c_str(), &end);
    if (number.empty() || end != number.c_str() + number.size() || !std::isfinite(value))
      throw bad("is not a number of levels or minutes");
    if (!(value > 0)) throw bad("must be positive");
    if (minutes) {
      if (policy.every_minutes > 0) throw bad("gives minutes twice");
      policy.every_minutes = value;
    } else {
      if (!levels)
        throw InputError(option,
                         "'" + text + "': a down-set pass has no levels; give minutes, e.g. 10m");
      if (policy.every_levels > 0) throw bad("gives levels twice");
      if (value != std::floor(value) || value > 1e6) throw bad("needs a whole number of levels");
      policy.every_levels = static_cast<int>(value);
    }
  }
  return policy;
}

}  // namespace seki
