#pragma once
// The exponential of the single-precision product kernel (single_kernel.cpp): e^{−a} in
// float32 for a ∈ [−87.5, 87] with a proven relative error ≤ kSingleExpRelativeError,
// branch-free so that loops over it vectorise. As exp_neg.hpp, the proof counts roundings as
// an upper bound, so it holds with and without FMA contraction (the steps that must be exact,
// j·C1 and x − j·C1, are exact either way).
#include <cstdint>
#include <cstring>

#include "cpu/kernel_clones.hpp"

namespace reconbound::goldfeld::detail {

// Proven relative error of exp_neg_single: |exp_neg_single(a)/e^{−a} − 1| ≤ this for
// a ∈ [−87.5, kSingleExponentClamp].
inline constexpr double kSingleExpRelativeError = 3.7e-7;

// The top of exp_neg_single's range: above it e^{−a} would leave float's normal range (the
// kernel clamps larger exponents to it; such terms are ≤ e^{−87}).
inline constexpr float kSingleExponentClamp = 87.0f;

// The integer type of the same width as T: std::uint32_t for a float, sixteen of them for a
// FloatVector (kernel_clones.hpp).
template <typename T>
struct SingleExpBits {
  using type = std::uint32_t;
};
template <>
struct SingleExpBits<FloatVector> {
  using type = FloatBits;
};

// e^{−a} for a ∈ [−87.5, 87]; T is a float or a FloatVector (sixteen lanes, the same
// operations in each, so the same bound).
//
// Error bound (kSingleExpRelativeError), u = 2^-24, γ_m = m·u/(1 − m·u). Let x = −a ∈ [−87, 87.5].
//  1. j = round(x·L) by the shift 1.5·2^23 + 127 (the sum lies in [2^23, 2^24), where floats
//     are the integers, so it is j + 127 + 1.5·2^23 exactly), L = fl(log2 e): |x|·|L − log2 e|
//     < 87.5·1.93e-8 < 1.7e-6 and x·L is rounded at most once (≤ u·126.3 < 7.6e-6), so
//     |x·log2 e − j| ≤ 1/2 + 9.3e-6 and r* := x − j·ln2 has |r*| ≤ ln2·(1/2 + 9.3e-6)
//     < 0.346581; j ∈ [−126, 126].
//  2. C1 = 0x1.62e4p-1 (17 significant bits) and |j| < 2^7, so j·C1 is exact; for j ≠ 0,
//     |x| ≥ 0.34 and x is a multiple of ulp(x) ∈ [2^-25, 2^-17], which divides 2^-17 and so
//     j·C1, and |x − j·C1| < 0.35 < 2^24·ulp(x): x − j·C1 is a float, the subtraction is
//     exact (for j = 0 it is x).
//  3. r = fl(x − j·C1 − j·C2), C2 = fl(ln2 − C1) with |C1 + C2 − ln2| < 5.5e-14: one rounding
//     of the result (≤ u·0.3466) and, unfused, one of j·C2 (|j·C2| < 1.8e-4), so
//     |r − r*| ≤ u·0.3468 + 126·5.5e-14 < 2.1e-8: |r| < ρ := 0.3466 and
//     e^{r} = e^{r*}·(1 + η₁), |η₁| < 2.11e-8.
//  4. p(r) = Σ_{i≤6} r^i/i! (Taylor, Lagrange remainder e^ξ·r^7/7!, ξ between 0 and r): relative
//     to e^r at most ρ^7/7!·e^{ρ} < 1.687e-7 (for r ≥ 0 without the e^ρ).
//  5. p̃ = fl(1 + fl(r + r²·P)), P = (1/2 + c̃₃r) + r²·((c̃₄ + c̃₅r) + r²·c̃₆), c̃_i = fl(1/i!),
//     r² = fl(r·r) (a chain of 4 multiply-adds after r²). The term c_i·r^i reaches p̃ through at
//     most m_i roundings, m = (1, 2, 6, 8, 10, 11, 11) for i = 0..6 (unfused; fused fewer:
//     e.g. c₃r³: c̃₃, c̃₃·r, + 1/2, + r²·t in P, r², r²·P, + r, + 1), so p̃ = Σ_i c_i r^i(1 + θ_{m_i})
//     and |p̃ − p| ≤ Σ_i γ_{m_i}·ρ^i/i! ≤ 2.1156·u·1.000001 = 1.2611e-7, relative to
//     e^r ≥ e^{−ρ} = 0.70711 at most 1.7835e-7.
//  6. 2^j is a normal float (j ∈ [−126, 126]) and p̃·2^j is exact: for j ≥ −125 the result is
//     ≥ 0.70·2^-125 > 2^-126, and j = −126 needs x·L ≤ −125.5, i.e. x ≤ −86.99, so
//     r ≥ −87 + 126·ln2 > 0.33 and p̃ > 1; the largest result is < 1.42·2^126 < FLT_MAX.
// Total: (1 + 2.11e-8)(1 + 1.687e-7 + 1.7835e-7) − 1 < 3.69e-7 ≤ 3.7e-7.
// (Always inlined into the kernel's clones, as exp_neg.)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
template <typename T>
[[gnu::always_inline]] inline T exp_neg_single(T a) {
  using Bits = typename SingleExpBits<T>::type;
  const T x = -a;
  constexpr float kShift = 0x1.8p23f + 127.0f;
  const T shifted = x * 0x1.715476p0f + kShift;  // step 1: L = fl(log2 e)
  const T j = shifted - kShift;
  const T r = (x - j * 0x1.62e4p-1f) - j * 0x1.7f7d1cp-20f;  // steps 2, 3: C1, C2
  const T r2 = r * r;                                  // step 5
  const T q1 = 0.5f + r * 0x1.555556p-3f;              // 1/2! + r/3!
  const T q2 = 0x1.555556p-5f + r * 0x1.111112p-7f;    // 1/4! + r/5!
  const T t = q2 + r2 * 0x1.6c16c2p-10f;               // + r²/6!
  const T poly = q1 + r2 * t;                          // P(r) = (p(r) − 1 − r)/r², step 4
  const T p = 1.0f + (r + r2 * poly);
  // Step 6: the low bits of `shifted` hold j + 127 (its exponent field shifts out): 2^j.
  // (Bit casts by memcpy: GCC 12's UBSan reports a bogus misaligned load for std::bit_cast of
  // a vector value at -Og; at -O2 both compile to register moves.)
  Bits bits;
  std::memcpy(&bits, &shifted, sizeof bits);
  bits <<= 23;
  T power;
  std::memcpy(&power, &bits, sizeof power);
  return p * power;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace reconbound::goldfeld::detail
