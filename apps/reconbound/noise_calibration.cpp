#include "noise_calibration.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"

namespace reconbound::cli {

double leakage_bits(const Registry& registry, const std::string& mechanism, const Schedule& schedule) {
  MechanismInput input;
  input.schedule = &schedule;
  return registry.make_mechanism(mechanism)->leakage(input).gamma_bits;
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
  out.sigma = calibrate_sigma_for_gamma(gamma_of, out.budget.gamma_bits,
                                        noise_scale_options(shape, options));
  out.gamma_bits = gamma_of(out.sigma);
  out.result = apply_converse(registry, report, out.gamma_bits, config);
  return out;
}

}  // namespace reconbound::cli
