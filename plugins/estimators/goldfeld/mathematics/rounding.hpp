#pragma once
// Floating-point rounding bounds shared by the fast path's proofs (Higham, §3.1).

namespace reconbound::goldfeld::detail {

inline constexpr double kUnitRoundoff = 0x1.0p-53;  // u

// γ_m = m·u/(1 − m·u): the relative error of m successive roundings.
inline double gamma(double m) { return m * kUnitRoundoff / (1.0 - m * kUnitRoundoff); }

// δ_e, the proven relative error of the kernels' exponential exp_neg (proof in exp_neg.hpp):
// |exp_neg(a)/e^{−a} − 1| ≤ this for a ∈ [−700, 708]. The bounds take it as given.
inline constexpr double kExpRelativeError = 3e-14;

}  // namespace reconbound::goldfeld::detail
