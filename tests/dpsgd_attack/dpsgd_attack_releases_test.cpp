// The simulated releases follow eq 36: Y_t = 1_t·a(u)·u + σC·ξ_t with 1_t ~ Bernoulli(q),
// ξ_t ~ N(0, I), a(u) = min(1, C/‖u‖); one generator per (seed, target index).
#include <gtest/gtest.h>

#include <cmath>

#include "dpsgd_attack.hpp"
#include "dpsgd_attack_test_support.hpp"

using namespace reconbound;
using namespace reconbound::dpsgd;

namespace {

// With negligible noise every release is either 0 or the clipped gradient, and the number
// that carry it is Binomial(T, q): within 5 standard deviations of Tq.
TEST(DpsgdAttackReleases, ParticipationIsBernoulliAndTheGradientIsClipped) {
  RowMatrix u(1, 2);
  u << 3.0, 4.0;  // ‖u‖ = 5, a(u)·u = (0.18, 0.24) at C = 0.3
  DpsgdAttackConfig config;
  config.q = 0.3;
  config.steps = 10'000;
  config.sigma = 1e-9;
  config.seed = 17;
  const RowMatrix releases = simulate_releases(u, config, 2);
  ASSERT_EQ(releases.rows(), 10'000);
  int present = 0;
  for (Eigen::Index t = 0; t < releases.rows(); ++t) {
    const bool carries = std::abs(releases(t, 0) - 0.18) < 1e-6 && std::abs(releases(t, 1) - 0.24) < 1e-6;
    const bool noise_only = releases.row(t).cwiseAbs().maxCoeff() < 1e-6;
    EXPECT_TRUE(carries != noise_only) << "step " << t;
    present += carries ? 1 : 0;
  }
  const double sd = std::sqrt(10'000 * 0.3 * 0.7);
  EXPECT_NEAR(present, 3000.0, 5.0 * sd);
}

// A gradient inside the clip ball is not scaled, and at q = 1 it is in every step.
TEST(DpsgdAttackReleases, SmallGradientsAreNotScaled) {
  RowMatrix u(1, 3);
  u << 0.1, -0.05, 0.2;
  DpsgdAttackConfig config;
  config.steps = 5;
  config.sigma = 1e-12;
  const RowMatrix releases = simulate_releases(u, config, 0);
  for (Eigen::Index t = 0; t < releases.rows(); ++t) {
    EXPECT_LE((releases.row(t) - u).cwiseAbs().maxCoeff(), 1e-10);
  }
}

// With u = 0 the releases are σC·ξ: mean 0 and variance (σC)² per coordinate, checked on
// 40,000 draws (5 standard errors), and neighbouring coordinates uncorrelated.
TEST(DpsgdAttackReleases, NoiseIsStandardNormalScaledBySigmaClip) {
  const RowMatrix u = RowMatrix::Zero(1, 4);
  DpsgdAttackConfig config;
  config.q = 0.5;
  config.steps = 10'000;
  config.sigma = 2.0;
  config.clip = 0.5;
  config.seed = 3;
  const RowMatrix releases = simulate_releases(u, config, 0) / (config.sigma * config.clip);
  const double n = static_cast<double>(releases.size());
  const double mean = releases.sum() / n;
  const double second = releases.array().square().sum() / n;
  const double fourth = releases.array().pow(4).sum() / n;
  EXPECT_NEAR(mean, 0.0, 5.0 / std::sqrt(n));
  EXPECT_NEAR(second, 1.0, 5.0 * std::sqrt(2.0 / n));
  EXPECT_NEAR(fourth, 3.0, 5.0 * std::sqrt(96.0 / n));  // E ξ⁴ = 3, Var ξ⁴ = 105 − 9
  const double cross = (releases.col(0).array() * releases.col(1).array()).mean();
  EXPECT_NEAR(cross, 0.0, 5.0 / std::sqrt(10'000.0));
}

TEST(DpsgdAttackReleases, OneGeneratorPerSeedAndTarget) {
  const RowMatrix u = test::random_records(1, 6, 1);
  DpsgdAttackConfig config;
  config.q = 0.5;
  config.steps = 4;
  config.seed = 10;
  const RowMatrix first = simulate_releases(u, config, 7);
  EXPECT_EQ(first, simulate_releases(u, config, 7));
  EXPECT_NE(first, simulate_releases(u, config, 8));
  config.seed = 11;
  EXPECT_NE(first, simulate_releases(u, config, 7));
}

}  // namespace
