#include "cpu/single_bound.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "cpu/exp_neg_single.hpp"
#include "mathematics/rounding.hpp"
#include "reconbound/error.hpp"

namespace reconbound::goldfeld {

namespace {

using detail::gamma;
using detail::kSingleExpRelativeError;

constexpr double kFloatUnitRoundoff = 0x1.0p-24;  // u of float32
constexpr double kFloatUnderflow = 0x1.0p-149;    // twice the largest error of a subnormal result
// Largest k of the proof below (u·(k+1) ≤ 1e-3 with room to spare).
constexpr std::size_t kSingleMaxBlockSize = 4096;

// γ_m = m·u/(1 − m·u) of float: the relative error of m successive roundings.
double float_gamma(std::size_t m) {
  const double mu = static_cast<double>(m) * kFloatUnitRoundoff;
  return mu / (1.0 - mu);
}

}  // namespace

// Proof of the exponent bounds. u = 2^-24 (float), γ^d_m the double γ (rounding.hpp). Query q:
// sample point i, draw Z, level h = 1/(2s²), r = 1/s; exact exponent of centre l
//   a_l = c_q + h·N_l − ⟨w_q, y_l⟩ = ‖y_i − y_l‖²·h + ⟨Z, y_i − y_l⟩·r        (shifted_kernel.hpp).
//  (e1) The double inputs — w^d, c^d from product_query, h^d = 0.5/(s·s), N^d_l from
//       product_centres — give a^d_l := c^d + h^d·N^d_l − Σ_c w^d_c·y_lc (exact arithmetic).
//       product_exponent_error's proof gives each elementary product of a_l a factor (1 + θ_M),
//       M the roundings on its way through the double kernel; in a^d_l only the inputs'
//       roundings remain, a subset, so |a^d_l − a_l| ≤ ε_d := product_exponent_error.
//  (e2) The kernel's inputs are c̃ = fl32(c^d), h̃ = fl32(h^d), Ñ_l = fl32(N^d_l),
//       w̃_c = fl32(w^d_c), ỹ_lc = fl32(y_lc) (single_centres); a finite conversion errs by
//       ≤ u·|x| if normal, ≤ 2^-150 if subnormal, so a product of two conversions errs by
//       ≤ (2u + u²)/(1 − u)²·|x̃ỹ| ≤ 2.01u·|x̃ỹ| plus underflow parts. With M_c = max_l |ỹ_lc|
//       and Ñ_max = max_l Ñ_l, â_l := c̃ + h̃·Ñ_l − Σ_c w̃_c·ỹ_lc (exact) satisfies
//         |â_l − a^d_l| ≤ 1.01u·(|c̃| + 2h̃·Ñ_max + 2·Σ_c |w̃_c|·M_c) + underflow.
//  (e3) The kernel computes s_0 = fl(c̃ + h̃·Ñ_l), s_j = fl(s_{j−1} − w̃_{j−1}·ỹ_{l,j−1}) for
//       j = 1..k, ã_l = s_k. Fused, each step rounds its exact result x_j once: ≤ u·|x_j| (or
//       2^-150); unfused, the product is rounded too: ≤ u·(h̃·Ñ_max + Σ_c |w̃_c|·M_c) in all.
//       With ŝ_j the exact partial sums of (e2) (ŝ_k = â_l) and e_j the errors of steps < j,
//       |x_j| ≤ |ŝ_j| + e_j. Two bounds on |ŝ_j|:
//       F (every l):  |ŝ_j| ≤ F_j := |c̃| + h̃·Ñ_max + Σ_{c<j} |w̃_c|·M_c. F grows with j, so
//                     by induction e_j ≤ 1.01u·j·F_j ≤ 0.01·F_j (u·(k+1) ≤ 1e-3) and
//                     |x_j| ≤ 1.01·F_j.
//       G (near l, a_l ≤ T := ln n + kSingleFarNats): ŝ_j = â_l + Σ_{c≥j} w̃_c·ỹ_lc, and
//                     a_l ≥ −‖Z‖²/2 (‖t − y_l‖²/(2s²) = ‖Z‖²/2 + a_l ≥ 0), so
//                     |a_l| ≤ T' := max(T, 0.5·1.001·fl(‖Z‖²)) (fl(‖Z‖²) ≥ (1 − γ^d_k)‖Z‖²);
//                     |â_l − a_l| ≤ `all` ≤ 1 and e_j ≤ `all` ≤ 1 (below), so
//                     |x_j| ≤ G_j := T' + 2 + Σ_{c≥j} |w̃_c|·M_c.
//  (e4) Summing (e1)–(e3), for B_j = F_j (`all`: every l) or B_j = min(F_j, G_j) (`near`):
//         |ã_l − a_l| ≤ 1.02u·(Σ_{j=0}^{k} B_j + |c̃| + 3h̃·Ñ_max + 3·Σ_c |w̃_c|·M_c) + ε_d
//                       + 2^-149·(h̃ + Ñ_max + Σ_c (|w̃_c| + M_c) + 3k + 3),
//       the last term every conversion, product and step whose result is subnormal (≤ 2^-150
//       each, times the factor it multiplies), 1.02 the 1.01 above and the bound's own
//       evaluation in double (≤ k + 10 roundings per term; G_j's difference of two sums loses
//       ≤ 2k·u_d·Σ|w̃|M, < 1e-6 of G_j ≥ 40 while `all` ≤ 1).
// Both bounds are the same for every centre (uniform over l through M_c and Ñ_max), so the
// kernel needs one number per query. Non-finite inputs (values beyond float's range) give an
// infinite bound, and so does k > kSingleMaxBlockSize: such queries take the double kernel.
SingleExponentError single_exponent_error(const SingleCentres& centres, const float* weight,
                                          float offset, float scale, double z_norm2,
                                          double double_error) {
  constexpr double kInfinite = std::numeric_limits<double>::infinity();
  const std::size_t k = centres.k;
  if (k > kSingleMaxBlockSize) return {kInfinite, kInfinite};
  const double h = scale;
  const double head = std::abs(static_cast<double>(offset)) + h * centres.max_norm2;  // F_0, (e3)
  double total = 0.0;   // Σ_c |w̃_c|·M_c
  double weights = 0.0;  // Σ_c (|w̃_c| + M_c), for the underflow term
  for (std::size_t c = 0; c < k; ++c) {
    total += std::abs(static_cast<double>(weight[c])) * centres.max_abs[c];
    weights += std::abs(static_cast<double>(weight[c])) + centres.max_abs[c];
  }
  const double far = std::log(static_cast<double>(centres.n)) + kSingleFarNats;  // T, (e3)
  const double near_limit = std::max(far, 0.5 * 1.001 * z_norm2) + 2.0;          // T' + 2, (e3)
  double done = 0.0;  // Σ_{c<j} |w̃_c|·M_c
  double sum_all = 0.0;
  double sum_near = 0.0;
  for (std::size_t j = 0; j <= k; ++j) {
    const double f = head + done;                  // F_j, (e3)
    const double g = near_limit + (total - done);  // G_j, (e3)
    sum_all += f;
    sum_near += std::min(f, g);
    if (j < k) done += std::abs(static_cast<double>(weight[j])) * centres.max_abs[j];
  }
  // (e4): the conversions (e2) and unfused products (e3), the underflow term, the bounds.
  const double inputs = std::abs(static_cast<double>(offset)) + 3.0 * h * centres.max_norm2 + 3.0 * total;
  const double underflow =
      kFloatUnderflow * (h + centres.max_norm2 + weights + 3.0 * static_cast<double>(k) + 3.0);
  const double all = 1.02 * kFloatUnitRoundoff * (sum_all + inputs) + double_error + underflow;
  const double near = 1.02 * kFloatUnitRoundoff * (sum_near + inputs) + double_error + underflow;
  if (!std::isfinite(all)) return {kInfinite, kInfinite};
  return {all, near};
}

bool fits_single(const SingleExponentError& error, double z_norm2) {
  return error.near <= kSingleExponentLimit && error.all <= 1.0 &&
         -0.5 * 1.001 * z_norm2 - error.all >= kSingleExponentFloor;  // (t1)
}

// Proof of the per-query sum bound, for a query with fits_single(error, ‖Z‖²). δ_s =
// kSingleExpRelativeError, λ(x) = −ln(1 − x), T = ln n + kSingleFarNats ≤ 86.5 (n ≤ e^46).
//  (t1) Range: every exact a_l ≥ −‖Z‖²/2, so ã_l ≥ a_l − all ≥ kSingleExponentFloor = −85;
//       with the clamp at kSingleExponentClamp = 87 every exponent passed to exp_neg_single is
//       in its range [−87.5, 87].
//  (t2) Near centres (a_l ≤ T): ã_l ≤ T + near < 87, never clamped, so t̃_l = e^{−ã_l}(1 + η),
//       |η| ≤ δ_s: log error ≤ near + λ(δ_s) and |t̃_l − t_l| ≤ 1.01·t_l·(near + 1.0001·δ_s).
//  (t3) Far centres (a_l > T): t_l < e^{−T}, and ã_l > T − all, so t̃_l ≤ e^{−(T − all)}(1 + δ_s)
//       (a clamped one: e^{−87}(1 + δ_s), no larger); with all ≤ 1, all n of them together err
//       by < 2.75·n·e^{−T} = 2.75·e^{−40} < 1.2e-17.
//  (t4) Skipped groups: each skipped centre has ã ≥ m̃ (the smallest skipped), so a ≥ m̃ − all
//       and the skipped mass is ≤ U = count·e^{−(m̃ − all)} (product_skipped_mass_bound).
//  (t5) Summation: the terms are positive normal floats (≥ e^{−87}(1 − δ_s) > 2^-126, ≤
//       e^{85}(1 + δ_s) < 8.3e36) or 0; each float lane sums ≤ 2·kSingleFlushBlocks of them
//       (< 1.4e38, no overflow; positive, so relative ≤ γ_F, F = kSingleFlushBlocks additions
//       per term), is widened exactly, and then each term passes ≤ A = single_additions(n)
//       roundings in double: the computed sum is within 1.01·(γ_F + γ^d_A) of the sum of the
//       kept computed terms.
//  (t6) S ≥ 1 (the own centre has a = 0), so absolute errors are relative: |S̃ − S| ≤ δ·S with
//         δ = 1.05·(δ_s + near + γ_F + γ^d_A + 1.2e-17) + U,
//       the factor 1.05 covering 1.0001, 1.01 and products of first-order terms (δ ≤ 1e-3,
//       checked); the value's error then follows as for the other kernels (query_error_nats).
double single_sum_relative_error(std::size_t n, const SingleExponentError& error,
                                 double skipped_mass) {
  const double delta =  // (t6)
      1.05 * (kSingleExpRelativeError + error.near + float_gamma(kSingleFlushBlocks) +
              gamma(static_cast<double>(single_additions(n))) + 1.2e-17) +
      skipped_mass;
  if (!(delta <= 1e-3)) {
    throw NumericalError(fmt::format(
        "goldfeld fast path: the single-precision rounding bound {} is too large for n={}; run "
        "with precision=double",
        delta, n));
  }
  return delta;
}

// Proof of the device kernel's sum bound (single_kernel.cl; docs/fast_estimator.md, "The OpenCL
// kernel"), for a query with fits_single(error, ‖Z‖²). u = 2^-24, u_d = 2^-53.
//  (g0) The device forms s_0 = fma(h̃, Ñ_l, c̃) and s_{c+1} = fma(−w̃_c, ỹ_lc, s_c): (e3) fused, so
//       `all` and `near` bound its exponents as they bound the CPU kernel's; it clamps at 87 and
//       evaluates exp_neg_single with every multiply-add fused, within the same
//       kSingleExpRelativeError (exp_neg_single.hpp counts roundings as an upper bound). So
//       (t1)–(t3) hold as for the CPU kernel, and (t4) with U = 0: the device skips no centre.
//  (g1) Double sums. A run of ≤ kDeviceRun centres is summed in float: positive normal terms or 0,
//       each through ≤ kDeviceRun additions (relative ≤ γ_F, F = kDeviceRun), the run
//       < 16·8.3e36 < 1.4e38 (no overflow); it is widened exactly and added to one double per
//       query and range of kDeviceRange centres, in run order, and the host adds the ranges'
//       doubles in range order: each run passes < ⌈n/kDeviceRun⌉ + ⌈n/kDeviceRange⌉ =: A
//       roundings (padding runs add an exact 0), so the computed sum is within
//       1.01·(γ_F + γ^d_A) of the sum of the computed terms.
//  (g2) Compensated float sums (no fp64). Each run is scaled by 2^-64: exact unless the result
//       is subnormal, then within 2^-150, i.e. 2^-86 before the scaling: ≤ R·2^-86·S over the
//       R = ⌈n/kDeviceRun⌉ runs (S ≥ 1). A range's scaled runs (all ≥ 0, their sum
//       ≤ n·e^{85}·1.001·2^-64 < 2^127 for n < 2^68: no overflow) go through Neumaier's
//       compensated sum, whose (s, c) satisfy |s + c − Σ| ≤ 2u·Σ + 4R·u²·Σ (positive terms; its
//       additions are exact when their result is subnormal, so underflow adds nothing; Higham
//       2002, §4.3). The host forms each range's (s + c)·2^64 in double (one rounding, ≤ u_d,
//       the power of two exact) and adds the ⌈n/kDeviceRange⌉ =: G ranges in order (≤ γ^d_G).
//  So |S̃ − S| ≤ δ·S with
//    δ = 1.05·(δ_s + near + γ_F + γ^d_A + 1.2e-17)                                        (g1)
//    δ = 1.05·(δ_s + near + γ_F + 2u + 4R·u² + R·2^-86 + u_d + γ^d_G + 1.2e-17)          (g2)
//  the factor 1.05 as in (t6).
double device_sum_relative_error(std::size_t n, const SingleExponentError& error, SingleSummation summation) {
  const double runs = static_cast<double>((n + kDeviceRun - 1) / kDeviceRun);        // R
  const double ranges = static_cast<double>((n + kDeviceRange - 1) / kDeviceRange);  // G
  const double common = kSingleExpRelativeError + error.near + float_gamma(kDeviceRun) + 1.2e-17;
  const double summing = summation == SingleSummation::device_double
                             ? gamma(runs + ranges)  // (g1): A = R + G
                             : 2.0 * kFloatUnitRoundoff + 4.0 * runs * kFloatUnitRoundoff * kFloatUnitRoundoff +
                                   runs * 0x1.0p-86 + 0x1.0p-53 + gamma(ranges);  // (g2)
  const double delta = 1.05 * (common + summing);
  if (!(delta <= 1e-3)) {
    throw NumericalError(fmt::format(
        "goldfeld fast path: the device's single-precision rounding bound {} is too large for n={}; run with "
        "precision=double or device=cpu",
        delta, n));
  }
  return delta;
}

}  // namespace reconbound::goldfeld
