#pragma once
// The processes one job runs on (docs/distributed.md): the MPI ranks of `mpirun -np N`, or this
// process alone. The bound pipeline hands each rank its share of the estimator's blocks
// (EntropyRequest::shard), gathers the partial results on every rank and combines them in block
// order, so that every rank ends with the result one process would compute, bit for bit.
// Core never calls MPI itself: a front end that runs under MPI implements Ranks with it.
#include <cstddef>
#include <string>
#include <vector>

#include "reconbound/export.hpp"

namespace reconbound {

class RECONBOUND_API Ranks {
 public:
  virtual ~Ranks() = default;
  virtual std::size_t rank() const = 0;  // 0 ≤ rank() < size()
  virtual std::size_t size() const = 0;
  // Collective: every rank passes its bytes and receives every rank's, in rank order. Called
  // by every rank in the same order, from the thread that runs the computation.
  virtual std::vector<std::string> all_gather(const std::string& bytes) = 0;
};

}  // namespace reconbound
