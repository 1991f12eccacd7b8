// Grid selection on D⊥ (mathematics §6.6) with the selection in the loop: the pairs G' a pilot on D⊥
// picks, certified on an independent D_est with the union bound over |G'|, must still cover the
// true block-averaged entropy with probability ≥ 1 − α, and sit no further below it on average
// than the margins of |G'|, the plug-in bias bound and the slack of gap_allowance.hpp allow
// (the selection depends on D⊥ only, so given D⊥ each repetition is a fixed-grid certificate).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "entropy_coverage.hpp"
#include "estimator_support.hpp"
#include "gap_allowance.hpp"
#include "reconbound/conformance/correlated_gaussian_source.hpp"
#include "reconbound/grid_selection.hpp"

namespace reconbound::test {
namespace {

// One experiment: the candidate grid {block sizes} × {0.2, 0.8, 3.2}, the goal γs and the
// pairs certified per γ.
struct Experiment {
  std::string name;
  std::vector<std::size_t> block_sizes;
  std::vector<double> gammas_bits;
  std::size_t pairs_per_goal = 1;

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

// Each repetition: fresh D⊥ and D_est from the correlated Gaussian in R^8, the pilot on D⊥
// selects G', G' is certified on D_est with the union bound over |G'|, and every certified
// h̄_LB is compared with h̄_U at the same s = ν·sqrt(tr Σ̂/k), tr Σ̂ from D⊥.
TEST_P(SelectionCoverage, CertifiedSelectedPairsCoverTheTruthBothWays) {
  const Experiment& experiment = GetParam();
  constexpr int kRepetitions = 200;
  constexpr std::size_t kPerp = 400;
  constexpr std::size_t kEst = 800;
  constexpr double kAlpha = 0.05;
  const conformance::CorrelatedGaussianSource source(8);
  const std::vector<GridPair> grid = experiment.grid();
  const SelectionGoal goal{.gammas_bits = experiment.gammas_bits, .target_rho = 0.0};
  const auto estimator = goldfeld();
  const auto converse = slb();

  int covered = 0;
  double mean_gap = 0.0;        // mean over repetitions of the mean over G' of h̄_U − h̄_LB
  double mean_allowance = 0.0;  // the same for t_MD + t_MC + 2·t_num + bias bound
  double monte_carlo_slack = 0.0;
  std::map<std::string, int> chosen;
  for (int rep = 0; rep < kRepetitions; ++rep) {
    const auto seed = static_cast<std::uint64_t>(rep);
    const RowMatrix perp = source.sample(kPerp, 100'000 + seed);
    const RowMatrix est = source.sample(kEst, 200'000 + seed);
    const double trace = sample_trace(perp);  // tr Σ̂ on D⊥ only (mathematics §6.5)
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
    double gap = 0.0, allowance = 0.0;
    for (const GridEntropy& r : results) {
      const double s = std::sqrt(r.pair.nu2 * trace / static_cast<double>(r.pair.k));  // mathematics §5
      const double truth = source.block_averaged_entropy(r.pair.k, s);
      all = all && r.h_lb <= truth;
      gap += truth - r.h_lb;
      const GapAllowance a = gap_allowance({.n = kEst,
                                            .union_size = results.size(),
                                            .alpha_mc = 0.5 * kAlpha,
                                            .alpha_md = 0.5 * kAlpha,
                                            .k = r.pair.k,
                                            .blocks = source.columns() / r.pair.k,
                                            .n_mc = draws(r.details),
                                            .mean_t_num = r.t_num,
                                            .bias_bound = source.plugin_bias_bound(r.pair.k, s, kEst),
                                            .repetitions = kRepetitions});
      allowance += a.t_md + a.t_mc + a.t_num + a.bias;
      // The mean over G' of the Monte Carlo errors has sd ≤ the largest σ_MC among them.
      monte_carlo_slack = std::max(monte_carlo_slack, a.monte_carlo);
      ++chosen["k=" + std::to_string(r.pair.k) + " nu2=" + std::to_string(r.pair.nu2).substr(0, 3)];
    }
    covered += all ? 1 : 0;
    mean_gap += gap / static_cast<double>(results.size()) / kRepetitions;
    mean_allowance += allowance / static_cast<double>(results.size()) / kRepetitions;
  }
  const double sampling_slack = sampling_slack_bits(kEst, kRepetitions);
  const double limit = mean_allowance + sampling_slack + monte_carlo_slack;
  std::printf("%s: coverage %d/%d; mean truth - h_LB %.4f bits <= %.4f = margins + bias bound "
              "%.4f + slack %.4f + %.4f\n",
              experiment.name.c_str(), covered, kRepetitions, mean_gap, limit, mean_allowance,
              sampling_slack, monte_carlo_slack);
  for (const auto& [pair, count] : chosen) std::printf("  selected %s: %d\n", pair.c_str(), count);

  EXPECT_GE(covered, required_coverage(kAlpha, kRepetitions));
  EXPECT_LE(mean_gap, limit);
}

// The pilot picks k = 8 for every γ when all block sizes are candidates (the margins, constant
// in bits, cost least per coordinate at the largest k), k = 1 and 2 when only those are.
const std::vector<Experiment> kExperiments{
    {"all_block_sizes", {1, 2, 4, 8}, {0.0, 1.0, 16.0}, 1},
    {"small_blocks", {1, 2}, {0.0, 16.0}, 2},
};

INSTANTIATE_TEST_SUITE_P(Grids, SelectionCoverage, ::testing::ValuesIn(kExperiments),
                         [](const auto& param_info) { return param_info.param.name; });

}  // namespace
}  // namespace reconbound::test
