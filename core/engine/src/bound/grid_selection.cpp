// Choosing the grid on D⊥ (mathematics §6.6): the pilot on prefixes of D⊥, the estimator's
// prediction at n_est, the converse's ρ* of each prediction, the selection.
#include "reconbound/grid_selection.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <string>

#include "plugin_results.hpp"
#include "reconbound/error.hpp"
#include "reconbound/on_ranks.hpp"
#include "reconbound/weighted_progress.hpp"

namespace reconbound {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The estimator's progress in one call of the pilot as a stage of its own, named after the
// pilot size and block size: the estimator's done/total are its modelled cost (one stage per
// call, not per pilot size: docs/progress.md). Under MPI the stages end at the gathers.
class PilotProgress final : public Progress {
 public:
  PilotProgress(Progress* target, std::string stage) : target_(target), stage_(std::move(stage)) {}
  void report(std::string_view, std::size_t done, std::size_t total) override { target_->report(stage_, done, total); }

 private:
  Progress* target_;
  std::string stage_;
};

// The predicted result of one pair as the converse reads it: the certified run's n and the
// pilot's dither, the predicted point value and lower bound.
GridEntropy predicted_entry(const PilotEstimate& pilot, const EntropyPrediction& prediction, std::size_t n_est) {
  return {.pair = pilot.pair,
          .s = pilot.s,
          .n = n_est,
          .h_point = prediction.h_point,
          .t_num = 0.0,
          .h_lb = prediction.h_lb,
          .details = prediction.details};
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

// The point estimate (bits) of a shard: the mean of its blocks' estimates (mathematics §4).
double mean_block_entropy(const GridEntropy& shard) {
  double sum = 0.0;
  for (const BlockEntropy& block : shard.blocks) sum += block.h_point_bits;
  return sum / static_cast<double>(shard.blocks.size());
}

// Marks `count` pairs for one goal (keys: larger is better). The pairs whose key is within
// `tolerance` of the goal's best are equally good for it; among them, pairs already selected
// for another goal count first (goals that agree share pairs, so G' stays small), then the
// one the estimator says is cheaper to certify, then the larger key. The other pairs follow
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
    if (good(a) && predictions[a].cost != predictions[b].cost) {
      return predictions[a].cost < predictions[b].cost;
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

// Estimates the pairs `pairs` (indices into `grid`) on the prefix of each of `sizes` rows of
// `rotated_perp` and appends them, size by size, to pilots[p].sizes and .h_point.
void estimate_on_prefixes(const EntropyEstimator& estimator, MatrixView rotated_perp,
                          const std::vector<GridPair>& grid, const std::vector<std::size_t>& pairs,
                          const std::vector<std::size_t>& sizes, double trace_sigma,
                          const SelectionSettings& settings, std::vector<PilotEstimate>& pilots) {
  const std::size_t m = static_cast<std::size_t>(rotated_perp.cols());
  std::vector<GridPair> chosen;
  for (const std::size_t p : pairs) chosen.push_back(grid[p]);
  // The block average is a mean over exchangeable blocks; a shard of the estimator is an evenly
  // spread subset of them. The same seed gives every record the same draws at each size
  // (common random numbers): the increments between sizes are less noisy.
  const auto groups = pairs_by_block_size(chosen);
  struct Call {
    std::size_t n, k;
    std::vector<std::size_t> pairs;  // indices into `grid`
    std::vector<GridPair> subgrid;
    std::size_t shards;      // the call estimates the blocks 0, shards, 2·shards, ... of N_k
    std::size_t first_rank;  // where its blocks are dealt from
  };
  const auto request_of = [&](const Call& call, Progress* progress) {
    return EntropyRequest{.rotated = rotated_perp.topRows(static_cast<Eigen::Index>(call.n)),
                          .grid = call.subgrid,
                          .trace_sigma = trace_sigma,
                          .union_size = grid.size(),
                          .alpha = settings.alpha,
                          .alpha_mc_fraction = settings.alpha_mc_fraction,
                          .seed = settings.seed,
                          .n_mc = kPilotDraws,
                          .threads = settings.threads,
                          .shard = 0,
                          .shards = call.shards,
                          .progress = progress};
  };
  // Every call's blocks are dealt before any is estimated, each call's leftover blocks to the
  // ranks with the least work so far, a block costing its share of the call's modelled cost.
  std::vector<Call> calls;
  std::vector<double> loads(settings.ranks != nullptr ? settings.ranks->size() : 1, 0.0);
  for (const std::size_t n : sizes) {
    for (const auto& [k, members] : groups) {
      const std::size_t shards = (m / k + kPilotBlocks - 1) / kPilotBlocks;
      Call call{.n = n, .k = k, .pairs = {}, .subgrid = {}, .shards = shards, .first_rank = 0};
      for (const std::size_t member : members) {
        call.pairs.push_back(pairs[member]);
        call.subgrid.push_back(chosen[member]);
      }
      const std::size_t blocks = (m / k + shards - 1) / shards;
      call.first_rank = deal_from(loads, blocks, call_cost(estimator, request_of(call, nullptr)) / static_cast<double>(blocks));
      calls.push_back(std::move(call));
    }
  }
  // This rank's blocks of every call, then one exchange per call: the ranks wait for each other
  // once, at the end, not after every call.
  std::vector<RankShare> shares;
  for (const Call& call : calls) {
    PilotProgress progress(settings.progress, fmt::format("pilot n={}, k={}", call.n, call.k));
    shares.push_back(estimate_share(estimator, request_of(call, settings.progress != nullptr ? &progress : nullptr),
                                    settings.ranks, call.first_rank, settings.items));
  }
  for (std::size_t c = 0; c < calls.size(); ++c) {
    const Call& call = calls[c];
    const std::vector<GridEntropy> partial =
        gather_share(estimator, request_of(call, nullptr), settings.ranks, std::move(shares[c]));
    if (partial.size() != call.pairs.size()) {
      throw PluginError(fmt::format("estimator {} returned {} results for {} grid pairs (a defect of the plugin; "
                                    "`reconbound conformance` checks it)",
                                    settings.estimator_name, partial.size(), call.pairs.size()));
    }
    for (std::size_t i = 0; i < call.pairs.size(); ++i) {
      PilotEstimate& pilot = pilots[call.pairs[i]];
      pilot.s = partial[i].s;
      pilot.sizes.push_back(call.n);
      pilot.h_point.push_back(mean_block_entropy(partial[i]));
    }
  }
}

std::vector<std::size_t> all_pairs(const std::vector<GridPair>& grid) {
  std::vector<std::size_t> pairs(grid.size());
  for (std::size_t p = 0; p < pairs.size(); ++p) pairs[p] = p;
  return pairs;
}

std::vector<PilotEstimate> empty_pilots(const std::vector<GridPair>& grid) {
  std::vector<PilotEstimate> pilots(grid.size());
  for (std::size_t p = 0; p < grid.size(); ++p) pilots[p].pair = grid[p];
  return pilots;
}

// The estimator's prediction of every pilot at `target` and the converse's ρ* of each (eq 14),
// with the selection keys per goal: (predicted ρ*, or admissible γ in bits for the target-ρ
// goal; the slack at ρ = 0), larger is better.
struct Predictions {
  std::vector<PairPrediction> pairs;
  std::vector<std::vector<std::pair<double, double>>> keys;  // [goal][pair]
};

Predictions predict_all(const EntropyEstimator& estimator, const Converse& converse,
                        const std::vector<PilotEstimate>& pilots, const PredictionTarget& target,
                        const SelectionGoal& goal, const SelectionSettings& settings) {
  Predictions out;
  out.keys.resize(goal.gammas_bits.size() + (goal.target_rho > 0.0 ? 1 : 0));
  for (const PilotEstimate& pilot : pilots) {
    const EntropyPrediction prediction = estimator.predict(pilot, target);
    check_prediction(prediction, pilot.pair, settings.estimator_name);
    PairPrediction pred{.pair = pilot.pair,
                        .sizes = pilot.sizes,
                        .h_pilot = pilot.h_point,
                        .h_predicted = prediction.h_point,
                        .h_lb_predicted = prediction.h_lb,
                        .cost = prediction.cost,
                        .details = prediction.details};
    const std::vector<GridEntropy> entry{predicted_entry(pilot, prediction, settings.n_est)};
    // Ties at ρ = 0 are broken by how much leakage the pair could take before reaching 0.
    const double slack = converse.largest_gamma({0.0, &entry, settings.normaliser}, 1e-9).gamma_bits;
    for (std::size_t g = 0; g < goal.gammas_bits.size(); ++g) {
      const ConverseInput input{goal.gammas_bits[g], &entry, settings.normaliser};
      pred.rho_predicted.push_back(checked_bound(converse, input, settings.converse_name).rho_star);
      out.keys[g].emplace_back(pred.rho_predicted.back(), slack);
    }
    if (goal.target_rho > 0.0) {
      pred.gamma_for_target = converse.largest_gamma({0.0, &entry, settings.normaliser}, goal.target_rho).gamma_bits;
      out.keys.back().emplace_back(pred.gamma_for_target, slack);
    }
    out.pairs.push_back(std::move(pred));
  }
  return out;
}

// The pairs the pilot refines: for each goal the `per_goal` best by `keys` (ties in grid
// order), united, in grid order.
std::vector<std::size_t> contenders_of(const std::vector<std::vector<std::pair<double, double>>>& keys,
                                       std::size_t per_goal) {
  std::vector<std::size_t> contenders;
  for (const auto& goal_keys : keys) {
    std::vector<std::size_t> order(goal_keys.size());
    for (std::size_t p = 0; p < order.size(); ++p) order[p] = p;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return goal_keys[a] > goal_keys[b]; });
    order.resize(std::min(per_goal, order.size()));
    contenders.insert(contenders.end(), order.begin(), order.end());
  }
  std::sort(contenders.begin(), contenders.end());
  contenders.erase(std::unique(contenders.begin(), contenders.end()), contenders.end());
  return contenders;
}

}  // namespace

std::vector<PilotEstimate> run_pilot(const EntropyEstimator& estimator, MatrixView rotated_perp,
                                     const std::vector<GridPair>& grid, double trace_sigma,
                                     const SelectionSettings& settings) {
  const auto n_p = static_cast<std::size_t>(rotated_perp.rows());
  std::vector<PilotEstimate> pilots = empty_pilots(grid);
  estimate_on_prefixes(estimator, rotated_perp, grid, all_pairs(grid), {n_p / 4, n_p / 2, n_p}, trace_sigma,
                       settings, pilots);
  return pilots;
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
    const double pairs = static_cast<double>(settings.pairs_per_goal);
    throw InvalidInput(fmt::format("grid selection: {} must be >= 1", parameter("grid_select_pairs", pairs)));
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
  report.pilot_n_mc = kPilotDraws;
  // The estimator's prediction at n_est with the union of the certified run (|G'| = `wanted`).
  const PredictionTarget target{.n = settings.n_est,
                                .m = static_cast<std::size_t>(rotated_perp.cols()),
                                .union_size = wanted,
                                .alpha = settings.alpha,
                                .alpha_mc_fraction = settings.alpha_mc_fraction};
  // The screen: every pair on n_p/8, n_p/4 and n_p/2 records; the refinement: the contenders
  // on n_p as well, predicted from n_p/4, n_p/2 and n_p (mathematics §6.6).
  std::vector<std::size_t> sizes{n_perp / 8, n_perp / 4, n_perp / 2};
  std::vector<PilotEstimate> pilots = empty_pilots(grid);
  estimate_on_prefixes(estimator, rotated_perp, grid, all_pairs(grid), sizes, trace_sigma, settings, pilots);
  const std::vector<std::size_t> contenders = contenders_of(
      predict_all(estimator, converse, pilots, target, goal, settings).keys,
      std::max(kPilotContenders, settings.pairs_per_goal));
  estimate_on_prefixes(estimator, rotated_perp, grid, contenders, {n_perp}, trace_sigma, settings, pilots);
  for (const std::size_t p : contenders) {
    pilots[p].sizes.erase(pilots[p].sizes.begin());
    pilots[p].h_point.erase(pilots[p].h_point.begin());
  }
  sizes.push_back(n_perp);
  report.pilot_sizes = std::move(sizes);
  report.contenders = contenders.size();
  Predictions predicted = predict_all(estimator, converse, pilots, target, goal, settings);
  // Only the refined pairs compete: the screen's predictions extrapolate one doubling further.
  for (std::size_t p = 0; p < grid.size(); ++p) {
    const bool refined = std::binary_search(contenders.begin(), contenders.end(), p);
    predicted.pairs[p].refined = refined;
    if (refined) continue;
    for (auto& goal_keys : predicted.keys) goal_keys[p] = {-kInfinity, -kInfinity};
  }
  report.predictions = std::move(predicted.pairs);
  const auto& keys = predicted.keys;

  // The best pairs for each goal, certified as one union G' (mathematics §6.6).
  for (std::size_t g = 0; g < keys.size(); ++g) {
    // γ goals compare predicted ρ*; the target-ρ goal compares admissible γ (bits).
    const bool target_goal = goal.target_rho > 0.0 && g + 1 == keys.size();
    select_for_goal(keys[g], settings.pairs_per_goal,
                    target_goal ? settings.share_tolerance_bits : settings.share_tolerance_rho,
                    report.predictions);
  }
  for (const PairPrediction& pred : report.predictions) {
    if (pred.selected) report.selected.push_back(pred.pair);
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace reconbound
