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
namespace {

constexpr double kU = 0x1.0p-53;  // u
double gamma_of(double m) { return m * kU / (1.0 - m * kU); }  // γ_m

}  // namespace

// eq 13 and 14 evaluated in doubles and lowered by a proven bound on their rounding, so that the
// result is a lower bound on the exact eq 13/14 (mathematics §6.9). With u = 2^-53, γ_m = m·u/(1 − m·u):
//  (r1) L = log2(k/(2πe)) + 2(h − γ)/k: the constant carries γ_4 (π, e, two operations), so its
//       log2 moves by ≤ γ_4/ln2, glibc's log2 < 1 ulp (≤ 2u|·|), 2(h − γ)/k two roundings, the sum
//       one: |L̃ − L| ≤ ε_L = 1.01·(γ_4/ln2 + 2u|log2 c̃| + γ_2|2(h − γ)/k| + u|L̃|).
//  (r2) P = 2^L: exp2 < 1 ulp, so |P̃ − P| ≤ 1.01·(ln2·ε_L + γ_2)·P̃; D = k·s² carries γ_2.
//  (r3) abs = P − D: |fl(P̃ − D̃) − (P − D)| ≤ e_abs = 1.01·[1.01·(ln2·ε_L + γ_2)·P̃ + γ_2·D̃] + u·|P̃ − D̃|.
//  (r4) The cap T applies when P − D ≥ T, i.e. L ≥ log2(T + D); it is taken only where the
//       computed values prove it (L̃ − ε_L ≥ log2(T + D̃) + its own rounding); elsewhere the
//       lowered value is capped by T, which keeps it a lower bound of min(P − D, T).
//  (r5) ρ = sqrt(abs/T): the quotient and the root round twice, so ρ is lowered by 3u.
ShannonLowerBound shannon_lower_bound(std::size_t k, double s, double h_bits, double gamma_bits,
                                      double trace_sigma) {
  const double kd = static_cast<double>(k);
  const double constant = std::log2(kd / (2.0 * std::numbers::pi * std::numbers::e));
  const double exponent = 2.0 * (h_bits - gamma_bits) / kd;
  // log2 of the entropy power term k/(2πe)·2^{2(h − γ)/k} (bits → squared units).
  const double log2_power = constant + exponent;
  const double dither_power = kd * s * s;  // k·s², E‖W‖² of the block dither
  const double log_error = 1.01 * (gamma_of(4.0) / std::numbers::ln2 + 2.0 * kU * std::abs(constant) +
                                   gamma_of(2.0) * std::abs(exponent) + kU * std::abs(log2_power));  // (r1)
  const double log_cap = std::log2(trace_sigma + dither_power);
  const double cap_error = 2.0 * kU * std::abs(log_cap) + gamma_of(4.0) / std::numbers::ln2;

  ShannonLowerBound out;
  if (log2_power - log_error >= log_cap + cap_error) {  // (r4): certainly capped
    out.abs_bound = trace_sigma;
    out.rho = 1.0;
    return out;
  }
  const double power = std::exp2(log2_power);
  const double relative = 1.01 * (std::numbers::ln2 * log_error + gamma_of(2.0));                    // (r2)
  const double difference = power - dither_power;
  const double error = 1.01 * (1.01 * relative * power + gamma_of(2.0) * dither_power) +
                       kU * std::abs(difference);                                                     // (r3)
  const double lowered = std::max(0.0, (difference - error) * (1.0 - 2.0 * kU));
  out.abs_bound = std::min(trace_sigma, lowered);
  out.rho = std::min(1.0, std::sqrt(out.abs_bound / trace_sigma) * (1.0 - 3.0 * kU));               // (r5)
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
