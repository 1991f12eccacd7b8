// The estimator's guarantee on sources whose entropy is known (mathematics §6.4): h̄_LB(k) ≤ h̄_U(k)
// for every grid pair, which a correct estimator breaks with probability at most α = 0.05
// (the samples and dither seeds are fixed, so a run is reproducible).
#include <fmt/format.h>

#include "estimator_request.hpp"
#include "reconbound/conformance/correlated_gaussian_source.hpp"
#include "reconbound/conformance/finite_support_source.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance::detail {
namespace {

constexpr std::size_t kSampleSize = 200;

// `slack_bits` widens the truth by its own numerical error (the finite source's quadrature).
Verdict below_truth(const EntropyEstimator& estimator, const KnownEntropySource& source,
                    const std::vector<GridPair>& grid, double slack_bits) {
  const RowMatrix sample = source.sample(kSampleSize, 21);
  const auto results = estimator.estimate(entropy_request(sample, grid, source.trace()));
  if (results.size() != grid.size()) {
    return {false, fmt::format("{} results for {} grid pairs", results.size(), grid.size())};
  }
  WorstCase worst;
  for (std::size_t i = 0; i < grid.size(); ++i) {
    const double truth = source.block_averaged_entropy(grid[i].k, dither_scale(grid[i], source.trace()));
    worst.add(truth + slack_bits - results[i].h_lb,
              fmt::format("(k = {}, nu2 = {}): h_LB = {} {} h_U = {} bits", grid[i].k, grid[i].nu2,
                          precise(results[i].h_lb), relation("<="), precise(truth)));
  }
  return worst.verdict(fmt::format("h_LB(k) <= h_U(k) at every pair, n = {}, alpha = 0.05", kSampleSize));
}

}  // namespace

void check_known_entropy_sources(const EntropyEstimator& estimator, CheckList& list) {
  list.run("lower_bound_below_truth[gaussian]", [&] {
    // Closed-form h̄_U(k) of a correlated Gaussian in R^8 at every k dividing 8.
    const CorrelatedGaussianSource source(8);
    return below_truth(estimator, source, {{1, 0.2}, {2, 0.8}, {4, 0.4}, {8, 1.6}}, 0.0);
  });
  list.run("lower_bound_below_truth[finite]", [&] {
    // Four support points in R^4, h̄_U(k) by MPFR quadrature (k ∈ {1, 2}, error ≤ 1e-9 bits).
    const FiniteSupportSource source;
    return below_truth(estimator, source, {{1, 0.2}, {1, 1.6}, {2, 0.4}, {2, 3.2}}, 1e-9);
  });
}

}  // namespace reconbound::conformance::detail
