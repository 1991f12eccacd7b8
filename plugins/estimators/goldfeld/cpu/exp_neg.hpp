#pragma once
// The exponential of the fast path's hot loops (shifted_kernel.cpp, chained_kernel.cpp):
// e^{−a} for a ∈ [−700, 708] with a proven relative error ≤ kExpRelativeError, branch-free
// so that loops over it vectorise. The proof below counts roundings as an upper bound, so it
// holds with and without FMA contraction (a fused a·b + c skips the rounding of a·b; the
// steps that need exactness — j·C1 and x − j·C1 — are exact either way).
#include <bit>
#include <cstdint>

#include "cpu/kernel_clones.hpp"
#include "mathematics/rounding.hpp"

namespace reconbound::goldfeld::detail {

// Largest exponent a passed to the exponential; larger ones are clamped (terms ≤ e^{−700}).
inline constexpr double kExponentClamp = 708.0;

// The integer type of the same width as T: std::uint64_t for a double, eight of them for a
// LaneVector (kernel_clones.hpp).
template <typename T>
struct ExpBits {
  using type = std::uint64_t;
};
template <>
struct ExpBits<LaneVector> {
  using type = LaneBits;
};

// e^{−a} for a ∈ [−700, 708], branch-free so that loops over it vectorise; T is a double or
// a LaneVector (eight lanes at once, the same operations in every lane, so the same bound).
//
// Error bound (kExpRelativeError), u = 2^-53. Let x = −a ∈ [−708, 700].
//  1. j = round(x·log2 e) by the 1.5·2^52 shift, so |j| ≤ 1022 and r* := x − j·ln2 has
//     |r*| ≤ ln2/2 + 2u·|x|·ln2 < 0.35 (the product x·log2 e is rounded once).
//  2. r = (x − j·C1) − j·C2 with C1 = ln2 rounded to 32 bits (11+ trailing zero bits, so
//     j·C1 is exact), x − j·C1 exact by Sterbenz's lemma (x/(j·C1) ∈ [1/2, 2] when j ≠ 0),
//     and |C1 + C2 − ln2| < 2^-86: |r − r*| ≤ u·0.35 + 1022·2^-86·2 < 4.1e-17, a relative
//     change of e^{r} by at most 4.2e-17.
//  3. p(r) = Σ_{i≤11} r^i/i! (Taylor): |e^r − p(r)| ≤ 0.35^12/12!·e^{0.35}, i.e. relative
//     ≤ 0.35^12/12!·e^{0.7} < 7.6e-15 (e^r ≥ e^{−0.35}).
//  4. Estrin's scheme in double with rounded coefficients c̃_i = (1/i!)(1+θ₁): pairs
//     q_m = c̃_{2m} + c̃_{2m+1}·r, then s_0 = q_0 + r²q_1, s_1 = q_2 + r²q_3, s_2 = q_4 + r²q_5,
//     t = s_0 + r⁴s_1, p̃ = t + r⁸s_2 (r² = fl(r·r), r⁴ = fl(r²·r²), r⁸ = fl(r⁴·r⁴)). Every
//     term c_i·r^i reaches p̃ through at most 16 roundings (the longest, c_11·r^11: its
//     coefficient, ·r, +c̃_10, ·r² (+1 in r²), +q_4, ·r⁸ (+7 in r⁸), +t), so p̃ = Σ_i c_i r^i
//     (1+θ_16) termwise and |p̃ − p| ≤ γ_16·Σ_i |r|^i/i! ≤ γ_16·e^{0.35}, relative
//     ≤ γ_16·e^{0.7} < 3.6e-15 (γ_n = n·u/(1 − n·u)). (Estrin instead of Horner: a
//     dependency chain of 5 multiply-adds instead of 11, so that vector units stay busy.)
//  5. 2^j is a normal double (j ≥ −1021 for x ≥ −708, j ≤ 1010 for x ≤ 700) and the final
//     product p̃·2^j is exact (a power-of-two scaling of a normal result).
// Total relative error ≤ 4.2e-17 + 7.6e-15 + 3.6e-15 + products of these < 1.2e-14 ≤ 3e-14.
// (Always inlined into the kernels' clones, so the baseline ABI for a LaneVector argument
// or result, which GCC warns about, never applies.)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
template <typename T>
[[gnu::always_inline]] inline T exp_neg(T a) {
  using Bits = typename ExpBits<T>::type;
  const T x = -a;
  constexpr double kShift = 0x1.8p52;
  const T shifted = x * 1.4426950408889634 + kShift;  // log2(e)
  const T j = shifted - kShift;
  const T r = (x - j * 0x1.62e42fee00000p-1) - j * 0x1.a39ef35793c76p-33;
  const T r2 = r * r;
  const T r4 = r2 * r2;
  const T r8 = r4 * r4;
  const T q0 = 1.0 + r;                                  // 1/0! + r/1!
  const T q1 = 0.5 + r * (1.0 / 6.0);                    // 1/2! + r/3!
  const T q2 = 1.0 / 24.0 + r * (1.0 / 120.0);           // 1/4! + r/5!
  const T q3 = 1.0 / 720.0 + r * (1.0 / 5040.0);         // 1/6! + r/7!
  const T q4 = 1.0 / 40320.0 + r * (1.0 / 362880.0);     // 1/8! + r/9!
  const T q5 = 1.0 / 3628800.0 + r * (1.0 / 39916800.0); // 1/10! + r/11!
  const T s0 = q0 + r2 * q1;
  const T s1 = q2 + r2 * q3;
  const T s2 = q4 + r2 * q5;
  const T p = (s0 + r4 * s1) + r8 * s2;
  // The low bits of `shifted` hold j; (j + 1023) << 52 is the double 2^j.
  const Bits bits = std::bit_cast<Bits>(shifted) - 0x4338000000000000ULL;
  return p * std::bit_cast<T>((bits + 1023ULL) << 52);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace reconbound::goldfeld::detail
