#include "noise_calibration.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"

namespace reconbound::cli {

double leakage_bits(const Registry& registry, const std::string& mechanism, const Schedule& schedule) {
  MechanismInput input;
  input.schedule = &schedule;
  return registry.make_mechanism(mechanism)->leakage(input).gamma_bits;
}

CalibrationOptions mechanism_sigma_options(const Registry& registry, const std::string& mechanism,
                                           const Schedule& shape, const CalibrationOptions& options) {
  const auto plugin = registry.make_mechanism(mechanism);
  const CalibrationOptions factors = accepted_sigma_range(
      [&](double factor) {
        const Schedule scaled = shape.with_noise_scale(factor);
        MechanismInput input;
        input.schedule = &scaled;
        static_cast<void>(plugin->leakage(input));
      },
      noise_scale_options(shape, options));
  // Back from factors to σ: noise_scale_options divides the σ range by the shape's extremes.
  const auto [lowest, highest] = shape.sigma_range();
  CalibrationOptions out = options;
  out.sigma_min = factors.sigma_min * lowest;
  out.sigma_max = factors.sigma_max * highest;
  return out;
}

void note_smallest_sigma(const std::string& target, double sigma) {
  fmt::print(stderr,
             "note: every sigma the mechanism supports reaches {}; sigma = {:.6g} is the smallest "
             "supported one, not a threshold\n",
             target, sigma);
}

RhoCalibration calibrate_noise_for_rho(const Registry& registry, const BoundReport& report,
                                       const BoundConfig& config, const std::string& mechanism,
                                       const Schedule& shape, double target_rho,
                                       const CalibrationOptions& options) {
  RhoCalibration out;
  out.budget = largest_gamma_for_rho(registry, report, target_rho, config);
  if (!(out.budget.gamma_bits > 0.0)) {
    const double best = apply_converse(registry, report, 0.0, config).converse.rho_star;
    throw InvalidInput(fmt::format(
        "target rho {} is out of reach: without any leakage this data certifies rho* = {:.5f} "
        "(more estimation records or another representation may help)",
        target_rho, best));
  }
  // γ(σ) = Σ T·K(q, σ)/ln 2 over the scaled schedule (Theorem 4.1), decreasing in σ.
  auto gamma_of = [&](double factor) {
    return leakage_bits(registry, mechanism, shape.with_noise_scale(factor));
  };
  const CalibrationOptions factors =
      noise_scale_options(shape, mechanism_sigma_options(registry, mechanism, shape, options));
  out.sigma = calibrate_sigma_for_gamma(gamma_of, out.budget.gamma_bits, factors);
  out.at_sigma_min = out.sigma == factors.sigma_min;
  out.gamma_bits = gamma_of(out.sigma);
  out.result = apply_converse(registry, report, out.gamma_bits, config);
  return out;
}

}  // namespace reconbound::cli
