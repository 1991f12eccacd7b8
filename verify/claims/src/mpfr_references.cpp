// The claims checked against the MPFR references of verify/: γ and K (mathematics §2), the margins
// t_MD and t_MC (mathematics §6.1–6.3) and the converse (eq 13–14).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "reconbound/verify/reference_converse.hpp"
#include "reconbound/verify/reference_dpsgd.hpp"
#include "reconbound/verify/reference_entropy.hpp"
#include "reference_interval.hpp"

namespace reconbound::claims::detail {

namespace {

constexpr double kUnitRoundoff = 0x1p-53;

}  // namespace

ReferenceInterval around(const verify::ReferenceValue& reference, double extra_error) {
  const double error = reference.abs_error + extra_error;
  return {reference.value - error, reference.value + error, fmt::format("MPFR, {} bits", reference.bits)};
}

std::size_t count_input(const Claim& claim, const char* name) {
  return static_cast<std::size_t>(claim.inputs.at(name));
}

ReferenceInterval leakage_reference(const Claim& claim) {
  if (claim.kind == ClaimKind::gamma) return around(verify::reference_gamma_bits(claim.schedule));
  return around(verify::reference_subsampled_gaussian_kl(claim.inputs.at("q"), claim.inputs.at("sigma")));
}

ReferenceInterval margin_reference(const Claim& claim) {
  const std::size_t n = count_input(claim, "n");
  const std::size_t grid = count_input(claim, "grid_size");
  if (claim.kind == ClaimKind::t_md) {
    // t_MD = H_b(1/n)·sqrt((n/2)·ln(|G|/α₂)), eq 35; the Monte Carlo half is not used.
    const double alpha = claim.inputs.at("alpha_md");
    return around(verify::reference_margins(n, grid, alpha, alpha, 0.0).t_md);
  }
  // t_MC = σ_MC·sqrt(|G|/α₁ − 1), eq 34, with σ_MC = sqrt(k/(N_k·n·n_MC))/ln 2 (mathematics §6.3).
  const double alpha = claim.inputs.at("alpha_mc");
  const verify::ReferenceValue sigma_mc = verify::reference_sigma_mc(
      count_input(claim, "k"), count_input(claim, "blocks"), n, count_input(claim, "n_mc"));
  const verify::ReferenceValue t_mc = verify::reference_margins(n, grid, alpha, alpha, sigma_mc.value).t_mc;
  // σ_MC enters rounded to double: its error and that rounding scale by t_MC/σ_MC.
  const double factor = sigma_mc.value > 0.0 ? t_mc.value / sigma_mc.value : 0.0;
  return around(t_mc, (sigma_mc.abs_error + kUnitRoundoff * sigma_mc.value) * factor * (1.0 + 4.0 * kUnitRoundoff));
}

ReferenceInterval converse_reference(const Claim& claim) {
  const std::size_t k = count_input(claim, "k");
  const double nu2 = claim.inputs.at("nu2");
  const double trace = claim.inputs.at("trace_sigma");
  // s = ν·sqrt(tr Σ/k) (mathematics §5), formed in double: k·s² = ν²·tr Σ to 4 units of roundoff.
  const double s = std::sqrt(nu2 * trace / static_cast<double>(k));
  const verify::ReferenceConverse converse =
      verify::reference_converse(k, s, claim.inputs.at("h_lb_bits"), claim.inputs.at("gamma_bits"), trace);
  // The bracket of eq 13 carries the reference's error (its two precisions agree far below the
  // next term) and, from s, 4 units of roundoff of its larger term; the caps [0, tr Σ] (eq 13) and [0, 1] (eq 14) are applied to its ends.
  // A bracket beyond a double is +∞ or −∞, where the caps are exact.
  const double bracket_error = converse.abs_bound.abs_error + 4.0 * kUnitRoundoff * converse.abs_scale;
  auto capped = [&](double value, double cap) {
    if (std::isinf(converse.bracket)) return converse.bracket > 0 ? cap : 0.0;
    return std::clamp(value, 0.0, cap);
  };
  ReferenceInterval out = around(converse.abs_bound);
  if (claim.kind == ClaimKind::absolute_bound) {
    out.lower = capped(converse.bracket - bracket_error, trace);
    out.upper = capped(converse.bracket + bracket_error, trace);
    return out;
  }
  // ρ = sqrt of the capped bracket/tr Σ (eq 14): the interval passes through the square root,
  // which stays correct where the bracket cancels to 0.
  out.lower = std::sqrt(capped((converse.bracket - bracket_error) / trace, 1.0));
  out.upper = std::sqrt(capped((converse.bracket + bracket_error) / trace, 1.0));
  return out;
}

}  // namespace reconbound::claims::detail
