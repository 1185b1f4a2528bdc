// Engine choice, the size check with its kept probe, and the one restart policy.
#include "engine/solve/solve_engine.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "engine/base/human_units.hpp"
#include "engine/base/input_error.hpp"
#include "engine/base/memory_limit.hpp"
#include "engine/solve/downset_layout.hpp"
#include "engine/solve/game_search.hpp"
#include "engine/solve/race_solver.hpp"

namespace seki {
namespace {

// Tables a search may use to decide, before the batch starts, a matrix that the ExhaustiveSolver's
// size bound rules out (the search engine decides some such positions in a few moves).
constexpr std::size_t kProbeBytes = std::size_t{4} << 20;

// The one restart policy: starts `engine` afresh (make()) when it holds more than `keep` positions
// (0: no bound), and once more when a solve with earlier positions in it runs out of room.
template <class E, class Make, class F>
auto Restarting(std::unique_ptr<E>& engine, std::size_t keep, Make&& make, F&& f) {
  if (engine && keep && engine->positions() > keep) engine.reset();
  for (;;) {
    if (!engine) engine = make();
    const bool fresh = engine->positions() == 0;
    try {
      return f(*engine);
    } catch (const SolveTooLarge&) {
      if (fresh) throw;
    }
    engine.reset();
  }
}

}  // namespace

void RethrowSolveStop(std::string_view where, std::size_t memory_bytes) {
  const std::string limit =
      "the memory limit of " + HumanBytes(double(memory_bytes)) + " (see --memory-limit)";
  try {
    throw;
  } catch (const SolveOutOfMemory&) {
    throw MemoryLimitError(where, "cannot be decided within " + limit);
  } catch (const SolveTooLarge& e) {
    throw InputError(where, std::string("too large to solve: ") + e.what());
  } catch (const DownsetDiskTooSmall& e) {
    throw MemoryLimitError(where, "the down-set solve needs " + HumanBytes(e.needed()) +
                                      " of disk for its ring in " + e.dir().string() + ", and " +
                                      HumanBytes(e.free()) + " are free (see --scratch)");
  } catch (const DownsetTooLarge& e) {
    const DownsetWaysOut& w = e.ways();
    std::string way_out;  // by orbits, and the ring on disk, where the layout has them
    if (w.by_orbits && w.by_orbits->bytes < e.needed())
      way_out += fmt::format(
          "; by orbits of its {:.0f} symmetries it needs {} one game a pass (one process, without "
          "--scratch or --plain-pass)",
          w.symmetries, HumanBytes(w.by_orbits->bytes));
    if (const auto& d = w.on_disk; d && d->bytes <= double(memory_bytes))
      way_out += "; its ring on disk fits: --scratch DIR with " + HumanBytes(d->disk_bytes) +
                 " free, " + HumanBytes(d->bytes) +
                 " of memory (seki plan --matrix gives the time)";
    else if (d)
      way_out += "; its ring on disk (--scratch DIR) would still need " + HumanBytes(d->bytes) +
                 " of memory";
    throw MemoryLimitError(
        where,
        (w.search_ran_out ? "cannot be decided within " + limit + ": the search ran out of it, and "
                          : std::string()) +
            "the down-set solve needs " + HumanBytes(e.needed()) + " of memory" +
            (w.search_ran_out ? std::string() : ", more than " + limit) + way_out);
  } catch (const Stopped& e) {
    if (e.reason() == Stopped::Reason::kMemoryLimit)
      throw MemoryLimitError(where, "cannot be decided within " + limit);
    throw;
  }
}

EngineKind ParseEngineKind(std::string_view text, std::string_view where) {
  for (EngineKind k :
       {EngineKind::kAuto, EngineKind::kSearch, EngineKind::kDownset, EngineKind::kExhaustive})
    if (text == EngineKindName(k)) return k;
  throw InputError(
      where, "'" + std::string(text) + "' is not an engine (auto, search, downset or exhaustive)");
}

std::string_view EngineKindName(EngineKind kind) {
  switch (kind) {
    case EngineKind::kSearch:
      return "search";
    case EngineKind::kDownset:
      return "downset";
    case EngineKind::kExhaustive:
      return "exhaustive";
    case EngineKind::kAuto:
      break;
  }
  return "auto";
}

SolveEngine::SolveEngine(SolveEngineOptions options)
    : options_(std::move(options)),
      memory_bytes_(options_.memory_bytes ? options_.memory_bytes
                                          : static_cast<std::size_t>(DefaultMemoryLimitBytes())) {}

SolveEngine::~SolveEngine() = default;

double DownsetSeconds(const Matrix& a, const DownsetStorage& storage, int threads) {
  const double plain = DownsetPassSeconds(a, storage.passes(), threads);
  return storage.orbits ? plain * storage.values / DownsetMatrices(a) * kMeasuredOrbitValueCost
                        : plain;
}

DownsetDisk SolveEngine::Disk() const { return ScratchDisk(options_.scratch, options_.force_disk); }

SolveEngine::Choice SolveEngine::Pick(const Matrix& a) const {
  if (options_.kind != EngineKind::kAuto) return {options_.kind, 0, false};
  const double limit = double(memory_bytes_);
  const int ranks = options_.ranks ? options_.ranks->size() : 1;
  // With moves, in one process, the down-set answers them only from a full table.
  const DownsetStorage storage = DownsetStorageFor(a, limit, ranks, options_.moves ? limit : 0,
                                                   std::nullopt, Disk(), Orbits());
  if (storage.bytes > limit || (options_.moves && !storage.full && storage.ranks == 1))
    return {EngineKind::kSearch, 0, false};
  const double seconds = DownsetSeconds(a, storage, options_.threads * ranks);
  if (seconds <= kAutoDownsetAtOnceSeconds) return {EngineKind::kDownset, 0, true};
  return {EngineKind::kSearch,
          kAutoSearchStartSeconds +
              std::max(kAutoSearchShare * seconds, std::min(seconds, kAutoSearchFloorSeconds)),
          true};
}

EngineKind SolveEngine::Choose(const Matrix& a) const { return Pick(a).first; }

void SolveEngine::Check(const Matrix& a, std::string_view where) {
  const Choice choice = Pick(a);
  if (choice.first == EngineKind::kExhaustive)
    return RefuseIfTooLarge(a, where, MaxPositions(memory_bytes_, a.rows(), a.cols()));
  if (choice.downset_fits) return;  // auto: the down-set decides a if the search does not
  if (choice.first == EngineKind::kDownset) {
    const DownsetDisk disk = Disk();
    const DownsetStorage storage =
        DownsetStorageFor(a, double(memory_bytes_), options_.ranks ? options_.ranks->size() : 1, 0,
                          std::nullopt, disk, Orbits());
    if (storage.bytes > double(memory_bytes_))
      throw DownsetTooLargeFor(a, storage, double(memory_bytes_),
                               !options_.ranks && disk.free == 0);
    if (storage.disk && storage.disk_bytes > disk.free)
      throw DownsetDiskTooSmall(storage.disk_bytes, disk.free, options_.scratch);
    return;
  }
  // Hopeless for the search: more positions than the memo solver holds in the default memory,
  // and a small search does not decide it.
  const std::size_t max_positions =
      MaxPositions(std::size_t(DefaultMemoryLimitBytes()), a.rows(), a.cols());
  if (ReachableClassesLowerBound(a) <= static_cast<double>(max_positions)) return;
  auto probe =
      std::make_unique<SearchEngine>(SearchOptions{.memory_bytes = kProbeBytes, .max_drops = 0});
  try {
    probe->Solve(a);
    probes_[a] = std::move(probe);
    return;
  } catch (const Stopped&) {
  } catch (const SolveTooLarge&) {
  }
  RefuseIfTooLarge(a, where, max_positions);
}

template <class F>
auto SolveEngine::WithSearch(double seconds, F&& f) {
  running_.store(EngineKind::kSearch);
  return Restarting(
      search_, 0,
      [this] {
        return std::make_unique<SearchEngine>(SearchOptions{
            .memory_bytes = memory_bytes_, .threads = options_.threads, .stop = options_.stop});
      },
      [&](SearchEngine& search) {
        search.set_budget(seconds);
        return f(search);
      });
}

template <class F>
auto SolveEngine::WithDownset(F&& f) {
  running_.store(EngineKind::kDownset);
  return Restarting(
      downset_, 0,
      [this] {
        return std::make_unique<DownsetEngine>(
            DownsetOptions{.memory_bytes = memory_bytes_,
                           // a full table answers every position of the moves and lines at
                           // once; without moves, the ring alone is smaller and faster
                           .full_table_bytes = options_.moves ? memory_bytes_ : 0,
                           .threads = options_.threads,
                           .stop = options_.stop,
                           .checkpoint = options_.checkpoint,
                           .checkpoint_every = options_.checkpoint_every,
                           .resume = options_.resume,
                           .ranks = options_.ranks,
                           .take = options_.take,
                           .scratch = options_.scratch,
                           .force_disk = options_.force_disk,
                           .orbits = options_.orbits});
      },
      f);
}

template <class F>
auto SolveEngine::WithEngine(const Matrix& a, F&& f) {
  if (auto it = probes_.find(a); it != probes_.end()) {
    const std::unique_ptr<SearchEngine> probe = std::move(it->second);
    probes_.erase(it);
    running_.store(EngineKind::kSearch);
    try {
      return f(*probe);  // the root is in its tables already
    } catch (const Stopped& e) {
      if (e.reason() != Stopped::Reason::kMemoryLimit) throw;
    }  // its tables could not hold the moves as well: on with the search
  }
  const Choice choice = Pick(a);
  switch (choice.first) {
    case EngineKind::kExhaustive:
      running_.store(EngineKind::kExhaustive);
      return Restarting(
          solver_, options_.max_kept_positions,
          [this] {
            return std::make_unique<ExhaustiveSolver>(SolverLimits{.memory_bytes = memory_bytes_});
          },
          f);
    case EngineKind::kDownset:
      return WithDownset(f);
    default:
      break;
  }
  if (!choice.downset_fits) {
    try {
      return WithSearch(0, f);
    } catch (const SolveOutOfMemory&) {
    } catch (const Stopped& e) {
      if (e.reason() != Stopped::Reason::kMemoryLimit) throw;
    }
    // The search ran out of memory: what the down-set would need instead, and its ways out.
    const DownsetDisk disk = Disk();
    const DownsetStorage storage =
        DownsetStorageFor(a, double(memory_bytes_), options_.ranks ? options_.ranks->size() : 1, 0,
                          std::nullopt, disk, Orbits());
    throw DownsetTooLargeFor(a, storage, double(memory_bytes_), !options_.ranks && disk.free == 0,
                             true);
  }
  try {  // auto: the search within its budget, then the down-set
    return WithSearch(choice.search_seconds, f);
  } catch (const Stopped& e) {
    if (e.reason() != Stopped::Reason::kBudget && e.reason() != Stopped::Reason::kMemoryLimit)
      throw;
  }
  search_.reset();  // its tables make room for the pass
  return WithDownset(f);
}

SolveReport SolveEngine::Report(const Matrix& a, bool moves) {
  return WithEngine(a, [&](auto& engine) { return BuildReport(engine, a, moves); });
}

Solution SolveEngine::Solve(const Matrix& a) {
  return WithEngine(a, [&](auto& engine) { return engine.Solve(a); });
}

PlayLine SolveEngine::Line(const Matrix& a, Game g, Player first) {
  return WithEngine(a, [&](auto& engine) { return OptimalLine(engine, a, g, first); });
}

Solution SolveEngine::Values(const Matrix& a, std::string_view where) {
  return Guarded(where, [&] {
    Check(a, where);
    return Solve(a);
  });
}

std::vector<MoveValue> SolveEngine::Moves(const Matrix& a, Game g, Player mover) {
  return WithEngine(a, [&](auto& engine) { return ActiveMoves(engine, a, g, mover); });
}

PlayStep SolveEngine::Step(const Matrix& a, Game g, Player mover, bool after_pass) {
  return WithEngine(a, [&](auto& engine) { return OptimalStep(engine, a, g, mover, after_pass); });
}

std::string SolveEngine::Stats() const {
  std::string line;
  auto add = [&](const std::string& part) { line += (line.empty() ? "" : " ") + part; };
  if (race_ && !race_->Stats().empty()) add(race_->Stats());
  if (solver_) add(fmt::format("engine=exhaustive positions={}", solver_->positions()));
  if (search_)
    add(fmt::format("engine=search positions={} expansions={} table_bytes={}", search_->positions(),
                    search_->expansions(), search_->table_bytes()));
  if (downset_)
    add(fmt::format("engine=downset positions={}", downset_->positions()) +
        (downset_->disk_written() ? fmt::format(" disk_read={} disk_written={}",
                                                downset_->disk_read(), downset_->disk_written())
                                  : ""));
  return line;
}

RaceSolver& SolveEngine::Races() {
  if (!race_)
    race_ = std::make_unique<RaceSolver>(
        options_.kind == EngineKind::kExhaustive || options_.kind == EngineKind::kSearch,
        memory_bytes_, options_.stop);
  return *race_;
}

void SolveEngine::Check(const Race& r, std::string_view where) {
  if (r.plain()) return Check(r.a, where);
  Races().Check(r, where);
}

RaceReport SolveEngine::Report(const Race& r, bool moves) {
  if (r.plain()) return RaceReportOf(Report(r.a, moves));
  return Races().Report(r, moves);
}

Solution SolveEngine::Solve(const Race& r) {
  if (r.plain()) return Solve(r.a);
  return Races().Solve(r);
}

}  // namespace seki
