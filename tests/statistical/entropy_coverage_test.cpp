// Coverage of the entropy lower confidence bound (mathematics §6.4) on sources whose h̄_U(k) is known
// without the estimator, over R independent samples and dithers, checked both ways:
//   - h̄_LB ≤ h̄_U at every pair of G at once in ≥ (1 − α)·R of the repetitions;
//   - at every pair, the mean of h̄_U − h̄_LB is within the allowance of gap_allowance.hpp
//     (t_MD + t_MC + 2·t_num + the source's plug-in bias bound + slack), so that h̄_LB = −∞ or
//     doubled margins fail wherever bias bound + slack < t_MD + t_MC (every block size of the
//     Gaussian source at its larger ν², every pair of the finite one).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "entropy_coverage.hpp"
#include "estimator_support.hpp"
#include "reconbound/conformance/finite_support_source.hpp"
#include "reconbound/conformance/correlated_gaussian_source.hpp"

namespace reconbound::test {
namespace {

std::vector<GridPair> grid_of(const std::vector<std::size_t>& block_sizes,
                              const std::vector<double>& nu2_levels) {
  std::vector<GridPair> grid;
  for (const std::size_t k : block_sizes) {
    for (const double nu2 : nu2_levels) grid.push_back({k, nu2});
  }
  return grid;
}

// mathematics §5: the default grid for m = 28 (the divisors of 28 up to 32, and N).
const std::vector<std::size_t> kDefaultBlockSizes28{1, 2, 4, 7, 14, 28};
const std::vector<double> kDefaultNu2{0.2, 0.4, 0.8, 1.6, 3.2, 6.4};

void expect_both_ways(const conformance::KnownEntropySource& source, const CoverageDesign& design) {
  const CoverageResult result = run_entropy_coverage(*goldfeld(), source, design);
  std::printf("%s", describe(result, design.repetitions).c_str());
  EXPECT_GE(result.simultaneous, required_coverage(design.alpha, design.repetitions));
  for (const PairCoverage& p : result.pairs) {
    SCOPED_TRACE("k=" + std::to_string(p.pair.k) + " nu2=" + std::to_string(p.pair.nu2));
    EXPECT_NEAR(p.estimator_s, p.s, 1e-12 * p.s);
    EXPECT_LE(p.mean_gap, p.allowance.total());
  }
}

// m = 28 records of the correlated Gaussian, every pair of the default grid (|G| = 36).
TEST(EntropyCoverage, CorrelatedGaussianOnTheDefaultGrid) {
  const conformance::CorrelatedGaussianSource source(28);
  expect_both_ways(source, {.n = 100,
                            .repetitions = 200,
                            .grid = grid_of(kDefaultBlockSizes28, kDefaultNu2),
                            .alpha = 0.05,
                            .seed = 10'000});
}

// The same at a size the sanitizer run affords: every block size, the smallest and largest ν².
TEST(EntropyCoverageSmall, CorrelatedGaussianAtEveryBlockSize) {
  const conformance::CorrelatedGaussianSource source(28);
  expect_both_ways(source, {.n = 40,
                            .repetitions = 200,
                            .grid = grid_of(kDefaultBlockSizes28, {0.2, 6.4}),
                            .alpha = 0.05,
                            .seed = 20'000});
}

// The four-point source in R^4, at the block sizes its quadrature reaches (k ∈ {1, 2}).
TEST(EntropyCoverageSmall, FiniteSupportSource) {
  const conformance::FiniteSupportSource source;
  expect_both_ways(source, {.n = 150,
                            .repetitions = 200,
                            .grid = grid_of({1, 2}, kDefaultNu2),
                            .alpha = 0.05,
                            .seed = 30'000});
}

}  // namespace
}  // namespace reconbound::test
