#pragma once
// The one place where the agreement required between a plugin and its reference is
// stated (ARCHITECTURE.md, "The oracle"). Relative unless named otherwise.
namespace reconbound::verify::tolerance {

// dpsgd: K(q, σ) and γ against the MPFR reference, σ ∈ [0.3, 100], q ∈ [1e-6, 1] (SPEC §2).
inline constexpr double kDpsgdLeakage = 1e-12;

}  // namespace reconbound::verify::tolerance

namespace reconbound::verify::tolerance {

// slb: eq 13 and 14 against the MPFR reference, relative to the larger of the two terms whose
// difference forms the bracket (the bracket itself may cancel); ρ is compared as ρ² (SPEC §5).
inline constexpr double kConverse = 1e-12;

// goldfeld: t_MD, t_MC and the per-block variance bound σ_b² against the MPFR reference
// (SPEC §6.1–6.3).
inline constexpr double kEntropyMargins = 1e-12;

// goldfeld: |mean of ĥ_MC over seeds − plug-in entropy by quadrature|, in empirical standard
// errors of that mean (SPEC §6, eq 31: E[ĥ_MC | sample] = (1/N_k)·Σ_b h(f̂_b)).
inline constexpr double kMonteCarloMeanStandardErrors = 6.0;

}  // namespace reconbound::verify::tolerance
