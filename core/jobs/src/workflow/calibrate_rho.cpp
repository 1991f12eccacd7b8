// The calibration for a target ρ* (mathematics §8.2): one entropy estimate, eq 14 inverted for the
// largest admissible γ, and the smallest factor whose γ(σ) + error meets it.
#include <fmt/format.h>

#include "calibrate_rho_steps.hpp"
#include "reconbound/bound_frame.hpp"
#include "reconbound/error.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/representation.hpp"

namespace reconbound::workflow {

RhoCalibrationPlan plan_rho_calibration(const Registry& registry, const CalibrateRhoRequest& request) {
  if (!(request.target_rho > 0.0 && request.target_rho <= 1.0)) {
    throw InvalidInput(fmt::format("{} is outside (0, 1]", parameter("target_rho", request.target_rho)));
  }
  check_sigma_tolerance(request.calibration.sigma_tolerance);
  const bool with_epsilon = request.delta.given();  // then ε at the answer too
  RhoCalibrationPlan plan;
  plan.mechanism = make_checked_mechanism(registry, request.mechanism, {.accountant = with_epsilon, .noise = true});
  if (with_epsilon) plan.delta = resolve_delta(request.delta);
  refuse_selection_only(request.bound);
  plan.config = with_representation(request.bound, request.representation);
  plan.config.target_rho = request.target_rho;  // the pilot selects the pairs that admit the most γ
  return plan;
}

LeakageBudget reachable_budget(const Registry& registry, const BoundReport& report, const BoundConfig& config,
                               double target_rho, const std::string& whose) {
  const LeakageBudget budget = largest_gamma_for_rho(registry, report, target_rho, config);
  if (!(budget.gamma_bits > 0.0)) {
    const double best = apply_converse(registry, report, 0.0, config).converse.rho_star;
    throw InvalidInput(fmt::format(
        "target rho {} is out of reach: without any leakage {} certifies rho* = {:.5f} "
        "(more estimation records or another representation may help)",
        target_rho, whose, best));
  }
  return budget;
}

SigmaForBudget sigma_for_budget(const Registry& registry, const CalibrateRhoRequest& request,
                                const RhoCalibrationPlan& plan, const ImageShape& shape, double budget_bits) {
  const MechanismRequest& m = request.mechanism;
  SigmaForBudget out;
  out.input = mechanism_input(m);
  const RepresentationInfo psi = representation_info(registry, plan.config, shape);
  out.input.record = {shape, psi.output_dim};
  out.representation_unit = psi.unit;
  out.calibration = calibrate_noise_scale_for_gamma(
      *plan.mechanism, out.input, budget_bits, noise_scale_range(m.name, *plan.mechanism, out.input, request.calibration));
  Leakage at_sigma;
  at_sigma.gamma_bits = out.calibration.gamma_bits;
  at_sigma.abs_error_bits = out.calibration.gamma_error_bits;
  check_leakage(at_sigma, m.name);
  return out;
}

Certificate certificate_at_sigma(const BoundReport& report, const GammaCalibration& at, const SplitOrigin& split) {
  const LeakageOrigin origin =
      at.gamma_error_bits > 0.0 ? LeakageOrigin::mechanism_with_error : LeakageOrigin::mechanism_exact;
  return make_certificate(report, origin, at.gamma_error_bits, split);
}

EpsilonResult epsilon_at_sigma(const CalibrateRhoRequest& request, const RhoCalibrationPlan& plan,
                               const SigmaForBudget& answer) {
  const std::string& name = request.mechanism.name;
  MechanismInput at_answer = answer.input;
  at_answer.noise_scale = answer.calibration.sigma;
  return checked_epsilon(require_accountant(*plan.mechanism, name), name, at_answer, *plan.delta,
                         request.calibration.accountant);
}

CalibrateRhoOutput run_calibrate_rho(const Registry& registry, const CalibrateRhoRequest& request) {
  const RhoCalibrationPlan plan = plan_rho_calibration(registry, request);
  const SplitData data = load_split_data(request.data);
  CalibrateRhoOutput out;
  // One entropy estimate: the entropies do not depend on γ.
  out.report = compute_checked_bound(registry, data.bound_data(), {}, plan.config, request.run);
  out.budget = reachable_budget(registry, out.report, plan.config, request.target_rho, "this data");
  const SigmaForBudget answer = sigma_for_budget(registry, request, plan, data.dataset->shape, out.budget.gamma_bits);
  const GammaCalibration& c = answer.calibration;
  out.mechanism = request.mechanism.name;
  out.representation = request.representation;
  out.representation_unit = answer.representation_unit;
  out.data_source = data.dataset->source;
  out.target_rho = request.target_rho;
  out.sigma = c.sigma;
  out.at_sigma_min = c.at_sigma_min;
  out.gamma_bits = c.gamma_bits;
  out.gamma_error_bits = c.gamma_error_bits;
  out.result = apply_converse(registry, out.report, out.gamma_bits, plan.config, out.gamma_error_bits);
  out.certificate = certificate_at_sigma(out.report, c, data.origin);
  out.sigma_tolerance = request.calibration.sigma_tolerance;
  out.steps = schedule_steps(request.mechanism);
  if (plan.delta) out.epsilon = epsilon_at_sigma(request, plan, answer);
  return out;
}

}  // namespace reconbound::workflow
