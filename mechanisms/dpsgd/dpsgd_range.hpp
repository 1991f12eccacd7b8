#pragma once
// The (q, σ) range on which the dpsgd mechanism plugin computes K(q, σ) (mathematics §2, Theorem
// 4.1) to ≤ 1e-12 relative error against the MPFR reference. The plugin refuses anything
// outside it; the DP-SGD attack's σ solver (mathematics §9) searches inside it. One definition for both.
namespace reconbound::dpsgd {

inline constexpr double kMinQ = 1e-6;
inline constexpr double kMaxQ = 1.0;
inline constexpr double kMinSigma = 0.1;
inline constexpr double kMaxSigma = 100.0;

}  // namespace reconbound::dpsgd
