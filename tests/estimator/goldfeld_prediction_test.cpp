// The goldfeld estimator's prediction for grid selection (mathematics §6.6, §6.7): the plug-in
// extrapolation, the margins it predicts (those it certifies with at the same n and |G|), the
// --mc-samples setting it honours, its cost, and that it needs pilot numbers only.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "estimator_support.hpp"
#include "mathematics/prediction.hpp"
#include "reconbound/error.hpp"
#include "reconbound/grid_selection.hpp"

namespace reconbound::test {
namespace {

const std::vector<GridPair> kGrid{{1, 0.2}, {2, 0.8}, {4, 0.4}, {8, 1.6}, {8, 0.2}};

PredictionTarget target_of(const EntropyRequest& request) {
  return {.n = static_cast<std::size_t>(request.rotated.rows()),
          .m = static_cast<std::size_t>(request.rotated.cols()),
          .union_size = request.union_size,
          .alpha = request.alpha,
          .alpha_mc_fraction = request.alpha_mc_fraction};
}

// At the estimate's own n, |G| and α the prediction's n_MC, t_MC and t_MD are the certified
// ones bit for bit, so predicted h_point − h_LB = certified h_point − h_LB − t_num.
TEST(GoldfeldPrediction, ItsMarginsAreTheCertifiedOnes) {
  const RowMatrix data = gaussian_sample(300, 8, 11, 40.0);
  EntropyRequest request = make_request(data, kGrid, sample_trace(data));
  request.union_size = 12;
  request.alpha = 0.04;
  request.alpha_mc_fraction = 0.3;
  const auto estimator = goldfeld();
  const auto certified = estimator->estimate(request);
  const SelectionSettings settings{.alpha = request.alpha, .alpha_mc_fraction = request.alpha_mc_fraction};
  const auto pilots = run_pilot(*estimator, data, kGrid, request.trace_sigma, settings);
  ASSERT_EQ(pilots.size(), kGrid.size());
  for (std::size_t p = 0; p < kGrid.size(); ++p) {
    SCOPED_TRACE("k=" + std::to_string(kGrid[p].k) + " nu2=" + std::to_string(kGrid[p].nu2));
    const EntropyPrediction predicted = estimator->predict(pilots[p], target_of(request));
    for (const char* name : {"n_mc", "t_mc", "t_md"}) {
      EXPECT_EQ(detail(predicted.details, name), detail(certified[p].details, name)) << name;
    }
    EXPECT_NEAR(predicted.h_point - predicted.h_lb, certified[p].h_point - certified[p].h_lb - certified[p].t_num,
                1e-12);
  }
}

// Pilot numbers alone (no sample): deterministic, h_LB = extrapolated ĥ − t_MC − t_MD below it,
// and the estimator's own n_mc parameter (--mc-samples) is the one predicted.
TEST(GoldfeldPrediction, NeedsPilotNumbersOnlyAndHonoursTheNmcParameter) {
  const PilotEstimate pilot{.pair = {4, 0.4}, .s = 3.0, .sizes = {250, 500, 1000}, .h_point = {9.0, 9.5, 9.75}};
  const PredictionTarget target{.n = 4000, .m = 16, .union_size = 3, .alpha = 0.05, .alpha_mc_fraction = 0.5};
  const EntropyPrediction a = goldfeld()->predict(pilot, target);
  const EntropyPrediction b = goldfeld()->predict(pilot, target);
  EXPECT_EQ(a.h_point, b.h_point);
  EXPECT_EQ(a.h_lb, b.h_lb);
  // Two more doublings at r = 1/2: 9.75 + 0.25·(1/2 + 1/4) (mathematics §6.6).
  EXPECT_DOUBLE_EQ(a.h_point, 9.9375);
  EXPECT_DOUBLE_EQ(a.h_lb, a.h_point - detail(a.details, "t_mc") - detail(a.details, "t_md"));  // mathematics §6.4
  EXPECT_LT(a.h_lb, a.h_point);
  EXPECT_EQ(draws(goldfeld(Params::parse("n_mc=7"))->predict(pilot, target).details), 7u);
  const PilotEstimate two_sizes{.pair = {4, 0.4}, .s = 3.0, .sizes = {500, 1000}, .h_point = {9.5, 9.75}};
  EXPECT_THROW(static_cast<void>(goldfeld()->predict(two_sizes, target)), InvalidInput);
}

// n²·N_k kernel terms: larger blocks cost less, equal blocks the same (docs/grid_selection.md).
TEST(GoldfeldPrediction, TheCostFallsWithTheBlockSize) {
  EXPECT_EQ(goldfeld::certification_cost({4, 0.2}, 1000, 16), 4.0e6);
  EXPECT_EQ(goldfeld::certification_cost({4, 0.2}, 1000, 16), goldfeld::certification_cost({4, 3.2}, 1000, 16));
  EXPECT_GT(goldfeld::certification_cost({2, 0.2}, 1000, 16), goldfeld::certification_cost({4, 0.2}, 1000, 16));
}

// extrapolate_plugin_entropy (mathematics §6.6): ĥ(n) + Δ₂·Σ_{j=1..L} r^j, r = Δ₂/Δ₁ ∈ (0, 1].
TEST(ExtrapolatePluginEntropy, GeometricIncrements) {
  // Δ₁ = 1, Δ₂ = 0.5: r = 0.5. L = 2 adds 0.5·(0.5 + 0.25).
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 2.0, 2.5, 2.0, 100.0), 2.875);
  // Non-integer L: Δ₂·r·(1 − r^L)/(1 − r).
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 2.0, 2.5, 1.5, 100.0),
                   2.5 + 0.5 * 0.5 * (1.0 - std::pow(0.5, 1.5)) / 0.5);
  // Many doublings: the geometric series converges to Δ₂·r/(1 − r) = 0.5.
  EXPECT_NEAR(goldfeld::extrapolate_plugin_entropy(1.0, 2.0, 2.5, 60.0, 100.0), 3.0, 1e-12);
  // Monotone in L.
  double last = 2.5;
  for (double doublings = 0.25; doublings <= 8.0; doublings += 0.25) {
    const double h = goldfeld::extrapolate_plugin_entropy(1.0, 2.0, 2.5, doublings, 100.0);
    EXPECT_GT(h, last) << doublings;
    last = h;
  }
}

TEST(ExtrapolatePluginEntropy, RatioOneIsLinearInDoublings) {
  // Equal increments: r = 1, Δ₂·L (a plug-in still growing like log n).
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 1.5, 2.0, 3.0, 100.0), 3.5);
  // Growing increments (Δ₂ > Δ₁): r is capped at 1, never extrapolated as accelerating.
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 1.25, 1.75, 2.0, 100.0), 2.75);
  // Δ₁ = 0 < Δ₂: r = 1 as well.
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 1.0, 1.5, 2.0, 100.0), 2.5);
}

TEST(ExtrapolatePluginEntropy, NegativeIncrementsCountAsZero) {
  // Δ₂ < 0 (noise): nothing is added, the prediction is ĥ(n).
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 2.0, 1.9, 3.0, 100.0), 1.9);
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 2.0, 2.0, 3.0, 100.0), 2.0);  // Δ₂ = 0
  // Δ₁ < 0 < Δ₂: Δ₁ counts as 0, so r = 1 and the growth is linear.
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 0.8, 1.0, 2.0, 100.0), 1.4);
}

TEST(ExtrapolatePluginEntropy, NeverExceedsTheCap) {
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 2.0, 2.5, 10.0, 2.6), 2.6);
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 1.5, 2.0, 10.0, 4.0), 4.0);  // r = 1
  // A cap below the pilot's own estimate wins too (the ceiling h(W) + log2 n_target).
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 2.0, 2.5, 1.0, 2.2), 2.2);
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 2.0, 2.5, -1.0, 2.2), 2.0);
}

TEST(ExtrapolatePluginEntropy, DoublingsAtMostZeroInterpolate) {
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 2.0, 2.5, 0.0, 100.0), 2.5);
  // One halving back: ĥ(n) − Δ₂ = ĥ(n/2).
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 2.0, 2.5, -1.0, 100.0), 2.0);
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 2.0, 2.5, -0.5, 100.0), 2.25);
  // Linear in L below the pilot size even when Δ₂ < 0 (no clamping to 0 there).
  EXPECT_DOUBLE_EQ(goldfeld::extrapolate_plugin_entropy(1.0, 2.0, 1.5, -1.0, 100.0), 2.0);
}

}  // namespace
}  // namespace reconbound::test
