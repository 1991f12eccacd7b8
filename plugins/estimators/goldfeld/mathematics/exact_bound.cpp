// The proven error of the exact path's log-sum-exp (mixture_kernel.cpp), per query. u = 2^-53,
// γ_m = m·u/(1 − m·u), δ_e = kExpRelativeError. Let D_l = ‖t − y_l‖², h = 1/(2s²), a_l = D_l·h,
// r the centre of the computed minimum, Δ_l = a_l − a_r, S = Σ_l e^{−Δ_l} ≥ 1 (its term l = r is
// 1), and v = a_r − ln S = −ln Σ_l e^{−a_l} the value in exact arithmetic.
//  (x1) Exponents. D̃_l = D_l(1 + θ_{k+2}) (k differences, k squares and k − 1 additions of
//       positive terms, no contraction); h̃ = h(1 + θ_2); the exponent fl(fl(D̃_l − D̃_r)·h̃)
//       differs from Δ_l by E_l ≤ γ_{k+8}·(2Δ_l + 3a_r).
//  (x2) Terms. For computed exponents ≤ 708 the term's relative error is ≤ e^{E_l}(1 + δ_e) − 1 ≤
//       1.01·(E_l + δ_e) (E_l ≤ 0.01, checked); clamped ones have Δ_l ≥ 700 and both values
//       ≤ e^{−700}. Since Δ·e^{−Δ} ≤ 1/e, Σ_l t_l E_l ≤ γ_{k+8}(2n/e + 3a_r·S).
//  (x3) Sum. Positive terms in 8 lanes of ⌈n/8⌉ and a tree of depth 3: relative γ_A, A = ⌈n/8⌉ + 3.
//       With S ≥ 1: |S̃ − S| ≤ δ·S, δ = 1.01·(1.01·Σ t_l E_l + δ_e·S̃ + n·e^{−700})/S̃·(1 + γ_A) + γ_A,
//       and |ln S̃ − ln S| ≤ −ln(1 − δ).
//  (x4) Value. ṽ = fl(fl(d̃_r·h̃) − fl(ln S̃)): ã_r carries γ_{k+5}·a_r, glibc's log < 1 ulp
//       (≤ 2u|ln S̃|), the subtraction u|ṽ|.
//  (x5) Perturbation. A query and centres moved by at most ε in all: perturbation_bound.hpp.
#include "mathematics/exact_bound.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "mathematics/perturbation_bound.hpp"
#include "mathematics/rounding.hpp"
#include "reconbound/error.hpp"

namespace reconbound::goldfeld {

double exact_query_error(std::size_t n, std::size_t k, double a_min, double sum, double value, double perturbation,
                         double half_inv_s2) {
  using detail::gamma;
  using detail::kUnitRoundoff;
  const double nd = static_cast<double>(n);
  const double kd = static_cast<double>(k);
  const double a_r = a_min * (1.0 + gamma(kd + 6.0));  // ≥ the exact a_r
  if (gamma(kd + 8.0) * (2.0 * 708.0 + 3.0 * a_r) > 0.01) {
    throw NumericalError(fmt::format("goldfeld exact path: an exponent of {} is too large for its error bound", a_r));
  }
  const double exponents = 1.01 * gamma(kd + 8.0) * (2.0 * nd / std::numbers::e + 3.0 * a_r * sum);    // (x2)
  const double lanes = gamma(std::ceil(nd / 8.0) + 3.0);                                                // (x3)
  const double tiny = nd * 1e-304;                                                                      // n·e^{−700}
  const double delta =
      1.01 * (1.01 * exponents + detail::kExpRelativeError * sum + tiny) / sum * (1.0 + lanes) + lanes;
  const double log_error = delta < 1.0 ? -std::log1p(-delta) : std::numeric_limits<double>::infinity();
  const double arithmetic = gamma(kd + 5.0) * a_r + log_error + 2.0 * kUnitRoundoff * std::abs(std::log(sum)) +
                            kUnitRoundoff * std::abs(value);                                            // (x4)
  const double moved = detail::perturbation_nats(a_r, half_inv_s2, perturbation, nd);                  // (x5)
  return 1.01 * (arithmetic + moved);
}

}  // namespace reconbound::goldfeld
