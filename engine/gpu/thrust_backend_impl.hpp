// The thrust level engine's step, written once for any thrust system: included by
// thrust_backend_tbb.cpp (thrust::tbb, compiled by g++) and thrust_backend_cuda.cu (thrust::cuda,
// nvcc). Explicit systems (not thrust::device_vector) keep the two instantiations apart when both
// are linked into one program. A System provides Vector<T>, Policy() and FreeBytes().
// Concurrency: one thread drives a backend; thrust runs each call in parallel on the system.
#pragma once

#include <thrust/copy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/remove.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/unique.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/gpu/gpu_class.hpp"
#include "engine/gpu/thrust_backend.hpp"

namespace seki::gpu {

// Candidate n of a chunk: cell n % cells of parent n / cells; its canonical key when the parent
// is its canonical parent, else 0 (the zero matrix is never a child).
struct GenerateChild {
  const std::uint64_t* parents;
  Shape shape;
  SEKI_HD std::uint64_t operator()(std::uint64_t n) const {
    const int cells = shape.rows * shape.cols;
    std::uint64_t child = 0;
    return GeneratesChild(parents[n / cells], shape, static_cast<int>(n % cells), &child) ? child
                                                                                          : 0;
  }
};

// A class's values from the level below.
struct SolveClass {
  const std::uint64_t* below_keys;
  const std::uint8_t* below_values;
  std::uint64_t below_count;
  Shape shape;
  OfferTable offers;
  SEKI_HD std::uint8_t operator()(std::uint64_t key) const {
    return ClassValues(key, shape, below_keys, below_values, below_count, offers);
  }
};

template <class System>
class ThrustBackend : public Backend {
 public:
  using Keys = typename System::template Vector<std::uint64_t>;
  using Values = typename System::template Vector<std::uint8_t>;

  std::string Name() const override { return System::Name(); }
  void Load(const std::vector<std::uint64_t>& keys,
            const std::vector<std::uint8_t>& values) override {
    keys_.assign(keys.begin(), keys.end());
    values_.assign(values.begin(), values.end());
  }
  std::uint64_t Size() const override { return keys_.size(); }
  void Read(std::vector<std::uint64_t>& keys, std::vector<std::uint8_t>& values) const override {
    keys.resize(keys_.size());
    values.resize(values_.size());
    thrust::copy(keys_.begin(), keys_.end(), keys.begin());
    thrust::copy(values_.begin(), values_.end(), values.begin());
  }
  double FreeBytes() const override { return System::FreeBytes(); }

  void Next(const Shape& shape, const OfferTable& offers, bool solve, std::uint64_t chunk_parents,
            std::uint64_t expected_classes, StepHooks hooks) override {
    const auto policy = System::Policy();
    const std::uint64_t parents = keys_.size(), cells = shape.rows * shape.cols;
    // Generation: each chunk of parents makes its candidates, drops the rejected ones and the
    // repeats (a class comes only from its canonical parent, so repeats never cross a chunk).
    Keys next;
    next.reserve(expected_classes);
    Keys candidates(std::min(parents, chunk_parents) * cells);
    const GenerateChild generate{thrust::raw_pointer_cast(keys_.data()), shape};
    for (std::uint64_t first = 0; first < parents; first += chunk_parents) {
      if (hooks.stop && hooks.stop->load(std::memory_order_relaxed)) throw StepInterrupted{};
      const std::uint64_t count = std::min(chunk_parents, parents - first);
      const thrust::counting_iterator<std::uint64_t> from(first * cells);
      auto end =
          thrust::transform(policy, from, from + count * cells, candidates.begin(), generate);
      end = thrust::remove(policy, candidates.begin(), end, std::uint64_t{0});
      thrust::sort(policy, candidates.begin(), end);
      end = thrust::unique(policy, candidates.begin(), end);
      const std::uint64_t old = next.size();
      next.resize(old + static_cast<std::uint64_t>(end - candidates.begin()));
      thrust::copy(policy, candidates.begin(), end, next.begin() + old);
      if (hooks.parents_done) hooks.parents_done->fetch_add(count, std::memory_order_relaxed);
    }
    Keys().swap(candidates);
    thrust::sort(policy, next.begin(), next.end());

    Values values(next.size(), std::uint8_t{0});
    if (solve)
      thrust::transform(
          policy, next.begin(), next.end(), values.begin(),
          SolveClass{thrust::raw_pointer_cast(keys_.data()),
                     thrust::raw_pointer_cast(values_.data()), parents, shape, offers});
    keys_.swap(next);
    values_.swap(values);
  }

 private:
  Keys keys_;
  Values values_;
};

}  // namespace seki::gpu
