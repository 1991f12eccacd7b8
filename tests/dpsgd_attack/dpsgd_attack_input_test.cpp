// The attack's input checks (one-line InvalidInput each) and its reproducibility: the same
// seed gives the same results, with any number of threads.
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "dpsgd_attack.hpp"
#include "dpsgd_attack_test_support.hpp"

using namespace reconbound;
using namespace reconbound::dpsgd;
using reconbound::test::invalid_input_message;

namespace {

void expect_rejected(const RowMatrix& shadow, const RowMatrix& targets, const DpsgdAttackConfig& config,
                     const std::string& mention) {
  const auto message = invalid_input_message([&] { dpsgd_attack(shadow, targets, config); });
  EXPECT_NE(message.find(mention), std::string::npos) << message;
}

TEST(DpsgdAttackInput, RejectsBadMatrices) {
  const RowMatrix shadow = test::random_records(10, 4, 1);
  const RowMatrix targets = test::random_records(2, 4, 2);
  const DpsgdAttackConfig config;
  expect_rejected(RowMatrix(0, 4), targets, config, "shadow records are empty");
  expect_rejected(shadow, RowMatrix(0, 4), config, "targets are empty");
  expect_rejected(shadow, test::random_records(2, 5, 2), config, "columns");
  RowMatrix bad = shadow;
  bad(3, 1) = std::numeric_limits<double>::quiet_NaN();
  expect_rejected(bad, targets, config, "NaN or infinite");
  RowMatrix bad_target = targets;
  bad_target(1, 2) = std::numeric_limits<double>::infinity();
  expect_rejected(shadow, bad_target, config, "NaN or infinite");
}

TEST(DpsgdAttackInput, RejectsBadParameters) {
  const RowMatrix shadow = test::random_records(10, 4, 1);
  const RowMatrix targets = test::random_records(2, 4, 2);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const double q : {0.0, -0.1, 1.5, nan}) {
    DpsgdAttackConfig config;
    config.q = q;
    expect_rejected(shadow, targets, config, "q = ");
  }
  for (const double sigma : {0.0, -1.0, nan, std::numeric_limits<double>::infinity()}) {
    DpsgdAttackConfig config;
    config.sigma = sigma;
    expect_rejected(shadow, targets, config, "sigma = ");
  }
  for (const double clip : {0.0, -0.3, nan}) {
    DpsgdAttackConfig config;
    config.clip = clip;
    expect_rejected(shadow, targets, config, "clip norm C = ");
  }
  DpsgdAttackConfig no_steps;
  no_steps.steps = 0;
  expect_rejected(shadow, targets, no_steps, "T >= 1");
  DpsgdAttackConfig vanishing;
  vanishing.sigma = 1e-160;
  expect_rejected(shadow, targets, vanishing, "noise scale");
}

TEST(DpsgdAttackInput, PosteriorWeightsRejectBadInput) {
  const RowMatrix releases = test::random_records(3, 4, 1);
  const RowMatrix candidates = test::random_records(5, 4, 2);
  EXPECT_NE(invalid_input_message([&] { posterior_weights(releases, test::random_records(5, 3, 2), 0.5, 1.0, 0.3); })
                .find("columns"),
            std::string::npos);
  EXPECT_NE(invalid_input_message([&] { posterior_weights(RowMatrix(0, 4), candidates, 0.5, 1.0, 0.3); })
                .find("T >= 1"),
            std::string::npos);
  EXPECT_NE(invalid_input_message([&] { posterior_weights(releases, candidates, 0.5, -1.0, 0.3); })
                .find("sigma"),
            std::string::npos);
  EXPECT_NE(invalid_input_message([&] { simulate_releases(candidates, DpsgdAttackConfig{}, 0); })
                .find("1 × m"),
            std::string::npos);
}

// Several candidate chunks (2048 each) and release blocks (4096 rows): 2100 candidates,
// 9 targets × 460 steps, on one thread and on three.
TEST(DpsgdAttackReproducibility, ResultsDoNotDependOnTheThreadCount) {
  const RowMatrix shadow = test::random_records(2100, 4, 31);
  const RowMatrix targets = test::random_records(9, 4, 32);
  DpsgdAttackConfig config;
  config.q = 0.1;
  config.steps = 460;
  config.sigma = 0.8;
  config.seed = 123;
  config.keep_weights = true;
  const auto one = dpsgd_attack(shadow, targets, config);
  config.threads = 3;
  const auto three = dpsgd_attack(shadow, targets, config);
  EXPECT_EQ(one.weights, three.weights);
  EXPECT_EQ(one.reconstructions, three.reconstructions);
  EXPECT_EQ(one.squared_errors, three.squared_errors);
  EXPECT_EQ(one.max_weight, three.max_weight);
}

TEST(DpsgdAttackReproducibility, SameSeedSameResultsOtherSeedOtherResults) {
  const RowMatrix shadow = test::random_records(50, 4, 33);
  const RowMatrix targets = test::random_records(3, 4, 34);
  DpsgdAttackConfig config;
  config.q = 0.3;
  config.steps = 20;
  config.sigma = 0.5;
  config.seed = 5;
  const auto first = dpsgd_attack(shadow, targets, config);
  EXPECT_EQ(first.squared_errors, dpsgd_attack(shadow, targets, config).squared_errors);
  config.seed = 6;
  EXPECT_NE(first.squared_errors, dpsgd_attack(shadow, targets, config).squared_errors);
}

TEST(DpsgdAttackReproducibility, WeightsOnlyWhenAsked) {
  const RowMatrix shadow = test::random_records(20, 3, 1);
  const RowMatrix targets = test::random_records(2, 3, 2);
  const auto result = dpsgd_attack(shadow, targets, DpsgdAttackConfig{});
  EXPECT_EQ(result.weights.size(), 0);
  EXPECT_EQ(result.squared_errors.size(), 2U);
  EXPECT_EQ(result.max_weight.size(), 2U);
  EXPECT_EQ(result.reconstructions.rows(), 2);
  EXPECT_EQ(result.reconstructions.cols(), 3);
}

}  // namespace
