#pragma once
// The one place where the agreement required between a plugin and its reference is
// stated (ARCHITECTURE.md, "The oracle"). Relative unless named otherwise.
namespace reconbound::verify::tolerance {

// dpsgd: K(q, σ) and γ against the MPFR reference, σ ∈ [0.3, 100], q ∈ [1e-6, 1] (SPEC §2).
inline constexpr double kDpsgdLeakage = 1e-12;

}  // namespace reconbound::verify::tolerance
