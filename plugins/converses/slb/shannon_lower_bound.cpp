#include "shannon_lower_bound.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace reconbound::slb {

// Why the caps are sound: both numbers are LOWER bounds, and lowering a valid lower bound
// keeps it valid. The prior-mean guess ẑ = E Ψ(x) has error exactly tr Σ, so the true
// minimal error never exceeds tr Σ and the true ρ never exceeds 1 (mathematics §1); a value above
// those can only come from the probability-α failure of the entropy bound or from the
// estimate of tr Σ, and reporting more than "training revealed nothing" is never useful.
// The caps also keep every result finite: 2^{2(h−γ)/k} is only formed when it is below
// the cap, so no large h overflows and no large γ underflows into a wrong sign.
ShannonLowerBound shannon_lower_bound(std::size_t k, double s, double h_bits, double gamma_bits,
                                      double trace_sigma) {
  const double kd = static_cast<double>(k);
  // log2 of the entropy power term k/(2πe)·2^{2(h − γ)/k} (bits → squared units).
  const double log2_power =
      std::log2(kd / (2.0 * std::numbers::pi * std::numbers::e)) + 2.0 * (h_bits - gamma_bits) / kd;
  const double dither_power = kd * s * s;  // k·s², E‖W‖² of the block dither

  ShannonLowerBound out;
  // eq 13: cap when power − k s² ≥ T, i.e. log2 power ≥ log2(T + k s²).
  if (log2_power >= std::log2(trace_sigma + dither_power)) {
    out.abs_bound = trace_sigma;
  } else {
    out.abs_bound = std::max(0.0, std::exp2(log2_power) - dither_power);
  }
  // eq 14: ρ² = power/T − k s²/T; cap when it reaches 1, i.e. log2(power/T) ≥ log2(1 + k s²/T).
  const double log2_ratio = log2_power - std::log2(trace_sigma);
  const double relative_dither = dither_power / trace_sigma;  // ν² when T set s
  if (log2_ratio >= std::log1p(relative_dither) / std::numbers::ln2) {
    out.rho = 1.0;
  } else {
    out.rho = std::sqrt(std::max(0.0, std::exp2(log2_ratio) - relative_dither));
  }
  return out;
}

}  // namespace reconbound::slb

namespace reconbound::slb {

double largest_gamma_for_rho(std::size_t k, double s, double h_bits, double trace_sigma,
                             double target_rho) {
  const double kd = static_cast<double>(k);
  const double relative_dither = kd * s * s / trace_sigma;
  // Inverse of eq 14 (see the header).
  double gamma = h_bits + 0.5 * kd *
                              (std::log2(kd / (2.0 * std::numbers::pi * std::numbers::e * trace_sigma)) -
                               std::log2(target_rho * target_rho + relative_dither));
  // Rounding may leave the forward value a few ulps below the target at the exact root;
  // step down by 2^-40 relative until the forward bound itself certifies the target.
  const double step = std::max(1.0, std::abs(gamma)) * 0x1p-40;
  for (int i = 0; i < 64 && shannon_lower_bound(k, s, h_bits, gamma, trace_sigma).rho < target_rho; ++i) {
    gamma -= step;
  }
  return gamma;
}

}  // namespace reconbound::slb
