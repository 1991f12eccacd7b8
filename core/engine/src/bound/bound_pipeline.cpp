#include <fmt/format.h>

#include <chrono>
#include <algorithm>
#include <cmath>

#include "reconbound/bound.hpp"
#include "reconbound/bound_frame.hpp"
#include "reconbound/error.hpp"
#include "reconbound/grid.hpp"
#include "reconbound/memory_plan.hpp"
#include "reconbound/on_ranks.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/rotation.hpp"
#include "plugin_results.hpp"
#include "stage_clock.hpp"

namespace reconbound {

namespace {

// What the estimates rest on: the sizes, tr Σ̂, its UCB, Ψ(D⊥) (which fixes the rotation) and,
// where every rank holds all of it, the rotated D_est.
std::uint64_t frame_digest(const BoundFrame& frame) {
  const double scalars[] = {static_cast<double>(frame.n_est), static_cast<double>(frame.rotated_est.cols()),
                            frame.trace.trace, frame.trace.ucb, frame.normaliser};
  std::uint64_t digest = digest_doubles(frame.perp_digest, scalars, std::size(scalars));
  if (frame.layout == FrameLayout::rows_on_ranks) return digest;
  return digest_doubles(digest, frame.rotated_est.data(), static_cast<std::size_t>(frame.rotated_est.size()));
}

// The digest of bound_config_fingerprint(config): its fields' texts, each as its length and its
// bytes (a byte a double), so that no two fingerprints run together.
std::uint64_t settings_digest(const BoundConfig& config) {
  std::vector<double> values;
  for (const auto& [field, text] : bound_config_fingerprint(config)) {
    for (const std::string* part : {&field, &text}) {
      values.push_back(static_cast<double>(part->size()));
      for (const char c : *part) values.push_back(static_cast<double>(static_cast<unsigned char>(c)));
    }
  }
  return digest_doubles(0, values.data(), values.size());
}

}  // namespace

std::pair<std::string, Params> parse_plugin_spec(const std::string& spec) {
  const auto colon = spec.find(':');
  if (colon == std::string::npos) return {spec, Params{}};
  Params params;
  params.set("arg", spec.substr(colon + 1));
  return {spec.substr(0, colon), params};
}

void check_alpha(double alpha) {
  if (!(alpha > 0.0 && alpha < 1.0)) throw InvalidInput(fmt::format("{} must be in (0, 1)", parameter("alpha", alpha)));
}

AlphaShares split_alpha(double alpha, Normaliser normaliser, double normaliser_fraction) {
  check_alpha(alpha);
  // Mathematics §6.8: α_T = fraction·α for the UCB, the rest split evenly between t_MC and t_MD.
  const double normaliser_share = normaliser == Normaliser::ucb ? normaliser_fraction * alpha : 0.0;
  const double entropy_share = alpha - normaliser_share;
  return {.monte_carlo = 0.5 * entropy_share, .sampling = entropy_share - 0.5 * entropy_share,
          .normaliser = normaliser_share};
}

void check_bound_arguments(const std::vector<double>& gammas_bits, const std::vector<double>& gamma_errors_bits,
                           const BoundConfig& config) {
  for (const double g : gammas_bits) {
    if (!std::isfinite(g) || g < 0.0) throw InvalidInput(fmt::format("gamma = {} bits must be finite and >= 0", g));
  }
  if (!gamma_errors_bits.empty() && gamma_errors_bits.size() != gammas_bits.size()) {
    throw InvalidInput(fmt::format("{} gamma error bounds for {} gamma values", gamma_errors_bits.size(),
                                   gammas_bits.size()));
  }
  for (const double e : gamma_errors_bits) {
    if (!std::isfinite(e) || e < 0.0) {
      throw InvalidInput(fmt::format("the error bound {} bits on gamma must be finite and >= 0", e));
    }
  }
  if (!(config.target_rho >= 0.0 && config.target_rho <= 1.0)) {
    throw InvalidInput(fmt::format("target rho = {} must lie in [0, 1]", config.target_rho));
  }
}

BoundReport compute_checked_bound(const Registry& registry, const BoundData& data,
                                  const std::vector<double>& gammas_bits, const BoundConfig& config,
                                  const RunHandles& run, const std::vector<double>& gamma_errors_bits) {
  check_bound_arguments(gammas_bits, gamma_errors_bits, config);  // before the frame's work
  return compute_bound(registry, make_bound_frame(registry, data, config, run, FrameLayout::rows_on_ranks),
                       gammas_bits, config, run, gamma_errors_bits);
}

BoundReport compute_bound(const Registry& registry, const BoundData& data,
                          const std::vector<double>& gammas_bits, const BoundConfig& config, const RunHandles& run,
                          const std::vector<double>& gamma_errors_bits) {
  check_bound_config(config);  // a library caller's config enters here
  return compute_checked_bound(registry, data, gammas_bits, config, run, gamma_errors_bits);
}

namespace {

// The report's numbers that the frame fixes before any estimate: sizes, tr Σ̂ and its UCB, the
// rotation, the residue, the α split and the frame's timings.
BoundReport frame_report(const BoundFrame& frame, const BoundConfig& config) {
  BoundReport report;
  report.alpha = config.alpha;
  report.alpha_shares = frame.plan.alpha_shares;
  report.normaliser_kind = config.normaliser;
  report.n_perp = frame.n_perp;
  report.n_est = frame.n_est;
  report.m = frame.info.output_dim;
  report.trace_sigma = frame.trace.trace;
  report.trace_sigma_ucb = frame.trace.ucb;
  report.trace_sigma_ucb_alpha = frame.trace.alpha;
  report.normaliser = frame.normaliser;
  report.timings = frame.timings;
  report.m_padded = frame.rotation->output_dim();
  report.padding_fraction = frame.rotation->padding_fraction();
  report.rotation = frame.rotation->kind();
  report.residue_rmse = frame.residue_rmse;
  return report;
}

// The certified grid G' (mathematics §6.6): chosen among the plan's candidates from D⊥ alone,
// before D_est is touched, into report.selection; `charged` are the γ values plus their error bounds.
void select_certified_grid(const Registry& registry, const BoundFrame& frame, const BoundConfig& config,
                           const RunHandles& run, const ItemStore& items, const EntropyEstimator& estimator,
                           const std::vector<double>& charged, BoundReport& report) {
  const std::vector<GridPair>& candidates = frame.plan.grid;
  const AlphaShares& shares = report.alpha_shares;
  if (config.grid_select != GridSelect::pilot) {
    report.selection.reason = "no grid selection: the whole grid";
    report.selection.goal = {charged, config.target_rho};
    report.selection.candidates = candidates.size();
    report.selection.selected = candidates;
    return;
  }
  if (frame.rotated_perp.rows() == 0) {
    throw InvalidInput("this frame was built without the grid selection's pilot (BoundConfig::grid_select); "
                       "build the frame with the config it is bounded with");
  }
  const auto converse = registry.make_converse(config.converse, config.converse_params);
  // The pilot runs on the frame's rotated prefix of D⊥ and predicts with a normaliser from D⊥
  // alone (make_bound_frame).
  const double pilot_normaliser = config.normaliser == Normaliser::ucb ? frame.pilot_trace_ucb : frame.trace.trace;
  report.selection = select_grid(estimator, *converse, frame.rotated_perp, candidates, frame.trace.trace,
                                 {charged, config.target_rho},
                                 {.pairs_per_goal = config.select_pairs,
                                  .n_est = report.n_est,
                                  .alpha = shares.entropy(),
                                  .alpha_mc_fraction = shares.monte_carlo / shares.entropy(),
                                  .normaliser = pilot_normaliser,
                                  .seed = config.seed ^ 0x9170u,
                                  .threads = config.threads,
                                  .progress = run.progress,
                                  .ranks = run.ranks,
                                  .items = items,
                                  .estimator_name = config.estimator,
                                  .converse_name = config.converse});
  if (run.progress != nullptr && report.selection.method == "pilot") {  // not when the pilot declined
    std::string pairs;
    for (const GridPair& p : report.selection.selected) pairs += fmt::format(" (k={}, nu2={})", p.k, p.nu2);
    run.progress->report(fmt::format("grid selection: {} of {} pairs to certify:{}",
                                        report.selection.selected.size(), candidates.size(), pairs),
                            1, 1);
  }
}

// The memory plan again, with the window the selected pairs give this rank (a chunk of lcm(k)
// columns may make it wider than m_pad/R), before the exchange allocates it.
void check_window_memory(const BoundFrame& frame, const BoundConfig& config, Ranks* ranks,
                         const EntropyEstimator& estimator, const std::vector<GridPair>& grid) {
  if (frame.layout != FrameLayout::rows_on_ranks || ranks == nullptr || ranks->size() <= 1) return;
  BoundSizes sizes = frame.plan.memory;
  const RowMatrix columns_only(0, frame.rotated_est.cols());
  const EntropyRequest columns_of{.rotated = columns_only, .grid = grid};
  const auto [first, end] = column_window(window_layout(estimator, columns_of, frame.n_est, ranks->size()),
                                          ranks->rank(), ranks->size());
  sizes.window_columns = end - first;
  check_memory_plan(plan_bound_memory(sizes), config.memory_limit_bytes,
                    config.memory_limit_source + "; the plan with the certified pairs' column window");
}

// Entropy lower confidence bounds for all of G' at once (mathematics §6), the union bound over
// |G'|, and the estimator's events behind them, into `report`. s is set by tr Σ̂ from D⊥,
// independent of the estimation sample.
void estimate_entropies(const BoundFrame& frame, const BoundConfig& config, const RunHandles& run,
                        const ItemStore& items, const EntropyEstimator& estimator, BoundReport& report) {
  const std::vector<GridPair>& grid = report.selection.selected;
  const AlphaShares& shares = report.alpha_shares;
  const EntropyRequest request{.rotated = frame.rotated_est,
                               .grid = grid,
                               .trace_sigma = frame.trace.trace,
                               .union_size = grid.size(),
                               .alpha = shares.entropy(),
                               .alpha_mc_fraction = shares.monte_carlo / shares.entropy(),
                               .seed = config.seed,
                               .threads = config.threads,
                               .shard = 0,
                               .shards = 1,
                               .progress = run.progress};
  check_window_memory(frame, config, run.ranks, estimator, grid);
  report.entropies = frame.layout == FrameLayout::rows_on_ranks
                         ? estimate_on_column_windows(estimator, request, frame.plan.est_records.first, frame.n_est,
                                                      run.ranks, items)
                         : estimate_on_ranks(estimator, request, run.ranks, 0, items);
  check_entropies(report.entropies, grid, config.estimator);
  // An estimator that does not say what computed its estimate computed it on the CPU
  // (GridEntropy::computed_on): every output prints the field as it stands from here on.
  for (GridEntropy& e : report.entropies) {
    if (e.computed_on.empty()) e.computed_on = "cpu";
  }
  // The events are those of the whole sample, n_est × m_pad, whatever part of it this rank holds.
  const RowMatrix sample_shape(static_cast<Eigen::Index>(report.n_est), 0);
  const EntropyRequest whole_sample{.rotated = sample_shape,
                                    .grid = grid,
                                    .trace_sigma = frame.trace.trace,
                                    .union_size = grid.size(),
                                    .alpha = request.alpha,
                                    .alpha_mc_fraction = request.alpha_mc_fraction,
                                    .seed = config.seed,
                                    .threads = config.threads,
                                    .columns = report.m_padded};
  report.entropy_events = estimator.confidence_events(report.entropies, whole_sample);
  check_confidence_events(report.entropy_events, request.alpha, config.estimator);
}

}  // namespace

BoundReport compute_bound(const Registry& registry, const BoundFrame& frame,
                          const std::vector<double>& gammas_bits, const BoundConfig& config, const RunHandles& run,
                          const std::vector<double>& gamma_errors_bits) {
  const auto error_of = [&](std::size_t i) { return gamma_errors_bits.empty() ? 0.0 : gamma_errors_bits[i]; };
  // What the converse is applied at (mathematics §6.8): γ + its error bound.
  std::vector<double> charged = gammas_bits;
  for (std::size_t i = 0; i < charged.size(); ++i) charged[i] += error_of(i);
  // Every rank built its frame itself; the shares of the estimates combine only over one frame.
  if (run.ranks != nullptr && run.ranks->size() > 1) {
    require_same_on_ranks(run.ranks, frame_digest(frame), "frame (tr Sigma, its UCB, the rotated records)");
  }
  // Every work item's key starts from the settings' digest (docs/checkpoints.md).
  const ItemStore items(run.checkpoint, run.checkpoint != nullptr ? settings_digest(config) : 0);
  BoundReport report = frame_report(frame, config);

  const auto estimator = registry.make_estimator(config.estimator, config.estimator_params);

  auto start = std::chrono::steady_clock::now();
  select_certified_grid(registry, frame, config, run, items, *estimator, charged, report);
  report.timings.selection_s = seconds_since(start);
  if (config.selection_only) return report;

  start = std::chrono::steady_clock::now();
  estimate_entropies(frame, config, run, items, *estimator, report);
  report.timings.entropy_s = seconds_since(start);

  // The converse for every γ (mathematics §5, eq 13–14).
  start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < gammas_bits.size(); ++i) {
    report.results.push_back(apply_converse(registry, report, gammas_bits[i], config, error_of(i)));
  }
  report.timings.converse_s = seconds_since(start);
  return report;
}

namespace {

// Mathematics §6.9: the estimator saw features within δ (RMSE, Ψ's units) of the exact ones, so
// every attack's RMSE is at least sqrt(abs_bound) − δ (Minkowski): each pair's abs_bound becomes
// (sqrt(abs_bound) − δ)²₊ and its ρ = sqrt(abs_bound/T) follows; ρ* is their largest again. Each
// result is lowered by 4u for the arithmetic of this step.
void lower(double& abs_bound, double& rho, double delta) {
  constexpr double down = 1.0 - 4.0 * 0x1.0p-53;
  const double root = std::max(0.0, std::sqrt(abs_bound) - delta);
  const double factor = abs_bound > 0.0 ? root / std::sqrt(abs_bound) : 0.0;
  abs_bound = root * root * down;
  rho = rho * factor * down;
}

ConverseResult lowered_by_residue(ConverseResult result, double delta) {
  if (!(delta > 0.0)) return result;
  if (result.pairs.empty()) {  // a converse that reports only its headline
    lower(result.abs_bound, result.rho_star, delta);
    return result;
  }
  bool first = true;
  for (PairBound& p : result.pairs) {
    lower(p.abs_bound, p.rho, delta);
    if (first || p.rho > result.rho_star) {
      result.rho_star = p.rho;
      result.arg_max = p.pair;
      result.abs_bound = p.abs_bound;
      first = false;
    }
  }
  return result;
}

}  // namespace

BoundResult apply_converse(const Registry& registry, const BoundReport& report, double gamma_bits,
                           const BoundConfig& config, double gamma_error_bits) {
  if (!std::isfinite(gamma_error_bits) || gamma_error_bits < 0.0) {
    throw InvalidInput(fmt::format("the error bound {} bits on gamma must be finite and >= 0", gamma_error_bits));
  }
  const auto converse = registry.make_converse(config.converse, config.converse_params);
  // γ + its numerical error bound: the converse is monotone in γ (mathematics §6.8); then the
  // features' rounding δ (mathematics §6.9).
  return {gamma_bits, gamma_error_bits,
          lowered_by_residue(checked_bound(*converse, {gamma_bits + gamma_error_bits, &report.entropies,
                                                       report.normaliser},
                                           config.converse),
                             report.residue_rmse)};
}

}  // namespace reconbound

namespace reconbound {

LeakageBudget largest_gamma_for_rho(const Registry& registry, const BoundReport& report,
                                    double target_rho, const BoundConfig& config) {
  const auto converse = registry.make_converse(config.converse, config.converse_params);
  // The residue lowers ρ by at most δ/sqrt(T) (ρ·δ/sqrt(abs_bound), abs_bound = ρ²·T; §6.9), so the
  // converse is asked for that much more.
  const double raised =
      std::min(1.0, (target_rho + report.residue_rmse / std::sqrt(report.normaliser)) * (1.0 + 8.0 * 0x1.0p-53));
  return converse->largest_gamma({0.0, &report.entropies, report.normaliser}, raised);
}

}  // namespace reconbound
