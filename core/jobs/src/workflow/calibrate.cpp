#include "reconbound/workflow/calibrate.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"

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

}  // namespace reconbound::workflow
