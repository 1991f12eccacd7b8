#pragma once
// MPFR reference for the privacy profile of the Gaussian mechanism, independent of the PLD
// accountant. T steps of DP-SGD at q = 1 (every record in every batch, sensitivity C = 1, noise
// σ·C) compose to one Gaussian mechanism with μ = sqrt(Σ_segments steps/σ²), whose hockey-stick
// divergence is, for both neighbouring directions (Balle & Wang 2018, Thm 8),
//   δ(ε; μ) = Φ(−ε/μ + μ/2) − e^ε·Φ(−ε/μ − μ/2),   ε ≥ 0 in nats.
// Gaussian tails by erfc (no cancellation inside Φ), at 40 and at 60 decimal digits.
#include "reconbound/verify/reference_value.hpp"

namespace reconbound::verify {

// δ(ε; μ) above, for μ > 0 and ε ≥ 0 (finite). Throws InvalidInput otherwise.
ReferenceValue reference_gaussian_delta(double mu, double epsilon);

// ε(δ; μ): the ε ≥ 0 with δ(ε; μ) = δ, by bisection (δ(·; μ) decreases from 2Φ(μ/2) − 1 at
// ε = 0 to 0), 0 when δ ≥ 2Φ(μ/2) − 1. The error adds the final bisection width to the
// disagreement of the two precisions. Needs μ > 0 finite and δ ∈ (0, 1).
ReferenceValue reference_gaussian_epsilon(double mu, double delta);

}  // namespace reconbound::verify
