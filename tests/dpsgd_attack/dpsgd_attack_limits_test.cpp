// The attack in its limits (mathematics §9, eq 37–38): without noise it finds a target among the
// candidates; with overwhelming noise it returns the candidate mean Ψ̄; long subsampled runs
// with little noise keep finite weights that sum to one.
#include <gtest/gtest.h>

#include <cmath>

#include "dpsgd_attack.hpp"
#include "dpsgd_attack_test_support.hpp"

using namespace reconbound;
using namespace reconbound::dpsgd;

namespace {

// Targets that are shadow records 3, 17 and 41.
RowMatrix shadow_rows(const RowMatrix& shadow) {
  RowMatrix targets(3, shadow.cols());
  targets << shadow.row(3), shadow.row(17), shadow.row(41);
  return targets;
}

TEST(DpsgdAttackLimits, TinyNoiseRecoversATargetAmongTheCandidates) {
  const RowMatrix shadow = test::random_records(60, 8, 21);
  const RowMatrix targets = shadow_rows(shadow);
  DpsgdAttackConfig config;
  config.sigma = 1e-6;
  config.seed = 4;
  const auto result = dpsgd_attack(shadow, targets, config);
  for (Eigen::Index i = 0; i < targets.rows(); ++i) {
    EXPECT_EQ(result.max_weight[static_cast<std::size_t>(i)], 1.0);
    EXPECT_LE(result.squared_errors[static_cast<std::size_t>(i)], 1e-24);
    EXPECT_LE((result.reconstructions.row(i) - targets.row(i)).cwiseAbs().maxCoeff(), 1e-12);
  }
}

// Subsampled: a step without the target releases noise only, which no candidate explains
// better than another; one step with it is enough.
TEST(DpsgdAttackLimits, TinyNoiseRecoversATargetWhenSubsampled) {
  const RowMatrix shadow = test::random_records(60, 8, 22);
  const RowMatrix targets = shadow_rows(shadow);
  DpsgdAttackConfig config;
  config.q = 0.5;
  config.steps = 30;  // every target absent from all steps with probability 2^-30
  config.sigma = 1e-6;
  config.seed = 8;
  const auto result = dpsgd_attack(shadow, targets, config);
  for (Eigen::Index i = 0; i < targets.rows(); ++i) {
    EXPECT_EQ(result.max_weight[static_cast<std::size_t>(i)], 1.0);
    EXPECT_LE(result.squared_errors[static_cast<std::size_t>(i)], 1e-24);
  }
}

// σ = 1e6: every L_tj is ~1e-6, so w_j = 1/n up to ~1e-6 relative and ẑ = Ψ̄.
TEST(DpsgdAttackLimits, OverwhelmingNoiseReturnsTheCandidateMean) {
  const RowMatrix shadow = test::random_records(80, 5, 23);
  const RowMatrix targets = test::random_records(4, 5, 24);
  const Eigen::RowVectorXd mean = shadow.colwise().mean();
  for (const double q : {1.0, 0.02}) {
    DpsgdAttackConfig config;
    config.q = q;
    config.steps = q == 1.0 ? 1 : 100;
    config.sigma = 1e6;
    const auto result = dpsgd_attack(shadow, targets, config);
    for (Eigen::Index i = 0; i < targets.rows(); ++i) {
      const double prior_error = (targets.row(i) - mean).squaredNorm();  // ‖Ψ(x) − Ψ̄‖²
      EXPECT_NEAR(result.squared_errors[static_cast<std::size_t>(i)], prior_error, 1e-5 * prior_error)
          << "q = " << q;
      EXPECT_LE((result.reconstructions.row(i) - mean).cwiseAbs().maxCoeff(), 1e-5) << "q = " << q;
      EXPECT_NEAR(result.max_weight[static_cast<std::size_t>(i)], 1.0 / 80.0, 1e-5 / 80.0) << "q = " << q;
    }
  }
}

// q = 0.02, T = 1000 and σ = 0.01: per-step log-likelihoods of order 1e4, sums of order 1e6.
TEST(DpsgdAttackLimits, LongSubsampledRunsKeepFiniteWeightsThatSumToOne) {
  const RowMatrix shadow = test::random_records(200, 16, 25);
  const RowMatrix targets = test::random_records(3, 16, 26);
  DpsgdAttackConfig config;
  config.q = 0.02;
  config.steps = 1000;
  config.sigma = 0.01;
  config.keep_weights = true;
  const auto result = dpsgd_attack(shadow, targets, config);
  for (Eigen::Index i = 0; i < targets.rows(); ++i) {
    EXPECT_TRUE(result.weights.row(i).allFinite());
    EXPECT_GE(result.weights.row(i).minCoeff(), 0.0);
    EXPECT_NEAR(result.weights.row(i).sum(), 1.0, 1e-12);
    EXPECT_TRUE(std::isfinite(result.squared_errors[static_cast<std::size_t>(i)]));
    EXPECT_TRUE(result.reconstructions.row(i).allFinite());
  }
}

}  // namespace
