// Coverage of the goldfeld lower confidence bound (SPEC §6.4) and of its Monte Carlo
// margin (SPEC §6.2), by simulation with seeded, independent samples and dithers.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "estimator_support.hpp"
#include "reconbound/verify/reference_entropy.hpp"

namespace reconbound::test {
namespace {

// A source with four support points in R^4 (already rotated: rows are U·Ψ(x)) and their
// probabilities. The dithered block Π_b Ψ(x) + W is then exactly the Gaussian mixture
// Σ_j p_j·N(sqrt(N_k)·a_j[block b], s² I_k), so h̄_U(k) is known by quadrature.
struct FiniteSource {
  RowMatrix support{4, 4};
  std::vector<double> probabilities{0.4, 0.3, 0.2, 0.1};

  FiniteSource() {
    support << 0.0, 1.0, -2.0, 0.5,   //
        3.0, -1.0, 0.0, 2.0,          //
        -1.5, 2.5, 1.0, -1.0,         //
        1.0, 0.0, 3.0, 4.0;
  }

  // tr Σ of the source (exact, SPEC §1).
  double trace() const {
    Eigen::RowVectorXd mean = Eigen::RowVectorXd::Zero(4);
    for (int j = 0; j < 4; ++j) mean += probabilities[j] * support.row(j);
    double total = 0.0;
    for (int j = 0; j < 4; ++j) total += probabilities[j] * (support.row(j) - mean).squaredNorm();
    return total;
  }

  RowMatrix sample(std::size_t n, std::uint64_t seed) const {
    std::mt19937_64 rng(seed);
    std::discrete_distribution<int> pick(probabilities.begin(), probabilities.end());
    RowMatrix data(static_cast<Eigen::Index>(n), 4);
    for (std::size_t i = 0; i < n; ++i) data.row(static_cast<Eigen::Index>(i)) = support.row(pick(rng));
    return data;
  }
};

// h̄_LB ≤ h̄_U must hold for all pairs at once with probability ≥ 1 − α (SPEC §6.4).
TEST(GoldfeldCoverage, LowerBoundHoldsOnAFiniteSupportSource) {
  constexpr int kRepetitions = 200;
  constexpr std::size_t kSample = 150;
  const FiniteSource source;
  const double trace = source.trace();
  const std::vector<GridPair> grid{{1, 0.2}, {1, 0.8}, {2, 0.2}, {2, 0.8}};
  std::vector<double> truth;
  for (const GridPair& pair : grid) {
    const double s = std::sqrt(pair.nu2 * trace / static_cast<double>(pair.k));
    const auto h = verify::reference_block_averaged_entropy(source.support, source.probabilities,
                                                           pair.k, s);
    ASSERT_LT(h.abs_error, 1e-9);
    truth.push_back(h.value);
  }
  const auto estimator = goldfeld();
  int covered = 0;
  std::vector<double> gap(grid.size(), 0.0);
  for (int rep = 0; rep < kRepetitions; ++rep) {
    const RowMatrix data = source.sample(kSample, 5000 + rep);
    EntropyRequest request = make_request(data, grid, trace, 9000 + rep);
    const auto results = estimator->estimate(request);
    bool all = true;
    for (std::size_t p = 0; p < grid.size(); ++p) {
      all = all && results[p].h_lb <= truth[p];
      gap[p] += (truth[p] - results[p].h_lb) / kRepetitions;
    }
    covered += all ? 1 : 0;
  }
  const double alpha = 0.05;
  EXPECT_GE(covered, static_cast<int>(std::ceil((1.0 - alpha) * kRepetitions)));
  for (std::size_t p = 0; p < grid.size(); ++p) {
    RecordProperty("mean_gap_bits_pair_" + std::to_string(p), std::to_string(gap[p]));
  }
  std::printf("coverage %d/%d; mean h_U - h_LB (bits): %.4f %.4f %.4f %.4f\n", covered,
              kRepetitions, gap[0], gap[1], gap[2], gap[3]);
}

// For a fixed sample, |ĥ_MC − E ĥ_MC| > t_MC in at most a fraction α₁ of the dithers
// (Cantelli, eq 34), with E ĥ_MC the plug-in entropy by quadrature; and the observed variance
// respects the bound σ_MC² of SPEC §6.3.
TEST(GoldfeldCoverage, CantelliMarginCoversTheMonteCarloDeviation) {
  constexpr int kRuns = 2000;
  const RowMatrix data = gaussian_sample(30, 2, 41, 1.0);
  const double trace = sample_trace(data);
  const std::vector<GridPair> grid{{1, 0.3}, {2, 0.3}};
  const auto estimator = goldfeld();
  std::vector<std::vector<double>> estimates(grid.size());
  std::vector<GridEntropy> first;
  for (int run = 0; run < kRuns; ++run) {
    const auto results = estimator->estimate(make_request(data, grid, trace, 100 + run));
    if (run == 0) first = results;
    for (std::size_t p = 0; p < grid.size(); ++p) estimates[p].push_back(results[p].h_mc);
  }
  const double alpha_mc = 0.025;  // α₁ = α/2 by default
  for (std::size_t p = 0; p < grid.size(); ++p) {
    const GridEntropy& r = first[p];
    const auto expected = verify::reference_block_averaged_entropy(data, {}, r.pair.k, r.s);
    int exceed = 0;
    for (double h : estimates[p]) exceed += std::abs(h - expected.value) > r.t_mc ? 1 : 0;
    const Moments mc = moments(estimates[p]);
    const double sigma_mc = r.t_mc / std::sqrt(2.0 / alpha_mc - 1.0);  // eq 34, |G| = 2
    std::printf("k=%zu: mean %.5f reference %.5f; sd %.5f sigma_MC %.5f t_MC %.5f; %d/%d exceed\n",
                r.pair.k, mc.mean, expected.value, mc.sd, sigma_mc, r.t_mc, exceed, kRuns);
    EXPECT_LE(exceed, static_cast<int>(alpha_mc * kRuns)) << "k=" << r.pair.k;
    // The sample variance of 2000 runs is within 10% of the true one with overwhelming
    // probability, so the bound must hold up to that slack.
    EXPECT_LE(mc.sd * mc.sd, 1.1 * sigma_mc * sigma_mc) << "k=" << r.pair.k;
  }
}

}  // namespace
}  // namespace reconbound::test
