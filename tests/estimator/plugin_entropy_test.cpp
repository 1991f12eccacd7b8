// The estimator's Monte Carlo mean against the plug-in entropy by MPFR quadrature
// (mathematics §6, eq 31): for a fixed sample, y_{b,i} + W ∼ f̂_b when i is uniform, so
// E[ĥ_MC | sample] = (1/N_k)·Σ_b h(f̂_b) exactly. Also checks the quadrature reference on
// mixtures with a closed form.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

#include "estimator_support.hpp"
#include "reconbound/verify/matchers.hpp"
#include "reconbound/verify/reference_entropy.hpp"
#include "reconbound/verify/tolerances.hpp"

namespace reconbound::test {
namespace {

double gaussian_entropy_bits(std::size_t k, double s) {
  return static_cast<double>(k) / 2.0 * std::log2(2.0 * std::numbers::pi * std::numbers::e * s * s);
}

TEST(PluginEntropyReference, OneComponentIsTheGaussianEntropy) {
  for (const double s : {0.01, 1.0, 300.0}) {
    for (const std::size_t k : {1u, 2u}) {
      RowMatrix centre = RowMatrix::Constant(1, static_cast<Eigen::Index>(k), 3.0 * s);
      const auto h = verify::reference_mixture_entropy(centre, {}, s);
      EXPECT_AGREES_WITH_REFERENCE(gaussian_entropy_bits(k, s), h, 1e-14) << "k=" << k;
      EXPECT_LT(h.abs_error, 1e-15);
    }
  }
}

// Components 25 s apart barely overlap: h = H(w) + h(N(0, s² I_k)) up to e^{−70}.
TEST(PluginEntropyReference, SeparatedComponentsAddTheMixingEntropy) {
  const double s = 0.7;
  const std::vector<double> weights{0.6, 0.3, 0.1};
  double mixing = 0.0;
  for (double w : weights) mixing -= w * std::log2(w);
  RowMatrix line(3, 1);
  line << 0.0, 25.0 * s, 50.0 * s;
  const auto h1 = verify::reference_mixture_entropy(line, weights, s);
  EXPECT_AGREES_WITH_REFERENCE(gaussian_entropy_bits(1, s) + mixing, h1, 1e-14);
  RowMatrix plane(3, 2);
  plane << 0.0, 0.0, 25.0 * s, 0.0, 0.0, 25.0 * s;
  const auto h2 = verify::reference_mixture_entropy(plane, weights, s);
  EXPECT_AGREES_WITH_REFERENCE(gaussian_entropy_bits(2, s) + mixing, h2, 1e-14);
}

struct MeanCase {
  std::size_t n;
  std::size_t m;
  std::size_t k;
  double nu2;
  std::uint64_t sample_seed;
};

// Averages ĥ_MC over `seeds` dither seeds with n_mc = 400 draws per point and compares
// the mean with the quadrature reference, allowing kMonteCarloMeanStandardErrors empirical
// standard errors. The empirical spread must also respect the variance bound σ_MC².
void expect_mean_matches_plugin_entropy(const MeanCase& c) {
  constexpr int kSeeds = 40;
  constexpr std::int64_t kDraws = 400;
  const RowMatrix data = gaussian_sample(c.n, c.m, c.sample_seed, 2.0);
  const double trace = sample_trace(data);
  const auto estimator = goldfeld(Params().set("n_mc", kDraws));
  std::vector<double> estimates;
  GridEntropy last;
  for (int seed = 0; seed < kSeeds; ++seed) {
    last = estimator->estimate(make_request(data, {{c.k, c.nu2}}, trace, 1000 + seed))[0];
    estimates.push_back(last.h_point);
  }
  const Moments mc = moments(estimates);
  const auto reference = verify::reference_block_averaged_entropy(data, {}, c.k, last.s);
  const double standard_error = mc.sd / std::sqrt(static_cast<double>(kSeeds));
  const double sigma_mc = detail(last.details, "t_mc") / std::sqrt(1.0 / 0.025 - 1.0);  // eq 34 with |G| = 1
  SCOPED_TRACE(testing::Message() << "n=" << c.n << " m=" << c.m << " k=" << c.k
                                  << " nu2=" << c.nu2 << ": mean " << mc.mean << " reference "
                                  << reference.value << " ± " << reference.abs_error << ", SE "
                                  << standard_error << ", sigma_MC " << sigma_mc);
  std::printf("n=%zu m=%zu k=%zu nu2=%.2f: mean %.6f reference %.6f (±%.1e), SE %.2e, sd %.4f, "
              "sigma_MC %.4f\n",
              c.n, c.m, c.k, c.nu2, mc.mean, reference.value, reference.abs_error, standard_error,
              mc.sd, sigma_mc);
  EXPECT_LT(reference.abs_error, 1e-9);
  EXPECT_LE(std::abs(mc.mean - reference.value),
            verify::tolerance::kMonteCarloMeanStandardErrors * standard_error +
                reference.abs_error);
  EXPECT_GT(standard_error, 0.0);
  EXPECT_LE(mc.sd, sigma_mc);  // mathematics §6.3: Var ĥ_MC ≤ σ_MC²
}

TEST(GoldfeldMonteCarloMean, MatchesThePluginEntropyAtK1) {
  expect_mean_matches_plugin_entropy({25, 2, 1, 0.3, 21});
  expect_mean_matches_plugin_entropy({40, 3, 1, 0.05, 22});
  expect_mean_matches_plugin_entropy({12, 1, 1, 2.0, 23});
}

TEST(GoldfeldMonteCarloMean, MatchesThePluginEntropyAtK2) {
  expect_mean_matches_plugin_entropy({20, 2, 2, 0.3, 31});
  expect_mean_matches_plugin_entropy({15, 4, 2, 0.8, 32});
}

}  // namespace
}  // namespace reconbound::test
