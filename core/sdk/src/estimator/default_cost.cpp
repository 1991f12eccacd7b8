// The plugin-agnostic parts of an estimator call's cost (estimator.hpp): the blocks a call
// computes and the default model, n² kernel terms per grid pair and block; the default of one
// query part.
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

std::pair<std::size_t, std::size_t> query_parts_computed(const EntropyRequest& request) {
  const std::size_t parts = request.query_parts;
  const std::size_t begin = request.first_query_part;
  const std::size_t end = request.end_query_part == 0 ? parts : request.end_query_part;
  if (parts < 1 || begin >= end || end > parts) {
    throw InvalidInput(fmt::format("query parts [{}, {}) of {} are not valid; need 0 <= first < end <= query_parts",
                                   begin, end, parts));
  }
  return {begin, end};
}

// Every block holds n records, each a query against all n of them: n² terms per grid pair (a
// call on some of the query parts: their share of the n queries).
double EntropyEstimator::cost(const EntropyRequest& request) const {
  if (request.shards == 0) throw InvalidInput("an estimator request needs shards >= 1");
  const auto [begin, end] = query_parts_computed(request);
  const auto n = static_cast<double>(request.rotated.rows());
  const double share = static_cast<double>(end - begin) / static_cast<double>(request.query_parts);
  double total = 0.0;
  for (const GridPair& pair : request.grid) {
    if (pair.k == 0) throw InvalidInput("an estimator request's block size k must be >= 1");
    total += share * n * n * static_cast<double>(blocks_computed(request, pair.k));
  }
  return total;
}

std::size_t EntropyEstimator::query_parts_limit(const EntropyRequest& /*request*/) const { return 1; }

}  // namespace reconbound
