#include "noise_calibration.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"

namespace reconbound::cli {

void note_smallest_sigma(const std::string& target, double sigma) {
  fmt::print(stderr,
             "note: every sigma the mechanism supports reaches {}; sigma = {:.6g} is the smallest "
             "supported one, not a threshold\n",
             target, sigma);
}

RhoCalibration calibrate_noise_for_rho(const Registry& registry, const BoundReport& report,
                                       const BoundConfig& config, const std::string& mechanism,
                                       const MechanismInput& input, double target_rho,
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
  const auto plugin = registry.make_mechanism(mechanism);
  const GammaCalibration c = calibrate_noise_scale_for_gamma(
      *plugin, input, out.budget.gamma_bits, noise_scale_range(mechanism, *plugin, input, options));
  out.sigma = c.sigma;
  out.at_sigma_min = c.at_sigma_min;
  out.gamma_bits = c.gamma_bits;
  out.result = apply_converse(registry, report, out.gamma_bits, config);
  return out;
}

}  // namespace reconbound::cli
