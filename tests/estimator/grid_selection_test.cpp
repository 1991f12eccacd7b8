// Grid selection on D⊥ (mathematics §6.6): the pilot never reads D_est and the certified margins are
// those of |G'|. The goldfeld estimator's prediction (its extrapolation and margins) is tested in
// goldfeld_prediction_test.cpp; the coverage with the selection in the loop in
// tests/statistical/selection_coverage_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "estimator_support.hpp"
#include "reconbound/bound.hpp"
#include "reconbound/grid_selection.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
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
  BoundConfig config = presets::paper_bound_config();
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
    EXPECT_EQ(pa.h_lb_predicted, pb.h_lb_predicted);
    EXPECT_EQ(pa.cost, pb.cost);
    for (const char* name : {"n_mc", "t_mc", "t_md"}) {
      EXPECT_EQ(detail(pa.details, name), detail(pb.details, name)) << name;
    }
    EXPECT_EQ(pa.rho_predicted, pb.rho_predicted);
    EXPECT_EQ(pa.selected, pb.selected);
  }
  // D_est did matter where it should: the certified estimates.
  ASSERT_EQ(a.entropies.size(), b.entropies.size());
  ASSERT_EQ(a.entropies.size(), a.selection.selected.size());
  EXPECT_NE(a.entropies[0].h_point, b.entropies[0].h_point);

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
    const std::size_t n_mc = draws(r.details);
    EXPECT_EQ(n_mc, verify::reference_monte_carlo_budget(r.pair.k, blocks, 300, union_size, alpha_mc, alpha_md));
    const auto sigma = verify::reference_sigma_mc(r.pair.k, blocks, 300, n_mc);
    const auto margins = verify::reference_margins(300, union_size, alpha_mc, alpha_md, sigma.value);
    EXPECT_AGREES_WITH_REFERENCE(detail(r.details, "t_md"), margins.t_md, verify::tolerance::kEntropyMargins);
    EXPECT_AGREES_WITH_REFERENCE(detail(r.details, "t_mc"), margins.t_mc, verify::tolerance::kEntropyMargins);
    // The estimator predicted these very margins when the pilot assumed the union it certified.
    if (a.selection.assumed_union_size == union_size) {
      for (const PairPrediction& pred : a.selection.predictions) {
        if (pred.pair == r.pair) {
          for (const char* name : {"n_mc", "t_mc", "t_md"}) {
            EXPECT_EQ(detail(pred.details, name), detail(r.details, name)) << name;
          }
        }
      }
    }
  }
}

// The pilot's two stages (mathematics §6.6) against run_pilot on the same seed: the screen's
// numbers are those of every pair on n_p/8, n_p/4, n_p/2 (run_pilot on the first n_p/2 rows), the
// refined pairs are the kPilotContenders best of the screen's predicted ρ* and carry the numbers
// of every pair on n_p/4, n_p/2, n_p (run_pilot on all n_p rows), and only refined pairs are
// selected.
TEST(SelectionPilot, TheScreenRefinesItsBestPairsWithTheThreeSizePilotsNumbers) {
  const RowMatrix perp = gaussian_sample(256, 16, 8, 20.0);
  std::vector<GridPair> grid;
  for (const std::size_t k : {1, 2, 4, 8, 16}) {
    for (const double nu2 : {0.2, 0.4, 0.8, 1.6, 3.2, 6.4}) grid.push_back({k, nu2});
  }
  const double trace = sample_trace(perp);
  const SelectionGoal goal{.gammas_bits = {2.0}, .target_rho = 0.0};
  const SelectionSettings settings{.n_est = 4000, .normaliser = trace, .seed = 21};
  const auto estimator = goldfeld();
  const auto converse = slb();
  const GridSelectionReport report = select_grid(*estimator, *converse, perp, grid, trace, goal, settings);
  ASSERT_EQ(report.method, "pilot") << report.reason;
  EXPECT_EQ(report.pilot_sizes, (std::vector<std::size_t>{32, 64, 128, 256}));
  EXPECT_EQ(report.contenders, kPilotContenders);

  const auto screen = run_pilot(*estimator, perp.topRows(128), grid, trace, settings);
  const auto full = run_pilot(*estimator, perp, grid, trace, settings);
  // The screen's predicted ρ* of every pair, as select_grid forms it.
  const PredictionTarget target{.n = settings.n_est, .m = 16, .union_size = 1};
  std::vector<double> screened;
  for (const PilotEstimate& pilot : screen) {
    const EntropyPrediction predicted = estimator->predict(pilot, target);
    const std::vector<GridEntropy> entry{{.pair = pilot.pair, .s = pilot.s, .n = settings.n_est,
                                          .h_point = predicted.h_point, .h_lb = predicted.h_lb,
                                          .details = predicted.details}};
    screened.push_back(converse->bound({goal.gammas_bits[0], &entry, trace}).rho_star);
  }
  std::vector<double> sorted = screened;
  std::sort(sorted.begin(), sorted.end(), std::greater<>());
  const double sixth = sorted[kPilotContenders - 1];
  std::size_t refined = 0;
  for (std::size_t p = 0; p < grid.size(); ++p) {
    const PairPrediction& pred = report.predictions[p];
    SCOPED_TRACE("k=" + std::to_string(pred.pair.k) + " nu2=" + std::to_string(pred.pair.nu2));
    if (pred.refined) {
      ++refined;
      EXPECT_GE(screened[p], sixth);
      EXPECT_EQ(pred.sizes, full[p].sizes);
      EXPECT_EQ(pred.h_pilot, full[p].h_point);
    } else {
      EXPECT_LE(screened[p], sixth);
      EXPECT_FALSE(pred.selected);
      EXPECT_EQ(pred.sizes, screen[p].sizes);
      EXPECT_EQ(pred.h_pilot, screen[p].h_point);
      EXPECT_EQ(pred.rho_predicted[0], screened[p]);
    }
  }
  EXPECT_EQ(refined, kPilotContenders);
}

}  // namespace
}  // namespace reconbound::test
