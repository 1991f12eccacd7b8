#include "reconbound/workflow/calibrate.hpp"

#include <fmt/format.h>

#include "reconbound/certificate.hpp"
#include "reconbound/error.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/representation.hpp"

namespace reconbound::workflow {

void check_sigma_tolerance(double sigma_tolerance) {
  if (!(sigma_tolerance > 0.0 && sigma_tolerance < 0.1)) {
    throw InvalidInput(fmt::format("{} is outside (0, 0.1)", parameter("sigma_tolerance", sigma_tolerance)));
  }
}

CalibrateEpsilonOutput run_calibrate_epsilon(const Registry& registry, const CalibrateEpsilonRequest& request) {
  check_sigma_tolerance(request.calibration.sigma_tolerance);
  const MechanismRequest& m = request.mechanism;
  const auto mechanism = make_checked_mechanism(registry, m, {.accountant = true, .noise = true});
  if (!request.delta.given()) {
    throw InvalidInput(fmt::format("{} needs a delta: {}, or {} and {} (delta = n_train^-delta_exponent)",
                                   parameter("target_epsilon"), parameter("delta"), parameter("delta_exponent"),
                                   parameter("n_train")));
  }
  CalibrateEpsilonOutput out;
  out.mechanism = m.name;
  out.target_epsilon = request.target_epsilon;
  out.delta = resolve_delta(request.delta);
  out.sigma_tolerance = request.calibration.sigma_tolerance;
  out.steps = schedule_steps(m);
  const MechanismInput input = mechanism_input(m);
  // Only factors the mechanism charges: γ is reported at the answer.
  out.calibration = calibrate_noise_scale_for_epsilon(m.name, *mechanism, input, request.target_epsilon, out.delta,
                                                      noise_scale_range(m.name, *mechanism, input, request.calibration));
  out.gamma_bits = checked_leakage(*mechanism, m.name, mechanism_input(m, out.calibration.sigma)).gamma_bits;
  return out;
}

CalibrateRhoOutput run_calibrate_rho(const Registry& registry, const CalibrateRhoRequest& request) {
  if (!(request.target_rho > 0.0 && request.target_rho <= 1.0)) {
    throw InvalidInput(fmt::format("{} is outside (0, 1]", parameter("target_rho", request.target_rho)));
  }
  check_sigma_tolerance(request.calibration.sigma_tolerance);
  const MechanismRequest& m = request.mechanism;
  const bool with_epsilon = request.delta.given();  // then ε at the answer too
  const auto mechanism = make_checked_mechanism(registry, m, {.accountant = with_epsilon, .noise = true});
  const double delta = with_epsilon ? resolve_delta(request.delta) : 0.0;
  refuse_selection_only(request.bound);
  BoundConfig config = with_representation(request.bound, request.representation);
  config.target_rho = request.target_rho;  // the pilot selects the pairs that admit the most γ
  const SplitData data = load_split_data(request.data);
  CalibrateRhoOutput out;
  // One entropy estimate: the entropies do not depend on γ.
  out.report = compute_bound(registry, data.bound_data(), {}, config);
  out.budget = largest_gamma_for_rho(registry, out.report, request.target_rho, config);
  if (!(out.budget.gamma_bits > 0.0)) {
    const double best = apply_converse(registry, out.report, 0.0, config).converse.rho_star;
    throw InvalidInput(fmt::format(
        "target rho {} is out of reach: without any leakage this data certifies rho* = {:.5f} "
        "(more estimation records or another representation may help)",
        request.target_rho, best));
  }
  MechanismInput input = mechanism_input(m);
  const RepresentationInfo psi = representation_info(registry, config, data.dataset->shape);
  input.record = {data.dataset->shape, psi.output_dim};
  const GammaCalibration c = calibrate_noise_scale_for_gamma(
      *mechanism, input, out.budget.gamma_bits, noise_scale_range(m.name, *mechanism, input, request.calibration));
  out.mechanism = m.name;
  out.representation = request.representation;
  out.representation_unit = psi.unit;
  out.data_source = data.dataset->source;
  out.target_rho = request.target_rho;
  out.sigma = c.sigma;
  out.at_sigma_min = c.at_sigma_min;
  Leakage at_sigma;
  at_sigma.gamma_bits = c.gamma_bits;
  at_sigma.abs_error_bits = c.gamma_error_bits;
  check_leakage(at_sigma, m.name);
  out.gamma_bits = c.gamma_bits;
  out.gamma_error_bits = c.gamma_error_bits;
  out.result = apply_converse(registry, out.report, out.gamma_bits, config, out.gamma_error_bits);
  out.certificate = make_certificate(
      out.report, out.gamma_error_bits > 0.0 ? LeakageOrigin::mechanism_with_error : LeakageOrigin::mechanism_exact,
      out.gamma_error_bits, data.origin);
  out.sigma_tolerance = request.calibration.sigma_tolerance;
  out.steps = schedule_steps(m);
  if (with_epsilon) {
    MechanismInput at_answer = input;
    at_answer.noise_scale = c.sigma;
    out.epsilon = checked_epsilon(require_accountant(*mechanism, m.name), m.name, at_answer, delta,
                                  request.calibration.accountant);
  }
  return out;
}

}  // namespace reconbound::workflow
