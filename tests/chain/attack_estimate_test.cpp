// An attack's ρ over the targets and its bootstrap standard error (eq 3 over the targets).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "reconbound/chain.hpp"
#include "reconbound/error.hpp"

namespace reconbound {
namespace {

TEST(AttackEstimate, RhoIsTheRootOfTheMeanErrorOverTrace) {
  const std::vector<double> errors{1.0, 4.0, 9.0, 2.0};
  const AttackEstimate e = estimate_attack(errors, 8.0, 0, 1);
  EXPECT_DOUBLE_EQ(e.rho, std::sqrt((1.0 + 4.0 + 9.0 + 2.0) / 4.0 / 8.0));
  ASSERT_EQ(e.rho_per_target.size(), 4u);
  EXPECT_DOUBLE_EQ(e.rho_per_target[2], std::sqrt(9.0 / 8.0));
  EXPECT_EQ(e.standard_error, 0.0);
}

// The bootstrap SE agrees with the delta method: SE(ρ) ≈ SD(e) / (2 ρ tr Σ sqrt(n)).
TEST(AttackEstimate, BootstrapStandardErrorMatchesTheDeltaMethod) {
  std::mt19937_64 engine(7);
  std::gamma_distribution<double> draw(3.0, 2.0);
  std::vector<double> errors(400);
  for (double& e : errors) e = draw(engine);
  double mean = 0.0, square = 0.0;
  for (const double e : errors) mean += e / 400.0;
  for (const double e : errors) square += (e - mean) * (e - mean) / 399.0;
  const double trace = 10.0;
  const double rho = std::sqrt(mean / trace);
  const double delta = std::sqrt(square) / (2.0 * rho * trace * std::sqrt(400.0));
  const AttackEstimate e = estimate_attack(errors, trace, 4000, 3);
  EXPECT_NEAR(e.standard_error, delta, 0.1 * delta);
  // Deterministic for a seed, and another seed changes the draw.
  EXPECT_EQ(estimate_attack(errors, trace, 4000, 3).standard_error, e.standard_error);
  EXPECT_NE(estimate_attack(errors, trace, 4000, 4).standard_error, e.standard_error);
}

TEST(AttackEstimate, RefusesBadInput) {
  EXPECT_THROW(estimate_attack({}, 1.0, 10, 0), InvalidInput);
  EXPECT_THROW(estimate_attack({1.0, -1.0}, 1.0, 10, 0), InvalidInput);
  EXPECT_THROW(estimate_attack({1.0, NAN}, 1.0, 10, 0), InvalidInput);
  EXPECT_THROW(estimate_attack({1.0}, 0.0, 10, 0), InvalidInput);
}

}  // namespace
}  // namespace reconbound
