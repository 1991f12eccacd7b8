// `reconbound calibrate`: the noise multiplier σ for a privacy target (SPEC §8) —
// --target-epsilon: the smallest σ whose ε upper error bar meets the target;
// --target-rho: the smallest σ whose certified ρ* reaches the target, from one entropy
// estimate (the converse's inverse gives the largest admissible γ, then γ(σ) ≤ it).
// With --schedule FILE the σ column is a shape and the result is the factor on it.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "noise_calibration.hpp"
#include "plan_options.hpp"
#include "progress_bar.hpp"
#include "reconbound/error.hpp"
#include "selection_report.hpp"

namespace reconbound::cli {

namespace {

struct CalibrateOptions {
  std::optional<double> target_epsilon;
  std::optional<double> target_rho;
  PlanOptions plan;
  bool json = false;
};

bool delta_given(const DeltaOptions& d) { return d.delta || d.exponent || d.n_train; }

nlohmann::json epsilon_json(const EpsilonResult& e) {
  return {{"epsilon", e.epsilon},         {"epsilon_lower", e.epsilon_lower},
          {"epsilon_upper", e.epsilon_upper}, {"delta", e.delta},
          {"relation", e.relation}};
}

void print_epsilon(const EpsilonResult& e) {
  fmt::print("epsilon:        {:.6f}  in [{:.6f}, {:.6f}] at delta {:.6g} ({} relation)\n",
             e.epsilon, e.epsilon_lower, e.epsilon_upper, e.delta, e.relation);
}

void run_target_epsilon(const CalibrateOptions& o, const Schedule& shape,
                        const CalibrationOptions& calibration) {
  if (!delta_given(o.plan.delta)) {
    throw InvalidInput("--target-epsilon needs a delta: --delta D, or --delta-exponent A and --n-train N");
  }
  const double delta = resolve_delta(o.plan.delta);
  const Registry registry;
  const auto mechanism = registry.make_mechanism(o.plan.mechanism);
  MechanismInput input;
  input.schedule = &shape;
  // Only σ the mechanism charges: γ is reported at the answer.
  const EpsilonCalibration c = calibrate_noise_scale_for_epsilon(
      o.plan.mechanism, *mechanism, input, *o.target_epsilon, delta,
      noise_scale_range(o.plan.mechanism, *mechanism, input, calibration));
  input.noise_scale = c.sigma;
  const double gamma = mechanism->leakage(input).gamma_bits;
  if (c.at_sigma_min) note_smallest_sigma(fmt::format("the target epsilon {}", *o.target_epsilon), c.sigma);
  if (o.json) {
    nlohmann::json out{{"target_epsilon", *o.target_epsilon},
                       {"sigma", c.sigma},
                       {"sigma_at_range_min", c.at_sigma_min},
                       {"sigma_tolerance", calibration.sigma_tolerance},
                       {"gamma_bits", gamma},
                       {"steps", shape.total_steps()}};
    out.update(epsilon_json(c.epsilon));
    fmt::print("{}\n", out.dump(2));
    return;
  }
  fmt::print("target epsilon: {:.6g} at delta {:.6g} ({} relation)\n", *o.target_epsilon, delta,
             c.epsilon.relation);
  fmt::print("sigma:          {:.6f}  (relative tolerance {:.1g}, never below the target's)\n",
             c.sigma, calibration.sigma_tolerance);
  print_epsilon(c.epsilon);
  fmt::print("gamma:          {:.6g} bits  ({}, T * K(q, sigma) / ln 2)\n", gamma, o.plan.mechanism);
}

void run_target_rho(const CalibrateOptions& o, const Schedule& shape,
                    const CalibrationOptions& calibration) {
  const PlanOptions& p = o.plan;
  const std::string& representation = single_representation(p.bound, "calibrate");
  const bool with_epsilon = delta_given(p.delta);
  const double delta = with_epsilon ? resolve_delta(p.delta) : 0.0;
  if (p.bound.select_only) throw InvalidInput("--select-only goes with `reconbound bound`");
  const Registry registry;
  const SplitData data = load_split_data(p.data, p.bound.quick);
  ProgressBar progress(!p.bound.quiet);
  BoundConfig config = make_bound_config(p.bound, representation, p.data.seed, &progress);
  config.target_rho = *o.target_rho;  // the pilot selects the pairs that admit the most γ
  // One entropy estimate: the entropies do not depend on γ.
  const BoundReport report =
      compute_bound(registry, {&data.perp, &data.est, data.dataset.shape}, {}, config);
  MechanismInput input;
  input.schedule = &shape;
  const RhoCalibration c = calibrate_noise_for_rho(registry, report, config, p.mechanism, input,
                                                   *o.target_rho, calibration);
  const ConverseResult& at = c.result.converse;
  if (c.at_sigma_min) note_smallest_sigma(fmt::format("the target rho* {}", *o.target_rho), c.sigma);
  std::optional<EpsilonResult> epsilon;
  if (with_epsilon) {
    const auto mechanism = registry.make_mechanism(p.mechanism);
    input.noise_scale = c.sigma;
    epsilon = require_accountant(*mechanism, p.mechanism).epsilon(input, delta, calibration.accountant);
  }
  if (o.json) {
    nlohmann::json out{{"target_rho", *o.target_rho},
                       {"representation", representation},
                       {"data", data.dataset.source},
                       {"largest_gamma_bits", c.budget.gamma_bits},
                       {"budget_pair", {{"k", c.budget.pair.k}, {"nu2", c.budget.pair.nu2}}},
                       {"sigma", c.sigma},
                       {"sigma_at_range_min", c.at_sigma_min},
                       {"sigma_tolerance", calibration.sigma_tolerance},
                       {"gamma_bits", c.gamma_bits},
                       {"rho_star", at.rho_star},
                       {"k_star", at.arg_max.k},
                       {"nu2_star", at.arg_max.nu2},
                       {"steps", shape.total_steps()},
                       {"grid_selection", selection_json(report.selection)}};
    if (epsilon) out["epsilon"] = epsilon_json(*epsilon);
    fmt::print("{}\n", out.dump(2));
    return;
  }
  fmt::print("target rho*:    {:.6g}  ({}, {})\n", *o.target_rho, representation, data.dataset.source);
  fmt::print("largest gamma:  {:.6g} bits  (eq 14 inverted; grid pair k = {}, nu2 = {})\n",
             c.budget.gamma_bits, c.budget.pair.k, c.budget.pair.nu2);
  fmt::print("sigma:          {:.6f}  (relative tolerance {:.1g}; smallest with gamma(sigma) <= it)\n",
             c.sigma, calibration.sigma_tolerance);
  fmt::print("gamma:          {:.6g} bits  ({} at sigma)\n", c.gamma_bits, p.mechanism);
  fmt::print("rho*:           {:.6f}  at (k*, nu2*) = ({}, {})\n", at.rho_star, at.arg_max.k,
             at.arg_max.nu2);
  fmt::print("grid:           {}\n", selection_summary(report.selection));
  if (epsilon) print_epsilon(*epsilon);
}

}  // namespace

void add_calibrate_command(CLI::App& app) {
  auto options = std::make_shared<CalibrateOptions>();
  auto* cmd = app.add_subcommand(
      "calibrate",
      "Noise multiplier sigma for a target epsilon or a target rho* (never overshoots the target)");
  cmd->add_option("--target-epsilon", options->target_epsilon, "Target epsilon (nats) at a delta");
  cmd->add_option("--target-rho", options->target_rho,
                  "Target certified rho* in (0, 1] (uses the data and bound options)");
  add_plan_options(*cmd, options->plan);
  cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  cmd->callback([options] {
    const CalibrateOptions& o = *options;
    if (o.target_epsilon.has_value() == o.target_rho.has_value()) {
      throw InvalidInput("give exactly one of --target-epsilon and --target-rho");
    }
    if (o.target_rho && !(*o.target_rho > 0.0 && *o.target_rho <= 1.0)) {
      throw InvalidInput(fmt::format("--target-rho {} is outside (0, 1]", *o.target_rho));
    }
    const CalibrationOptions calibration = calibration_options(o.plan);
    const Schedule shape = build_schedule_shape(o.plan.schedule);
    if (o.target_epsilon) run_target_epsilon(o, shape, calibration);
    else run_target_rho(o, shape, calibration);
  });
}

}  // namespace reconbound::cli
