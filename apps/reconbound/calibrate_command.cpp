// `reconbound calibrate`: the noise for a privacy target (mathematics §8; workflow::run_calibrate_*) —
// --target-epsilon: the smallest σ whose ε upper error bar meets the target;
// --target-rho: the smallest σ whose certified ρ* reaches the target, from one entropy
// estimate (the converse's inverse gives the largest admissible γ, then γ(σ) ≤ it).
// With --schedule FILE the σ column is a shape and the result is the factor on it.
// --target-rho R --by-label: the smallest σ at which every label keeps ρ* ≥ R, jointly (§6.10).
#include <fmt/format.h>

#include "calibrate_by_label_report.hpp"
#include "calibrate_option_check.hpp"
#include "checkpoint_option.hpp"
#include "plan_options.hpp"
#include "progress_bar.hpp"
#include "run_handles_option.hpp"
#include "range_note.hpp"
#include "reconbound/error.hpp"
#include "reconbound/workflow/calibrate.hpp"
#include "reconbound/workflow/calibrate_by_label.hpp"
#include "reconbound/workflow/json.hpp"
#include "certificate_report.hpp"
#include "privacy_commands.hpp"
#include "selection_report.hpp"

namespace reconbound::cli {

namespace {

struct CalibrateOptions {
  std::optional<double> target_epsilon;
  std::optional<double> target_rho;
  PlanOptions plan;
  bool json = false;
  bool by_label = false;    // --target-rho for every label at once (mathematics §6.10)
  std::string labels;       // --labels idx:PATH | npy:PATH ("" for the data set's own)
  std::string label_names;  // --label-names FILE
};

// Factors below sigma the accountant refused (mathematics §8.2): said on stdout, never silently.
void print_undecided(const EpsilonCalibration& c) {
  if (!(c.undecided_sigma_max > 0.0)) return;
  fmt::print("undecided:      sigma in [{:.6f}, {:.6f}] could not be evaluated by the accountant: a sigma there "
             "may meet the target, so sigma may not be the smallest\n",
             c.undecided_sigma_min, c.undecided_sigma_max);
}

void run_target_epsilon(const CalibrateOptions& o, const CLI::App& command) {
  if (!o.plan.bound.checkpoint.empty()) {
    throw InvalidInput("--checkpoint keeps the estimates of --target-rho; --target-epsilon estimates nothing");
  }
  refuse_bound_options_for_epsilon(command);
  workflow::CalibrateEpsilonRequest request;
  request.mechanism = shape_mechanism(o.plan);
  request.target_epsilon = *o.target_epsilon;
  request.delta = o.plan.delta;
  request.calibration = calibration_options(o.plan);
  ProgressBar progress(!o.plan.bound.quiet);
  request.calibration.progress = &progress;
  const Registry registry;
  const workflow::CalibrateEpsilonOutput out = workflow::run_calibrate_epsilon(registry, request);
  const EpsilonCalibration& c = out.calibration;
  if (c.at_sigma_min) note_smallest_sigma(fmt::format("the target epsilon {}", out.target_epsilon), c.sigma);
  if (o.json) {
    fmt::print("{}\n", workflow::to_json(out).dump(2));
    return;
  }
  fmt::print("target epsilon: {:.6g} at delta {:.6g} ({} relation)\n", out.target_epsilon, out.delta,
             c.epsilon.relation);
  fmt::print("sigma:          {:.6f}  (relative tolerance {:.1g}, never below the target's)\n",
             c.sigma, out.sigma_tolerance);
  print_epsilon(c.epsilon);
  print_undecided(c);
  fmt::print("gamma:          {:.6g} bits  ({} at sigma)\n", out.gamma_bits, out.mechanism);
}

// The σ at which every label keeps ρ* ≥ R, beside the pooled calibration (mathematics §6.10).
void run_by_label(const CalibrateOptions& o, const workflow::CalibrateRhoByLabelRequest& request,
                  const Registry& registry) {
  const workflow::CalibrateRhoByLabelOutput out = workflow::run_calibrate_rho_by_label(registry, request);
  if (out.at_sigma_min) note_smallest_sigma(fmt::format("the target rho* {} for every label", out.target_rho), out.sigma);
  note_split_assumption(out.pooled.certificate);
  if (o.json) fmt::print("{}\n", workflow::to_json(out).dump(2));
  else print_calibrate_by_label_table(out);
}

void run_target_rho(const CalibrateOptions& o, const CLI::App& command) {
  const PlanOptions& p = o.plan;
  workflow::CalibrateRhoRequest request;
  request.mechanism = shape_mechanism(p);
  request.target_rho = *o.target_rho;
  request.delta = p.delta;
  request.representation = single_representation(p.bound, "calibrate");
  request.calibration = calibration_options(p);
  request.data = data_request(p.data, p.bound.quick);
  ProgressBar progress(!p.bound.quiet);
  request.bound = make_bound_config(p.bound, p.data.seed);
  request.calibration.progress = &progress;
  const Registry registry;
  const auto checkpoint = open_checkpoint(p.bound.checkpoint, command, registry, p.bound.quiet);
  request.run = run_handles(&progress, checkpoint.get());
  if (o.by_label) return run_by_label(o, {std::move(request), {o.labels, o.label_names, std::nullopt}}, registry);
  const workflow::CalibrateRhoOutput out = workflow::run_calibrate_rho(registry, request);
  const ConverseResult& at = out.result.converse;
  if (out.at_sigma_min) note_smallest_sigma(fmt::format("the target rho* {}", out.target_rho), out.sigma);
  note_split_assumption(out.certificate);
  if (o.json) {
    fmt::print("{}\n", workflow::to_json(out).dump(2));
    return;
  }
  fmt::print("target rho*:    {:.6g}  ({}, {})\n", out.target_rho, out.representation, out.data_source);
  fmt::print("largest gamma:  {:.6g} bits  (eq 14 inverted; grid pair k = {}, nu2 = {})\n",
             out.budget.gamma_bits, out.budget.pair.k, out.budget.pair.nu2);
  fmt::print("sigma:          {:.6f}  (relative tolerance {:.1g}; smallest with gamma(sigma) + error <= it)\n",
             out.sigma, out.sigma_tolerance);
  fmt::print("gamma:          {:.6g} bits  ({} at sigma; + {:.3g} bits numerical error bound charged)\n",
             out.gamma_bits, out.mechanism, out.gamma_error_bits);
  fmt::print("rho*:           {:.6f}  at (k*, nu2*) = ({}, {})\n", at.rho_star, at.arg_max.k,
             at.arg_max.nu2);
  fmt::print("grid:           {}\n", selection_summary(out.report.selection));
  if (out.epsilon) print_epsilon(*out.epsilon);
  fmt::print("\n{}\n", certificate_sentence(out.certificate, out.report, out.result));
  print_certificate(out.certificate);
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
  auto* by_label = cmd->add_flag("--by-label", options->by_label,
                                 "--target-rho: the sigma at which every label keeps rho* >= R, all together (each "
                                 "label's estimate at alpha/L, L labels), beside the pooled calibration (mathematics 6.10)");
  cmd->add_option("--labels", options->labels,
                  "--by-label: idx:PATH | npy:PATH, one whole number per record (default: the data set's own: "
                  "fashion-mnist's label files, png:DIR's class sub-folders)")->needs(by_label);
  cmd->add_option("--label-names", options->label_names, "--by-label: a file of class names, line c naming label c")
      ->type_name("FILE")->needs(by_label);
  cmd->callback([options, cmd] {
    const CalibrateOptions& o = *options;
    if (o.target_epsilon.has_value() == o.target_rho.has_value()) {
      throw InvalidInput("give exactly one of --target-epsilon and --target-rho");
    }
    if (o.target_epsilon) run_target_epsilon(o, *cmd);
    else run_target_rho(o, *cmd);
  });
}

}  // namespace reconbound::cli
