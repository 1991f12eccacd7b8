// Grid selection on D⊥ (SPEC §6.6) with the selection in the loop: the pairs G' a pilot on
// D⊥ picks, certified on an independent D_est with the union bound over |G'|, still cover
// the true block-averaged entropy with probability ≥ 1 − α; the pilot never reads D_est; the
// certified margins are those of |G'|; and the plug-in extrapolation the pilot predicts with.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include <Eigen/Cholesky>

#include "estimator_support.hpp"
#include "reconbound/bound.hpp"
#include "reconbound/grid_selection.hpp"
#include "reconbound/verify/matchers.hpp"
#include "reconbound/verify/reference_entropy.hpp"
#include "reconbound/verify/tolerances.hpp"

namespace reconbound::test {
namespace {

// A Gaussian source N(0, Σ) in R^8 with a fixed non-isotropic, correlated Σ:
// Σ_ij = d_i·d_j·0.6^|i−j|. Its records are taken as already rotated (rows U·Ψ(x)), so block
// b of size k is sqrt(N_k)·x[bk, (b+1)k) ∼ N(0, N_k·Σ_bb), and the dithered block is
// N(0, N_k·Σ_bb + s²·I_k): h̄_U(k) is known in closed form at every k and s.
class GaussianSource {
 public:
  static constexpr Eigen::Index kDim = 8;

  GaussianSource() : sigma_(kDim, kDim) {
    const double d[kDim] = {3.0, 2.5, 2.0, 1.5, 1.2, 1.0, 0.7, 0.5};
    for (Eigen::Index i = 0; i < kDim; ++i) {
      for (Eigen::Index j = 0; j < kDim; ++j) {
        sigma_(i, j) = d[i] * d[j] * std::pow(0.6, static_cast<double>(std::abs(i - j)));
      }
    }
    factor_ = sigma_.llt().matrixL();
  }

  RowMatrix sample(std::size_t n, std::uint64_t seed) const {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal;
    RowMatrix z(static_cast<Eigen::Index>(n), kDim);
    for (Eigen::Index i = 0; i < z.size(); ++i) z.data()[i] = normal(rng);
    return z * factor_.transpose();
  }

  // h̄_U(k) = (1/N_k)·Σ_b ½·log2((2πe)^k·det(N_k·Σ_bb + s²·I_k)), bits (SPEC §5).
  double block_averaged_entropy(std::size_t k, double s) const {
    const auto kk = static_cast<Eigen::Index>(k);
    const Eigen::Index blocks = kDim / kk;
    double total = 0.0;
    for (Eigen::Index b = 0; b < blocks; ++b) {
      const Eigen::MatrixXd cov =
          static_cast<double>(blocks) * sigma_.block(b * kk, b * kk, kk, kk) +
          s * s * Eigen::MatrixXd::Identity(kk, kk);
      const double log2_det = 2.0 * cov.llt().matrixLLT().diagonal().array().log().sum() /
                              std::numbers::ln2;
      total += 0.5 * (static_cast<double>(k) *
                          std::log2(2.0 * std::numbers::pi * std::numbers::e) +
                      log2_det);
    }
    return total / static_cast<double>(blocks);
  }

 private:
  Eigen::MatrixXd sigma_;
  Eigen::MatrixXd factor_;
};

// One coverage experiment: the candidate grid {block sizes} × {0.2, 0.8, 3.2}, the goal γs
// and the pairs certified per γ.
struct Experiment {
  std::string name;
  std::vector<std::size_t> block_sizes;
  std::vector<double> gammas_bits;
  std::size_t pairs_per_goal = 1;
  double bias_allowance_bits = 0.0;  // see the gap check below

  std::vector<GridPair> grid() const {
    std::vector<GridPair> pairs;
    for (const std::size_t k : block_sizes) {
      for (const double nu2 : {0.2, 0.8, 3.2}) pairs.push_back({k, nu2});
    }
    return pairs;
  }
};

void PrintTo(const Experiment& experiment, std::ostream* out) { *out << experiment.name; }

class SelectionCoverage : public ::testing::TestWithParam<Experiment> {};

// Each repetition: fresh D⊥ and D_est, the pilot on D⊥ selects G', G' is certified on D_est
// with the union bound over |G'|, and every certified h̄_LB must lie below the truth h̄_U
// computed with the same s = ν·sqrt(tr Σ̂/k), tr Σ̂ from D⊥.
TEST_P(SelectionCoverage, CertifiedSelectedPairsCoverTheTruth) {
  const Experiment& experiment = GetParam();
  constexpr int kRepetitions = 200;
  constexpr std::size_t kPerp = 400;
  constexpr std::size_t kEst = 800;
  constexpr double kAlpha = 0.05;
  const GaussianSource source;
  const std::vector<GridPair> grid = experiment.grid();
  const SelectionGoal goal{.gammas_bits = experiment.gammas_bits, .target_rho = 0.0};
  const auto estimator = goldfeld();
  const auto converse = slb();

  int covered = 0;
  double gap_sum = 0.0, margin_sum = 0.0, bias_sum = 0.0;
  double bias_max = -1e300;
  std::size_t certified = 0;
  std::map<std::string, int> chosen;
  for (int rep = 0; rep < kRepetitions; ++rep) {
    const auto seed = static_cast<std::uint64_t>(rep);
    const RowMatrix perp = source.sample(kPerp, 100'000 + seed);
    const RowMatrix est = source.sample(kEst, 200'000 + seed);
    const double trace = sample_trace(perp);  // tr Σ̂ on D⊥ only (SPEC §6.5)
    const GridSelectionReport selection =
        select_grid(*estimator, *converse, perp, grid, trace, goal,
                    {.pairs_per_goal = experiment.pairs_per_goal, .n_est = kEst,
                     .alpha = kAlpha, .normaliser = trace, .seed = 300'000 + seed});
    ASSERT_EQ(selection.method, "pilot") << selection.reason;
    ASSERT_GE(selection.selected.size(), 1u);
    ASSERT_LE(selection.selected.size(), experiment.pairs_per_goal * goal.gammas_bits.size());

    EntropyRequest request = make_request(est, selection.selected, trace, 400'000 + seed);
    request.union_size = selection.selected.size();
    request.alpha = kAlpha;
    const std::vector<GridEntropy> results = estimator->estimate(request);
    bool all = true;
    for (const GridEntropy& r : results) {
      const double truth = source.block_averaged_entropy(r.pair.k, r.s);
      all = all && r.h_lb <= truth;
      gap_sum += truth - r.h_lb;
      margin_sum += r.t_md + r.t_mc + r.t_num;
      bias_sum += truth - r.h_mc;
      bias_max = std::max(bias_max, truth - r.h_mc);
      ++certified;
      ++chosen["k=" + std::to_string(r.pair.k) + " nu2=" + std::to_string(r.pair.nu2).substr(0, 3)];
    }
    covered += all ? 1 : 0;
  }
  const double mean_gap = gap_sum / static_cast<double>(certified);
  const double mean_margin = margin_sum / static_cast<double>(certified);
  const double mean_bias = bias_sum / static_cast<double>(certified);
  std::printf("%s: coverage %d/%d over %zu certified pairs; mean truth - h_LB %.4f bits = "
              "margins %.4f + plug-in bias and noise %.4f (largest %.4f)\n",
              experiment.name.c_str(), covered, kRepetitions, certified, mean_gap, mean_margin,
              mean_bias, bias_max);
  for (const auto& [pair, count] : chosen) std::printf("  selected %s: %d\n", pair.c_str(), count);

  EXPECT_GE(covered, static_cast<int>(std::ceil((1.0 - kAlpha) * kRepetitions)));
  // Not vacuous: the gap truth − h̄_LB is the margins t_MD + t_MC + t_num plus the plug-in's
  // downward bias truth − E ĥ_MC (plus Monte Carlo and sampling noise). It may exceed the
  // mean certified margins by at most the experiment's bias allowance, 1.5× the bias
  // measured with these seeds (see kExperiments).
  EXPECT_LE(mean_gap, mean_margin + experiment.bias_allowance_bits);
  EXPECT_GE(mean_bias, -0.02);  // the plug-in is biased downward (SPEC §6), up to noise
}

// Measured (200 repetitions, |D⊥| = 400, n_est = 800, α = 0.05):
//  - all_block_sizes: the pilot selects k = 8 (ν² = 0.2 or 0.8) for every γ (the margins,
//    constant in bits, cost least per coordinate at the largest k); coverage 200/200, mean
//    gap 1.455 bits = margins 1.152 + bias 0.303 (largest 0.755);
//  - small_blocks (k ≤ 2, two pairs per γ: the pilot selects k = 1 and k = 2 at ν² = 0.2;
//    the bias is small, the margins are what covers, so missing margins show as
//    miscoverage): coverage 200/200, mean gap 0.828 bits = margins 0.821 + bias 0.0075
//    (largest 0.090).
const std::vector<Experiment> kExperiments{
    {"all_block_sizes", {1, 2, 4, 8}, {0.0, 1.0, 16.0}, 1, 0.45},
    {"small_blocks", {1, 2}, {0.0, 16.0}, 2, 0.05},
};

INSTANTIATE_TEST_SUITE_P(Grids, SelectionCoverage, ::testing::ValuesIn(kExperiments),
                         [](const auto& param_info) { return param_info.param.name; });

// The pilot reads D⊥ only: two bounds with the same D⊥ and different D_est records (same
// size) select the same pairs with the same predictions, while the certified entropies
// differ. The certified margins are those of the union over |G'| (SPEC §6.6, §6.1–6.2, §6.7).
TEST(SelectionPilot, ThePilotCannotSeeTheEstimationSampleAndTheMarginsUseTheSelection) {
  const GaussianSource source;
  // Grey levels in [0, 255] for the pixel representation: 128 + 12·x, clamped (rarely).
  const auto records = [&](std::size_t n, std::uint64_t seed) {
    RowMatrix x = source.sample(n, seed);
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

  // The certified margins with |G'|: eq 35, and eq 34 with σ_MC of SPEC §6.3 at the budget
  // rule's n_MC (SPEC §6.7), against the MPFR references.
  const std::size_t union_size = a.selection.selected.size();
  const double alpha_mc = 0.5 * config.alpha, alpha_md = config.alpha - alpha_mc;
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

// extrapolate_plugin_entropy (SPEC §6.6): ĥ(n) + Δ₂·Σ_{j=1..L} r^j, r = Δ₂/Δ₁ ∈ (0, 1].
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
