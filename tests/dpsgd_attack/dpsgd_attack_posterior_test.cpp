// The attack's posterior (mathematics §9; paper eq 37–38) against a brute-force reference that
// multiplies the per-step mixtures directly in long double, and the attack's reconstruction
// against that posterior applied by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "dpsgd_attack.hpp"
#include "dpsgd_attack_test_support.hpp"

using namespace reconbound;
using namespace reconbound::dpsgd;

namespace {

// w_j = p_j / Σ_k p_k with p_j = Π_t [(1 − q) + q·exp(L_tj)] (q = 1: Π_t exp(L_tj)),
// L_tj = (2⟨Y_t, c_j⟩ − ‖c_j‖²)/(2σ²C²), c_j = min(1, C/‖z_j‖)·z_j — products, not logs.
std::vector<long double> brute_force_posterior(const RowMatrix& releases, const RowMatrix& candidates,
                                               long double q, long double sigma, long double clip) {
  std::vector<long double> p(static_cast<std::size_t>(candidates.rows()));
  long double total = 0.0L;
  for (Eigen::Index j = 0; j < candidates.rows(); ++j) {
    long double norm2 = 0.0L;
    for (Eigen::Index k = 0; k < candidates.cols(); ++k) norm2 += candidates(j, k) * static_cast<long double>(candidates(j, k));
    const long double norm = std::sqrt(norm2);
    const long double factor = norm > clip ? clip / norm : 1.0L;
    long double likelihood = 1.0L;
    for (Eigen::Index t = 0; t < releases.rows(); ++t) {
      long double inner = 0.0L;
      for (Eigen::Index k = 0; k < candidates.cols(); ++k) {
        inner += static_cast<long double>(releases(t, k)) * factor * candidates(j, k);
      }
      const long double l = (2.0L * inner - factor * factor * norm2) / (2.0L * sigma * sigma * clip * clip);
      likelihood *= q == 1.0L ? std::exp(l) : (1.0L - q) + q * std::exp(l);
    }
    p[static_cast<std::size_t>(j)] = likelihood;
    total += likelihood;
  }
  for (auto& value : p) value /= total;
  return p;
}

// Five centred candidates in m = 3: three clipped (‖z‖ > C), one inside the clip ball, zero.
RowMatrix five_candidates() {
  RowMatrix z(5, 3);
  z << 0.50, -0.20, 0.10,
       -0.30, 0.40, 0.25,
       0.05, 0.60, -0.45,
       0.10, -0.05, 0.12,
       0.00, 0.00, 0.00;
  return z;
}

void expect_matches_brute_force(const RowMatrix& releases, double q, double sigma, double clip) {
  const RowMatrix z = five_candidates();
  const Vector weights = posterior_weights(releases, z, q, sigma, clip);
  const auto reference = brute_force_posterior(releases, z, q, sigma, clip);
  double sum = 0.0;
  for (Eigen::Index j = 0; j < z.rows(); ++j) {
    const auto expected = static_cast<double>(reference[static_cast<std::size_t>(j)]);
    // The scores' products are taken in single precision: ~1e-7 relative per inner product.
    EXPECT_NEAR(weights[j], expected, 1e-5 * expected) << "candidate " << j;
    sum += weights[j];
  }
  EXPECT_NEAR(sum, 1.0, 1e-14);
}

TEST(DpsgdAttackPosterior, SubsampledMatchesBruteForce) {
  DpsgdAttackConfig config;
  config.q = 0.3;
  config.steps = 3;
  config.sigma = 0.7;
  config.seed = 11;
  const RowMatrix u = five_candidates().row(1);
  expect_matches_brute_force(simulate_releases(u, config, 0), config.q, config.sigma, config.clip);
}

TEST(DpsgdAttackPosterior, SubsampledMatchesBruteForceOnManySeeds) {
  DpsgdAttackConfig config;
  config.q = 0.3;
  config.steps = 3;
  config.sigma = 0.5;
  const RowMatrix z = five_candidates();
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    config.seed = seed;
    const RowMatrix u = z.row(static_cast<Eigen::Index>(seed % 5));
    expect_matches_brute_force(simulate_releases(u, config, seed), config.q, config.sigma, 0.3);
  }
}

TEST(DpsgdAttackPosterior, FullBatchMatchesBruteForce) {
  DpsgdAttackConfig config;
  config.q = 1.0;
  config.steps = 3;
  config.sigma = 0.9;
  config.seed = 5;
  const RowMatrix u = five_candidates().row(2);
  expect_matches_brute_force(simulate_releases(u, config, 3), 1.0, config.sigma, config.clip);
}

// Hand-written releases with a clip norm other than 0.3.
TEST(DpsgdAttackPosterior, GivenReleasesMatchBruteForce) {
  RowMatrix releases(3, 3);
  releases << 0.20, -0.10, 0.05,
              -0.30, 0.15, 0.40,
              0.05, 0.02, -0.10;
  expect_matches_brute_force(releases, 0.3, 0.8, 0.5);
  expect_matches_brute_force(releases, 1.0, 1.3, 0.5);
}

// dpsgd_attack's weights are those of its own releases (simulate_releases with the target's
// index), and its reconstruction is the posterior mean Ψ̄ + Σ_j w_j z_j (eq 38).
TEST(DpsgdAttackPosterior, AttackUsesTheTargetsReleasesAndThePosteriorMean) {
  const RowMatrix shadow = test::random_records(300, 6, 1);
  const RowMatrix targets = test::random_records(4, 6, 2);
  DpsgdAttackConfig config;
  config.q = 0.4;
  config.steps = 7;
  config.sigma = 1.5;
  config.seed = 99;
  config.keep_weights = true;
  const auto result = dpsgd_attack(shadow, targets, config);
  ASSERT_EQ(result.weights.rows(), targets.rows());
  ASSERT_EQ(result.weights.cols(), shadow.rows());

  const Eigen::RowVectorXd mean = shadow.colwise().mean();
  const RowMatrix candidates = shadow.rowwise() - mean;
  for (Eigen::Index i = 0; i < targets.rows(); ++i) {
    const RowMatrix u = targets.row(i) - mean;
    const Vector expected =
        posterior_weights(simulate_releases(u, config, static_cast<std::size_t>(i)), candidates,
                          config.q, config.sigma, config.clip);
    Eigen::RowVectorXd reconstruction = mean;
    for (Eigen::Index j = 0; j < shadow.rows(); ++j) {
      EXPECT_NEAR(result.weights(i, j), expected[j], 1e-9 + 1e-6 * expected[j]);
      reconstruction += result.weights(i, j) * candidates.row(j);
    }
    EXPECT_NEAR(result.max_weight[static_cast<std::size_t>(i)], result.weights.row(i).maxCoeff(), 0.0);
    for (Eigen::Index k = 0; k < shadow.cols(); ++k) {
      EXPECT_NEAR(result.reconstructions(i, k), reconstruction[k], 1e-12);
    }
    EXPECT_NEAR(result.squared_errors[static_cast<std::size_t>(i)],
                (targets.row(i) - reconstruction).squaredNorm(), 1e-12);
  }
}

TEST(DpsgdAttackPosterior, ReconstructWithWeighsOtherRows) {
  RowMatrix weights(2, 3);
  weights << 0.2, 0.3, 0.5,
             1.0, 0.0, 0.0;
  RowMatrix images(3, 2);
  images << 1.0, 10.0,
            2.0, 20.0,
            4.0, 40.0;
  const RowMatrix out = reconstruct_with(weights, images);
  ASSERT_EQ(out.rows(), 2);
  ASSERT_EQ(out.cols(), 2);
  EXPECT_DOUBLE_EQ(out(0, 0), 0.2 * 1 + 0.3 * 2 + 0.5 * 4);
  EXPECT_DOUBLE_EQ(out(0, 1), 0.2 * 10 + 0.3 * 20 + 0.5 * 40);
  EXPECT_DOUBLE_EQ(out(1, 0), 1.0);
  EXPECT_DOUBLE_EQ(out(1, 1), 10.0);
  const auto message = test::invalid_input_message([&] { reconstruct_with(weights, images.topRows(2)); });
  EXPECT_NE(message.find("weights"), std::string::npos) << message;
}

}  // namespace
