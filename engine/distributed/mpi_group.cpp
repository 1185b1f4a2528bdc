// MPI start and end, and each collective step of Ranks as one MPI call.
#include "engine/distributed/mpi_group.hpp"

#include <mpi.h>

#include <climits>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "engine/base/input_error.hpp"
#include "storage/level.hpp"

namespace seki {

// MPI counts are ints: a larger message is refused rather than cut.
int MpiCount(std::uint64_t n, const char* what) {
  if (n > static_cast<std::uint64_t>(INT_MAX))
    throw std::runtime_error(std::string(what) + ": more than 2^31 records in one MPI message");
  return static_cast<int>(n);
}

bool MpiBuilt() { return true; }

std::unique_ptr<Ranks> JoinLaunchedJob() {
  if (!LaunchedByMpi()) return nullptr;
  return std::make_unique<MpiGroup>();
}

MpiGroup::MpiGroup() {
  // A rank that waits in a collective yields its core instead of spinning (Open MPI polls by
  // default), so ranks sharing a node with oneTBB threads or each other lose little; the records
  // are exchanged in large batches, so the added latency does not matter. A user's own setting of
  // this MCA parameter (mpirun --mca, environment) wins.
  setenv("OMPI_MCA_mpi_yield_when_idle", "1", /*overwrite=*/0);
  // Every rank on this machine (Open MPI's launcher says so before MPI starts): the ob1 transport
  // layer over shared memory, which starts about 0.2 s sooner than UCX's probe of network devices.
  // A multi-node job keeps Open MPI's own choice; a user's setting wins either way.
  const char* local = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  const char* world = std::getenv("OMPI_COMM_WORLD_SIZE");
  if (local && world && std::string(local) == world) setenv("OMPI_MCA_pml", "ob1", 0);
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

std::vector<std::uint64_t> MpiGroup::AllGather(std::span<const std::uint64_t> values) const {
  const int n = MpiCount(values.size(), "AllGather");
  std::vector<std::uint64_t> all(values.size() * static_cast<std::size_t>(size_));
  MPI_Allgather(values.data(), n, MPI_UINT64_T, all.data(), n, MPI_UINT64_T, MPI_COMM_WORLD);
  return all;
}

std::vector<std::uint64_t> MpiGroup::Exchange(const std::vector<std::uint64_t>& words,
                                              std::span<const std::uint64_t> counts) const {
  constexpr const char* kWhat = "exchange";
  std::vector<int> send(size_), send_at(size_), receive(size_), receive_at(size_);
  std::uint64_t at = 0;
  for (int q = 0; q < size_; ++q) {
    send[q] = MpiCount(counts[q], kWhat), send_at[q] = MpiCount(at, kWhat);
    at += counts[q];
  }
  MPI_Alltoall(send.data(), 1, MPI_INT, receive.data(), 1, MPI_INT, MPI_COMM_WORLD);
  std::uint64_t total = 0;
  for (int q = 0; q < size_; ++q) {
    receive_at[q] = MpiCount(total, kWhat);
    total += static_cast<std::uint64_t>(receive[q]);
  }
  std::vector<std::uint64_t> out(total);
  MPI_Alltoallv(words.data(), send.data(), send_at.data(), MPI_UINT64_T, out.data(), receive.data(),
                receive_at.data(), MPI_UINT64_T, MPI_COMM_WORLD);
  exchanged_bytes_ += (at - counts[rank_]) * sizeof(std::uint64_t);
  return out;
}

std::string MpiGroup::GatherText(std::string text) const {
  constexpr const char* kWhat = "catalogue text of one level";
  const int mine = MpiCount(text.size(), kWhat);
  std::vector<int> sizes(root() ? size_ : 0), at(root() ? size_ : 0);
  MPI_Gather(&mine, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string all;
  if (root()) {
    std::uint64_t total = 0;
    for (int q = 0; q < size_; ++q) {
      at[q] = MpiCount(total, kWhat);
      total += static_cast<std::uint64_t>(sizes[q]);
    }
    all.resize(total);
  }
  MPI_Gatherv(text.data(), mine, MPI_CHAR, all.data(), sizes.data(), at.data(), MPI_CHAR, 0,
              MPI_COMM_WORLD);
  return all;
}

void MpiGroup::Barrier() const { MPI_Barrier(MPI_COMM_WORLD); }

void MpiGroup::Abort(int status) const {
  MPI_Abort(MPI_COMM_WORLD, status);
  std::_Exit(status);  // MPI_Abort does not return; this satisfies [[noreturn]]
}

}  // namespace seki
