// The proven bounds of the fast path's queries (docs/fast_estimator.md, "The error bound"):
// the relative error of a direct kernel's sum (difference, chained and product kernels), the
// mass of the centres a kernel skipped, and the error of a query's value. Each kernel passes
// the counts of its own summation (direct_additions, chained_additions); the proofs are here.
#include "mathematics/query_bound.hpp"

#include <fmt/format.h>

#include <cmath>
#include <numbers>

#include "mathematics/rounding.hpp"
#include "reconbound/error.hpp"

namespace reconbound::goldfeld {

using detail::gamma;
using detail::kExpRelativeError;
using detail::kUnitRoundoff;

// Skipped mass (certified truncation, direct kernel). Every skipped centre has computed
// exponent ã ≥ m̃ (the smallest skipped one); by (a) below, its exact exponent satisfies
// a ≥ ã − γ_{k+6}·(4a + 4.5‖Z‖²), i.e. a ≥ (m̃ − 4.5·γ_{k+6}·‖Z‖²)/(1 + 4·γ_{k+6}) =: a_lb, so
// the skipped mass is S_skip ≤ count·e^{−a_lb} =: U (rounded up by 1 + 1e-12: the roundings
// of a_lb, ≤ 4u·710 < 1e-12 in the exponent, std::exp's and the product's).
double skipped_mass_bound(std::size_t k, double z_norm2, double count, double smallest) {
  if (count == 0.0) return 0.0;
  const double g = gamma(static_cast<double>(k) + 6.0);
  const double lower = (smallest - 4.5 * g * 1.01 * z_norm2) / (1.0 + 4.0 * g);  // a_lb
  return count * std::exp(-lower) * (1.0 + 1e-12);
}

// Proof of the per-query bound. u = 2^-53, γ_m = m·u/(1 − m·u), λ(x) = −ln(1 − x). For one
// query t = y_i + s·Z and one level (h = 1/(2s²), r = 1/s; computed h̃ = h(1+θ₂),
// r̃ = r(1+θ₁), |θ_m| ≤ γ_m). For a positive computed x̃ of an exact x write x̃ = x·e^{φ}:
// φ is its log error. A rounded product with a normal result adds |φ| ≤ λ(u), exp_neg
// adds |φ| ≤ λ(δ_e), δ_e = kExpRelativeError.
//
//  (a) Exponents. With D = ‖y_i − y_l‖², G = ⟨Z, y_i − y_l⟩ the exact a = D·h + G·r
//      satisfies ‖t − y_l‖²/(2s²) = ‖Z‖²/2 + a ≥ 0. The computed differences carry one
//      rounding, D̃ = D(1+θ_{k+2}) (k squares of rounded differences, summed), and
//      |G̃ − G| ≤ γ_{k+1}·Σ_c|Z_c||y_ic − y_lc| ≤ γ_{k+1}·‖Z‖·√D (Cauchy–Schwarz). Two more
//      roundings form ã = D̃h̃ + G̃r̃, so with A = D·h:
//        ε_l := |ã − a| ≤ γ_{k+6}·(A + ‖Z‖·√(2A)) ≤ γ_{k+6}·(2A + ‖Z‖²/2)
//      (AM–GM: ‖Z‖√(2A) ≤ A + ‖Z‖²/2). Also a = A + G·r ≥ A − ‖Z‖√(2A) ≥ A/2 − ‖Z‖²
//      (AM–GM again), so A ≤ 2a + 2‖Z‖² and ε_l ≤ γ_{k+6}·(4a + 4.5‖Z‖²).
//  (b) Terms of a top level. If ã ≤ 708 the computed term is e^{−ã}(1+η), |η| ≤ δ_e: its
//      log error is ≤ ε_l + λ(δ_e). If ã > 708 (the clamp), then a ≥ 700 (ε_l is far
//      below 8) and both t̃_l = e^{−708}(1+η) and t_l = e^{−a} are ≤ e^{−700} ("tiny").
//  (c) Chained levels (level_plan.hpp), parent p of v: s_p = 2·s_v exactly, so h_v = 4h_p,
//      r_v = 2r_p, A_v = 4A_p and a_v = 2(a_p + A_p). The factor F_p = e^{−A_p} is
//      exp_neg(fl(D̃·h̃_p)) for a top p (log error ≤ γ_{k+5}·A_p + λ(δ_e) when
//      fl(D̃·h̃_p) ≤ 708) or fl(fl(F̃_q²)²) for a chained p with parent q (log error
//      ≤ 4φ_q + 3λ(u)); the term is t̃_v = fl(fl(t̃_p·F̃_p)²) (log error ≤ 2φ_{t,p} +
//      2φ_{F,p} + 3λ(u)). By induction over the depth d (d = 0: (a), (b)), as long as every
//      intermediate is normal and no exponent is clamped,
//        φ_t,v ≤ γ_{k+6}·(A_v + ‖Z‖√(2A_v)) + ρ_d,   φ_F,v ≤ γ_{k+5}·A_v + ρ_d,
//        ρ_d := 4^d·λ(δ_e) + (4^d − 1)·λ(u) ≤ 1.0001·(4^d·δ_e + (4^d − 1)·u),
//      since 2(A_p + ‖Z‖√(2A_p)) + 2A_p ≤ A_v + ‖Z‖√(2A_v) (A_v = 4A_p) and
//      2·ρ_d + 2·ρ_d + 3λ(u) = ρ_{d+1} = 4·ρ_d + 3λ(u). So the exponent part obeys the
//      bound ε_l ≤ γ_{k+6}(4a + 4.5‖Z‖²) of (a) and the rest is ρ_d instead of λ(δ_e).
//  (r) Range of the chains (this plan is used only when every draw of the row has
//      fl(‖Z‖²) ≤ kChainNormLimit = 690, so ‖Z‖² ≤ 700). Every chained term is either as
//      in (c) or tiny (both computed and exact ≤ e^{−700}):
//      – a factor is "small" when both F̃ ≤ e^{−707} and F ≤ e^{−707}: a clamped top
//        factor (fl(D̃h̃) > 708, so A > 707.9 and F̃ = e^{−708}(1+η)); a chained factor of a
//        small parent (its result underflows to 0); a chained factor whose result or
//        intermediate square falls below 2^-1022 (the exact value is within a factor
//        e^{1e-6} of the unrounded product, so it is < 2^-1021 < e^{−707}). Otherwise
//        every intermediate is normal and (c) holds.
//      – t̃_p tiny ⇒ t̃_v ≤ (1.001·e^{−700})²·(1+u)² ≤ e^{−700} and t_v = (t_p·F_p)²
//        ≤ t_p² ≤ e^{−1400} (computed factors are ≤ e^{ρ_d} ≤ 1.001, exact ones ≤ 1).
//      – F_p small: a_v = 2(2A_p + G·r_p) ≥ 2(A_p − ‖Z‖²/2) ≥ 2(707 − 350) = 714, so
//        t_v ≤ e^{−714}; and t̃_p ≤ e^{350.1} (t_p = e^{−a_p} ≤ e^{‖Z‖²/2}, as a_p ≥
//        −‖Z‖²/2, with log error ≤ 1e-6, or tiny), so fl(t̃_p·F̃_p) ≤ e^{−356.8} and
//        t̃_v ≤ e^{−713}.
//      – t̃_p and F̃_p as in (c) but fl(t̃_p·F̃_p) or its square below 2^-1022: as for
//        factors, both t̃_v and t_v are < 2^-1021 < e^{−700}.
//      Every other case has normal intermediates, so (c) holds and t̃_v ≤ e^{350.1} again.
//      Without the chains (direct plan) only (a), (b) apply, and ‖Z‖² ≤ 1380 suffices.
//  (s) Sum of the terms of one level. Accurate terms: |t̃_l − t_l| ≤ t_l·(e^{φ} − 1) ≤
//      1.01·t_l·(ε_l + 1.0001·ρ_d) (φ ≤ 1e-3, checked below); tiny terms: ≤ e^{−700} each.
//      Σ_l t_l·ε_l ≤ γ_{k+6}·(4·Σ_l a_l e^{−a_l} + 4.5‖Z‖²·S) ≤ γ_{k+6}·(4n/e + 4.5‖Z‖²·S),
//      since a·e^{−a} ≤ 1/e for every real a. Summation: positive terms, each through at
//      most A additions (A = `additions`: the direct kernel's 8 lanes of ⌈n/8⌉ terms and a
//      tree of depth 3; the chained kernel's 8 register lanes of ≤ 16 terms per tile, added
//      to 8 running sums once per tile, and the tree): relative error ≤ γ_A of the sum of the
//      computed terms.
//  (d) The exact sum S = Σ_l e^{−a_l} ≥ 1 (the own centre has a = 0), so absolute errors
//      are relative errors. S = S_kept + S_skip; (a)–(s) apply to the kept terms and the
//      skipped mass satisfies 0 ≤ S_skip ≤ U (skipped_mass_bound; U = 0 in the chained
//      kernel, which skips nothing), so |S̃ − S| ≤ δ·S with
//        δ = 1.05·(4^d·δ_e + (4^d − 1)·u + γ_{k+6}·(4n/e + 4.5‖Z‖²) + n·e^{−700}
//                  + γ_A) + U
//      (the factor 1.05 covers 1.0001, 1.01 and the products of first-order terms, all
//      ≤ 1e-3, checked). Then |ln S̃ − ln S| ≤ −ln(1 − δ) ≤ 1.001·δ.
//  (e) The value ṽ = fl(fl(‖Z‖²)/2 − log S̃): ‖Z‖² has error ≤ γ_k·‖Z‖², the logarithm
//      (glibc, < 1 ulp) ≤ 2u·|ln S̃|, the subtraction ≤ u·|ṽ|·1.01.
//  Also ‖Z‖² ≤ 1.01·fl(‖Z‖²) wherever it appears above, and ε_l ≤ γ_{k+6}·(4·709 + 4.5·1380)
//  < 1e-6 for k ≤ 1e6, as used in (s).
double sum_relative_error(std::size_t n, std::size_t k, double z_norm2, std::size_t depth,
                          std::size_t additions, double skipped_mass) {
  const double nd = static_cast<double>(n);
  const double kd = static_cast<double>(k);
  const double z2 = 1.01 * z_norm2;
  const double power = std::ldexp(1.0, 2 * static_cast<int>(depth));  // 4^d
  const double delta =
      1.05 * (power * kExpRelativeError + (power - 1.0) * kUnitRoundoff +
              gamma(kd + 6.0) * (4.0 * nd / std::numbers::e + 4.5 * z2) +
              nd * std::exp(-700.0) +
              gamma(static_cast<double>(additions))) +
      skipped_mass;
  if (!(delta <= 1e-3)) {
    throw NumericalError(fmt::format(
        "goldfeld fast path: the rounding bound {} is too large for n={} at k={}; run with "
        "exact=true",
        delta, n, k));
  }
  return delta;
}

// The product kernel (shifted_kernel.hpp). Its exponents satisfy |ã_l − a_l| ≤ ε_q for every
// centre l (product_exponent_error, proof in shifted_kernel.cpp), the same ε_q for all l,
// so the steps (a) and (s) above simplify:
//  (b') A kept term with ã ≤ 708 is e^{−ã}(1+η), |η| ≤ δ_e: log error ≤ ε_q + λ(δ_e). A
//      clamped one (ã > 708) has a ≥ 708 − ε_q > 700: computed and exact ≤ e^{−700}.
//      The exponent range of exp_neg holds: a ≥ −‖Z‖²/2 ≥ −690 (‖Z‖² ≤ 1380, checked) and
//      ε_q ≤ kProductExponentLimit, so ã ∈ [−691, 708].
//  (s') |Σ_kept t̃_l − Σ_kept t_l| ≤ 1.01·(ε_q + 1.0001·δ_e)·S + n·e^{−700}, and the 8-lane
//      summation (`additions`: direct_additions, as the difference kernel; adding a masked
//      lane's 0 is exact) adds ≤ γ_A of the computed sum.
//  (d') Truncation: every skipped centre has ã ≥ m̃ (the smallest skipped), so a ≥ m̃ − ε_q
//      and S_skip ≤ U := count·e^{−(m̃ − ε_q)} (rounded up by 1 + 1e-12: the subtraction's
//      rounding, ≤ u·710 < 1e-13 in the exponent, std::exp's and the product's).
//  So, with S ≥ 1, |S̃ − S| ≤ δ·S for
//    δ = 1.05·(δ_e + ε_q + n·e^{−700} + γ_A) + U,
//  the factor 1.05 covering 1.0001, 1.01 and products of first-order terms (δ ≤ 1e-3,
//  checked), and the value's error follows as in (e).
double product_skipped_mass_bound(double exponent_error, double count, double smallest) {
  if (count == 0.0) return 0.0;
  return count * std::exp(-(smallest - exponent_error)) * (1.0 + 1e-12);
}

double product_sum_relative_error(std::size_t n, double exponent_error, std::size_t additions, double skipped_mass) {
  const double nd = static_cast<double>(n);
  const double delta =
      1.05 * (kExpRelativeError + exponent_error + nd * std::exp(-700.0) +
              gamma(static_cast<double>(additions))) +
      skipped_mass;
  if (!(delta <= 1e-3)) {
    throw NumericalError(fmt::format(
        "goldfeld fast path: the rounding bound {} is too large for n={}; run with exact=true",
        delta, n));
  }
  return delta;
}

double query_error_nats(std::size_t k, double z_norm2, double sum, double value,
                        double sum_error) {
  const double z2 = 1.01 * z_norm2;
  return 1.001 * sum_error + 0.5 * gamma(static_cast<double>(k)) * z2 +
         2.0 * kUnitRoundoff * std::abs(std::log(sum)) + 1.01 * kUnitRoundoff * std::abs(value);
}

}  // namespace reconbound::goldfeld
