// The estimator's cost model (reconbound/estimator.hpp, EntropyEstimator::cost): core weighs
// progress and deals the pilot's blocks to ranks by it, so it must be a finite number > 0,
// computed from the request's sizes alone (a sample of NaNs costs the same) and additive over
// the shards of a request (three shards cost what the whole call costs).
#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "estimator_request.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance::detail {

void check_cost(const EntropyEstimator& estimator, const EstimatorTestInputs& in, CheckList& list) {
  list.run("cost_from_sizes", [&] {
    const EntropyRequest whole = entropy_request(in.rows, in.grid, in.trace_sigma);
    const double cost = estimator.cost(whole);
    if (!std::isfinite(cost) || !(cost > 0.0)) {
      return Verdict{false, fmt::format("cost = {} for the whole request; it must be finite and > 0", num(cost))};
    }
    RowMatrix unread = in.rows;
    unread.setConstant(std::numeric_limits<double>::quiet_NaN());
    const double of_nans = estimator.cost(entropy_request(unread, in.grid, in.trace_sigma));
    double shards = 0.0;
    for (std::size_t shard = 0; shard < 3; ++shard) {
      EntropyRequest part = whole;
      part.shard = shard;
      part.shards = 3;
      shards += estimator.cost(part);
    }
    const bool additive = std::abs(shards - cost) <= 1e-9 * cost;
    return Verdict{of_nans == cost && additive,
                   fmt::format("cost = {} for the whole request, {} for a sample of NaNs, {} summed over 3 shards",
                               precise(cost), precise(of_nans), precise(shards))};
  });
}

}  // namespace reconbound::conformance::detail
