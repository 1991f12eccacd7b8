#pragma once
// Floating-point rounding bounds shared by the fast path's proofs (Higham, §3.1).

namespace reconbound::goldfeld::detail {

inline constexpr double kUnitRoundoff = 0x1.0p-53;  // u

// γ_m = m·u/(1 − m·u): the relative error of m successive roundings.
inline double gamma(double m) { return m * kUnitRoundoff / (1.0 - m * kUnitRoundoff); }

}  // namespace reconbound::goldfeld::detail
