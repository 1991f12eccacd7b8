#pragma once
// The processes one job runs on (docs/distributed.md): the MPI ranks of `mpirun -np N`, or this
// process alone. The bound pipeline gives each rank a range of D_est's records to represent and
// rotate, moves the rotated records so that each rank holds the columns of its blocks, gathers
// the per-block results on every rank and combines them in block order: every rank ends with
// the result one process would compute, bit for bit.
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
  // Collective: every rank passes one message for each rank (outgoing[s] for rank s) and
  // receives, in rank order, the message every rank passed for it.
  virtual std::vector<std::string> all_to_all(std::vector<std::string> outgoing) = 0;
};

}  // namespace reconbound
