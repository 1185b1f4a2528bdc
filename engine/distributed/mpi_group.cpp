// MPI start and end, and the collective steps of a run other than the record exchange.
#include "engine/distributed/mpi_group.hpp"

#include <mpi.h>

#include <climits>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "engine/base/input_error.hpp"

namespace seki {

// MPI counts are ints: a larger message is refused rather than cut.
int MpiCount(std::uint64_t n, const char* what) {
  if (n > static_cast<std::uint64_t>(INT_MAX))
    throw std::runtime_error(std::string(what) + ": more than 2^31 records in one MPI message");
  return static_cast<int>(n);
}

bool MpiBuilt() { return true; }

std::unique_ptr<DistributedGroup> JoinLaunchedJob() {
  if (!LaunchedByMpi()) return nullptr;
  return std::make_unique<MpiGroup>();
}

MpiGroup::MpiGroup() {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  if (size_ > kShardCount) {
    MPI_Finalize();
    throw InputError("mpirun", std::to_string(size_) + " ranks; at most " +
                                   std::to_string(kShardCount) + " (one shard each)");
  }
}

MpiGroup::~MpiGroup() { MPI_Finalize(); }

void MpiGroup::SumAll(std::span<std::uint64_t> values) const {
  MPI_Allreduce(MPI_IN_PLACE, values.data(), MpiCount(values.size(), "SumAll"), MPI_UINT64_T,
                MPI_SUM, MPI_COMM_WORLD);
}

double MpiGroup::MaxAll(double value) const {
  MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return value;
}

std::vector<PushRecord> MpiGroup::GatherToRoot(std::vector<PushRecord> records) const {
  const int mine = MpiCount(records.size(), "catalogue gather");
  std::vector<int> counts(root() ? size_ : 0), displacements(root() ? size_ : 0);
  MPI_Gather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<PushRecord> all;
  if (root()) {
    std::uint64_t total = 0;
    for (int q = 0; q < size_; ++q) {
      displacements[q] = MpiCount(total, "catalogue gather");
      total += static_cast<std::uint64_t>(counts[q]);
    }
    all.resize(total);
  }
  MPI_Gatherv(records.data(), mine, MPI_UINT64_T, all.data(), counts.data(), displacements.data(),
              MPI_UINT64_T, 0, MPI_COMM_WORLD);
  return all;
}

void MpiGroup::Barrier() const { MPI_Barrier(MPI_COMM_WORLD); }

void MpiGroup::Abort(int status) const {
  MPI_Abort(MPI_COMM_WORLD, status);
  std::_Exit(status);  // MPI_Abort does not return; this satisfies [[noreturn]]
}

}  // namespace seki
