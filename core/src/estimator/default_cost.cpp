// The plugin-agnostic parts of an estimator call's cost (estimator.hpp): the blocks a call
// computes and the default model, n² kernel terms per grid pair and block.
#include <fmt/format.h>

#include "reconbound/error.hpp"
#include "reconbound/estimator.hpp"

namespace reconbound {

std::size_t blocks_computed(const EntropyRequest& request, std::size_t k) {
  const std::size_t m = request.columns > 0 ? request.columns : static_cast<std::size_t>(request.rotated.cols());
  const std::size_t first = request.first_column;
  const std::size_t last = first + static_cast<std::size_t>(request.rotated.cols());
  std::size_t blocks = 0;
  for (std::size_t b = request.shard; b < m / k; b += request.shards) {
    if (b * k >= first && (b + 1) * k <= last) ++blocks;
  }
  return blocks;
}

// Every block holds n records, each a query against all n of them: n² terms per grid pair.
double EntropyEstimator::cost(const EntropyRequest& request) const {
  if (request.shards == 0) throw InvalidInput("an estimator request needs shards >= 1");
  const auto n = static_cast<double>(request.rotated.rows());
  double total = 0.0;
  for (const GridPair& pair : request.grid) {
    if (pair.k == 0) throw InvalidInput("an estimator request's block size k must be >= 1");
    total += n * n * static_cast<double>(blocks_computed(request, pair.k));
  }
  return total;
}

}  // namespace reconbound
