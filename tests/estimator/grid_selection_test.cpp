// Grid selection on D⊥ (mathematics §6.6): the pilot never reads D_est, the certified margins are
// those of |G'|, and the plug-in extrapolation the pilot predicts with. Its coverage with the
// selection in the loop is in tests/statistical/selection_coverage_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "estimator_support.hpp"
#include "reconbound/bound.hpp"
#include "reconbound/grid_selection.hpp"
#include "reconbound/verify/matchers.hpp"
#include "reconbound/verify/reference_entropy.hpp"
#include "reconbound/verify/tolerances.hpp"

namespace reconbound::test {
namespace {

// The pilot reads D⊥ only: two bounds with the same D⊥ and different D_est records (same
// size) select the same pairs with the same predictions, while the certified entropies
// differ. The certified margins are those of the union over |G'| (mathematics §6.6, §6.1–6.2, §6.7).
TEST(SelectionPilot, ThePilotCannotSeeTheEstimationSampleAndTheMarginsUseTheSelection) {
  // Grey levels in [0, 255] for the pixel representation: 128 + 12·x for independent
  // N(0, (1 + j/8)²) columns x_j, clamped (rarely).
  const auto records = [](std::size_t n, std::uint64_t seed) {
    const RowMatrix x = gaussian_sample(n, 8, seed);
    return RowMatrix((128.0 + 12.0 * x.array()).cwiseMax(0.0).cwiseMin(255.0));
  };
  const RowMatrix perp = records(256, 1);
  const RowMatrix est_a = records(300, 2);
  const RowMatrix est_b = records(300, 3);
  BoundConfig config;
  config.representation = "pixel";
  config.block_sizes = {1, 2, 4, 8};
  config.grid_select = GridSelect::pilot;
  config.select_pairs = 1;
  config.seed = 17;
  const std::vector<double> gammas{0.5, 4.0, 16.0};
  const ImageShape shape{.channels = 1, .height = 2, .width = 4};
  const BoundReport a = compute_bound(registry(), {&perp, &est_a, shape}, gammas, config);
  const BoundReport b = compute_bound(registry(), {&perp, &est_b, shape}, gammas, config);

  ASSERT_EQ(a.selection.method, "pilot") << a.selection.reason;
  EXPECT_EQ(a.selection.candidates, 4u * 6u);
  EXPECT_EQ(a.selection.selected, b.selection.selected);
  EXPECT_EQ(a.selection.pilot_sizes, b.selection.pilot_sizes);
  EXPECT_EQ(a.selection.assumed_union_size, b.selection.assumed_union_size);
  ASSERT_EQ(a.selection.predictions.size(), b.selection.predictions.size());
  for (std::size_t p = 0; p < a.selection.predictions.size(); ++p) {
    const PairPrediction& pa = a.selection.predictions[p];
    const PairPrediction& pb = b.selection.predictions[p];
    EXPECT_EQ(pa.pair, pb.pair);
    EXPECT_EQ(pa.h_pilot, pb.h_pilot);
    EXPECT_EQ(pa.h_predicted, pb.h_predicted);
    EXPECT_EQ(pa.n_mc, pb.n_mc);
    EXPECT_EQ(pa.t_mc, pb.t_mc);
    EXPECT_EQ(pa.t_md, pb.t_md);
    EXPECT_EQ(pa.h_lb_predicted, pb.h_lb_predicted);
    EXPECT_EQ(pa.rho_predicted, pb.rho_predicted);
    EXPECT_EQ(pa.selected, pb.selected);
  }
  // D_est did matter where it should: the certified estimates.
  ASSERT_EQ(a.entropies.size(), b.entropies.size());
  ASSERT_EQ(a.entropies.size(), a.selection.selected.size());
  EXPECT_NE(a.entropies[0].h_mc, b.entropies[0].h_mc);

  // The certified margins with |G'|: eq 35, and eq 34 with σ_MC of mathematics §6.3 at the budget
  // rule's n_MC (mathematics §6.7), against the MPFR references, at the entropy's shares of α: with the
  // default normaliser α_T = f·α goes to tr Σ's bound and α₁ = α₂ = (1 − f)·α/2 (mathematics §6.8).
  const std::size_t union_size = a.selection.selected.size();
  const double entropy_alpha = (1.0 - kDefaultNormaliserAlphaFraction) * config.alpha;
  const double alpha_mc = 0.5 * entropy_alpha, alpha_md = entropy_alpha - alpha_mc;
  EXPECT_NEAR(a.alpha_shares.monte_carlo, alpha_mc, 1e-15);
  EXPECT_NEAR(a.alpha_shares.sampling, alpha_md, 1e-15);
  for (const GridEntropy& r : a.entropies) {
    SCOPED_TRACE("k=" + std::to_string(r.pair.k) + " nu2=" + std::to_string(r.pair.nu2));
    const std::size_t blocks = a.m_padded / r.pair.k;
    EXPECT_EQ(r.n, 300u);
    EXPECT_EQ(r.n_mc, verify::reference_monte_carlo_budget(r.pair.k, blocks, 300, union_size,
                                                           alpha_mc, alpha_md));
    const auto sigma = verify::reference_sigma_mc(r.pair.k, blocks, 300, r.n_mc);
    const auto margins = verify::reference_margins(300, union_size, alpha_mc, alpha_md, sigma.value);
    EXPECT_AGREES_WITH_REFERENCE(r.t_md, margins.t_md, verify::tolerance::kEntropyMargins);
    EXPECT_AGREES_WITH_REFERENCE(r.t_mc, margins.t_mc, verify::tolerance::kEntropyMargins);
    // The pilot predicted these very margins when it assumed the union it certified.
    if (a.selection.assumed_union_size == union_size) {
      for (const PairPrediction& pred : a.selection.predictions) {
        if (pred.pair == r.pair) {
          EXPECT_EQ(pred.n_mc, r.n_mc);
          EXPECT_EQ(pred.t_md, r.t_md);
          EXPECT_EQ(pred.t_mc, r.t_mc);
        }
      }
    }
  }
}

// extrapolate_plugin_entropy (mathematics §6.6): ĥ(n) + Δ₂·Σ_{j=1..L} r^j, r = Δ₂/Δ₁ ∈ (0, 1].
TEST(ExtrapolatePluginEntropy, GeometricIncrements) {
  // Δ₁ = 1, Δ₂ = 0.5: r = 0.5. L = 2 adds 0.5·(0.5 + 0.25).
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 2.0, 2.5, 2.0, 100.0), 2.875);
  // Non-integer L: Δ₂·r·(1 − r^L)/(1 − r).
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 2.0, 2.5, 1.5, 100.0),
                   2.5 + 0.5 * 0.5 * (1.0 - std::pow(0.5, 1.5)) / 0.5);
  // Many doublings: the geometric series converges to Δ₂·r/(1 − r) = 0.5.
  EXPECT_NEAR(extrapolate_plugin_entropy(1.0, 2.0, 2.5, 60.0, 100.0), 3.0, 1e-12);
  // Monotone in L.
  double last = 2.5;
  for (double doublings = 0.25; doublings <= 8.0; doublings += 0.25) {
    const double h = extrapolate_plugin_entropy(1.0, 2.0, 2.5, doublings, 100.0);
    EXPECT_GT(h, last) << doublings;
    last = h;
  }
}

TEST(ExtrapolatePluginEntropy, RatioOneIsLinearInDoublings) {
  // Equal increments: r = 1, Δ₂·L (a plug-in still growing like log n).
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 1.5, 2.0, 3.0, 100.0), 3.5);
  // Growing increments (Δ₂ > Δ₁): r is capped at 1, never extrapolated as accelerating.
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 1.25, 1.75, 2.0, 100.0), 2.75);
  // Δ₁ = 0 < Δ₂: r = 1 as well.
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 1.0, 1.5, 2.0, 100.0), 2.5);
}

TEST(ExtrapolatePluginEntropy, NegativeIncrementsCountAsZero) {
  // Δ₂ < 0 (noise): nothing is added, the prediction is ĥ(n).
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 2.0, 1.9, 3.0, 100.0), 1.9);
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 2.0, 2.0, 3.0, 100.0), 2.0);  // Δ₂ = 0
  // Δ₁ < 0 < Δ₂: Δ₁ counts as 0, so r = 1 and the growth is linear.
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 0.8, 1.0, 2.0, 100.0), 1.4);
}

TEST(ExtrapolatePluginEntropy, NeverExceedsTheCap) {
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 2.0, 2.5, 10.0, 2.6), 2.6);
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 1.5, 2.0, 10.0, 4.0), 4.0);  // r = 1
  // A cap below the pilot's own estimate wins too (the ceiling h(W) + log2 n_target).
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 2.0, 2.5, 1.0, 2.2), 2.2);
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 2.0, 2.5, -1.0, 2.2), 2.0);
}

TEST(ExtrapolatePluginEntropy, DoublingsAtMostZeroInterpolate) {
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 2.0, 2.5, 0.0, 100.0), 2.5);
  // One halving back: ĥ(n) − Δ₂ = ĥ(n/2).
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 2.0, 2.5, -1.0, 100.0), 2.0);
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 2.0, 2.5, -0.5, 100.0), 2.25);
  // Linear in L below the pilot size even when Δ₂ < 0 (no clamping to 0 there).
  EXPECT_DOUBLE_EQ(extrapolate_plugin_entropy(1.0, 2.0, 1.5, -1.0, 100.0), 2.0);
}

}  // namespace
}  // namespace reconbound::test
