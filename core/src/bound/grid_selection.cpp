// Choosing the grid on D⊥ (mathematics §6.6): pilot, prediction at n_est, selection.
#include "reconbound/grid_selection.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numbers>
#include <string>

#include "reconbound/entropy_margins.hpp"
#include "reconbound/error.hpp"

namespace reconbound {

namespace {

// Forwards the estimator's progress with the pilot size in front of the stage name.
class PilotProgress final : public Progress {
 public:
  PilotProgress(Progress* target, std::size_t n) : target_(target), n_(n) {}
  void report(std::string_view stage, std::size_t done, std::size_t total) override {
    if (target_ != nullptr) target_->report(fmt::format("pilot n={}: {}", n_, stage), done, total);
  }

 private:
  Progress* target_;
  std::size_t n_;
};

// The plug-in's ceiling at n records: h(W^(k)) + log2 n with h(W^(k)) = (k/2)·log2(2πe·s²)
// (bits per block, mathematics §6.4).
double plugin_cap_bits(std::size_t k, double s, std::size_t n) {
  const double two_pi_e = 2.0 * std::numbers::pi * std::numbers::e;
  return 0.5 * static_cast<double>(k) * std::log2(two_pi_e * s * s) +
         std::log2(static_cast<double>(n));
}

// One pair's bound from one predicted entropy, through the converse plugin (eq 14).
ConverseResult predicted_bound(const Converse& converse, const GridEntropy& entry, double gamma,
                               double normaliser) {
  const std::vector<GridEntropy> one{entry};
  return converse.bound({gamma, &one, normaliser});
}

double predicted_largest_gamma(const Converse& converse, const GridEntropy& entry,
                               double target_rho, double normaliser) {
  const std::vector<GridEntropy> one{entry};
  return converse.largest_gamma({0.0, &one, normaliser}, target_rho).gamma_bits;
}

// The grid's pair indices grouped by block size, in order of first appearance.
std::vector<std::pair<std::size_t, std::vector<std::size_t>>> pairs_by_block_size(
    const std::vector<GridPair>& grid) {
  std::vector<std::pair<std::size_t, std::vector<std::size_t>>> groups;
  for (std::size_t p = 0; p < grid.size(); ++p) {
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const auto& g) { return g.first == grid[p].k; });
    if (it == groups.end()) it = groups.insert(groups.end(), {grid[p].k, {}});
    it->second.push_back(p);
  }
  return groups;
}

// ĥ_MC (bits) of a shard: the mean of its blocks' estimates (eq 31).
double mean_block_entropy(const GridEntropy& shard) {
  double sum = 0.0;
  for (const BlockEntropy& block : shard.blocks) sum += block.h_mc_bits;
  return sum / static_cast<double>(shard.blocks.size());
}

// Marks `count` pairs for one goal (keys: larger is better). The pairs whose key is within
// `tolerance` of the goal's best are equally good for it; among them, pairs already selected
// for another goal count first (goals that agree share pairs, so G' stays small), then the
// larger block size, the cheaper one to certify (per pair, n_est²·N_k kernel terms of cost
// growing slowly with k: docs/grid_selection.md), then the larger key. The other pairs follow
// by key; ties keep grid order.
void select_for_goal(const std::vector<std::pair<double, double>>& keys, std::size_t count,
                     double tolerance, std::vector<PairPrediction>& predictions) {
  double best = keys.front().first;
  for (const auto& key : keys) best = std::max(best, key.first);
  const auto good = [&](std::size_t p) { return keys[p].first >= best - tolerance; };
  std::vector<std::size_t> order(keys.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (good(a) != good(b)) return good(a);
    if (good(a) && predictions[a].pair.k != predictions[b].pair.k) {
      return predictions[a].pair.k > predictions[b].pair.k;
    }
    return keys[a] > keys[b];
  });
  std::size_t covered = 0;
  for (const std::size_t p : order) {
    if (predictions[p].selected && good(p)) ++covered;
  }
  for (const std::size_t p : order) {
    if (covered >= count) break;
    if (predictions[p].selected) continue;
    predictions[p].selected = true;
    ++covered;
  }
}

}  // namespace

double extrapolate_plugin_entropy(double h_quarter, double h_half, double h_full, double doublings,
                                  double cap) {
  const double first = h_half - h_quarter;  // Δ₁
  const double last = h_full - h_half;      // Δ₂
  double gain = 0.0;
  if (doublings <= 0.0) {
    gain = last * doublings;  // interpolation below the pilot size, linear in log n
  } else if (last > 0.0) {
    const double ratio = first > last ? last / first : 1.0;  // r ∈ (0, 1]
    gain = ratio < 1.0 ? last * ratio * (1.0 - std::pow(ratio, doublings)) / (1.0 - ratio)
                       : last * doublings;  // Δ₂·Σ_{j=1..L} r^j
  }
  return std::min(h_full + gain, cap);
}

GridSelectionReport select_grid(const EntropyEstimator& estimator, const Converse& converse,
                                MatrixView rotated_perp, const std::vector<GridPair>& grid,
                                double trace_sigma, const SelectionGoal& goal,
                                const SelectionSettings& settings) {
  const auto start = std::chrono::steady_clock::now();
  GridSelectionReport report;
  report.pairs_per_goal = settings.pairs_per_goal;
  report.goal = goal;
  report.candidates = grid.size();
  const std::size_t goals = goal.gammas_bits.size() + (goal.target_rho > 0.0 ? 1 : 0);
  if (settings.pairs_per_goal < 1) {
    throw InvalidInput("grid selection: pairs per goal must be >= 1 (--grid-select-pairs)");
  }
  const auto n_perp = static_cast<std::size_t>(rotated_perp.rows());
  const std::size_t wanted = std::min(grid.size(), settings.pairs_per_goal * std::max<std::size_t>(goals, 1));
  if (goals == 0) report.reason = "no gamma or target rho to select for";
  else if (wanted >= grid.size()) report.reason = "the grid is no larger than the selection";
  else if (n_perp < kMinPilotRecords)
    report.reason = fmt::format("D_perp has {} records; a pilot needs at least {}", n_perp,
                                kMinPilotRecords);
  if (!report.reason.empty()) {
    report.selected = grid;
    return report;
  }
  report.method = "pilot";
  report.assumed_union_size = wanted;
  report.pilot_sizes = {n_perp / 4, n_perp / 2, n_perp};

  // ĥ_MC on the three prefixes of D⊥, one draw per record, on an evenly spread subset of
  // at most kPilotBlocks blocks per block size (the block average is a mean over exchangeable
  // blocks; a shard of the estimator is exactly such a subset). The same seed gives every
  // record the same draws at each size (common random numbers): the increments are less noisy.
  const std::size_t m = static_cast<std::size_t>(rotated_perp.cols());
  std::vector<std::vector<double>> h_pilot(grid.size());
  std::vector<double> dither_sd(grid.size());
  for (const std::size_t n : report.pilot_sizes) {
    PilotProgress progress(settings.progress, n);
    for (const auto& [k, pairs] : pairs_by_block_size(grid)) {
      std::vector<GridPair> subgrid;
      for (const std::size_t p : pairs) subgrid.push_back(grid[p]);
      const EntropyRequest request{.rotated = rotated_perp.topRows(static_cast<Eigen::Index>(n)),
                                   .grid = subgrid,
                                   .trace_sigma = trace_sigma,
                                   .union_size = grid.size(),
                                   .alpha = settings.alpha,
                                   .alpha_mc_fraction = 0.5,
                                   .seed = settings.seed,
                                   .n_mc = report.pilot_n_mc,
                                   .threads = settings.threads,
                                   .shard = 0,
                                   .shards = (m / k + kPilotBlocks - 1) / kPilotBlocks,
                                   .progress = &progress};
      const std::vector<GridEntropy> partial = estimator.estimate(request);
      for (std::size_t i = 0; i < pairs.size(); ++i) {
        h_pilot[pairs[i]].push_back(mean_block_entropy(partial[i]));
        dither_sd[pairs[i]] = partial[i].s;
      }
    }
  }

  // Prediction at n_est with the margins of the certified run (|G'| = `wanted`, mathematics §6.7).
  const double doublings = std::log2(static_cast<double>(settings.n_est) / static_cast<double>(n_perp));
  const double alpha_mc = 0.5 * settings.alpha, alpha_md = settings.alpha - alpha_mc;
  std::vector<std::vector<std::pair<double, double>>> keys(goals);
  for (std::size_t p = 0; p < grid.size(); ++p) {
    PairPrediction pred;
    pred.pair = grid[p];
    pred.h_pilot = h_pilot[p];
    pred.h_predicted = extrapolate_plugin_entropy(
        pred.h_pilot[0], pred.h_pilot[1], pred.h_pilot[2], doublings,
        plugin_cap_bits(grid[p].k, dither_sd[p], settings.n_est));
    const std::size_t blocks = m / grid[p].k;
    pred.n_mc = monte_carlo_budget(grid[p].k, blocks, settings.n_est, wanted, alpha_mc, alpha_md);
    pred.t_md = mcdiarmid_margin_bits(settings.n_est, wanted, alpha_md);       // eq 35
    pred.t_mc = cantelli_margin_bits(monte_carlo_sigma_bits(grid[p].k, blocks, settings.n_est, pred.n_mc),
                                     wanted, alpha_mc);                        // eq 34
    pred.h_lb_predicted = pred.h_predicted - pred.t_mc - pred.t_md;            // mathematics §6.4
    GridEntropy entry;
    entry.pair = grid[p];
    entry.s = dither_sd[p];
    entry.n = settings.n_est;
    entry.n_mc = pred.n_mc;
    entry.h_mc = pred.h_predicted;
    entry.t_mc = pred.t_mc;
    entry.t_md = pred.t_md;
    entry.t_num = 0.0;
    entry.h_lb = pred.h_lb_predicted;
    // Ties at ρ = 0 are broken by how much leakage the pair could take before reaching 0.
    const double slack = predicted_largest_gamma(converse, entry, 1e-9, settings.normaliser);
    for (std::size_t g = 0; g < goal.gammas_bits.size(); ++g) {
      pred.rho_predicted.push_back(
          predicted_bound(converse, entry, goal.gammas_bits[g], settings.normaliser).rho_star);
      keys[g].emplace_back(pred.rho_predicted.back(), slack);
    }
    if (goal.target_rho > 0.0) {
      pred.gamma_for_target = predicted_largest_gamma(converse, entry, goal.target_rho, settings.normaliser);
      keys.back().emplace_back(pred.gamma_for_target, slack);
    }
    report.predictions.push_back(std::move(pred));
  }

  // The best pairs for each goal, certified as one union G' (mathematics §6.6).
  for (std::size_t g = 0; g < keys.size(); ++g) {
    // γ goals compare predicted ρ*; the target-ρ goal compares admissible γ (bits).
    const bool target = goal.target_rho > 0.0 && g + 1 == keys.size();
    select_for_goal(keys[g], settings.pairs_per_goal,
                    target ? settings.share_tolerance_bits : settings.share_tolerance_rho,
                    report.predictions);
  }
  for (const PairPrediction& pred : report.predictions) {
    if (pred.selected) report.selected.push_back(pred.pair);
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace reconbound
