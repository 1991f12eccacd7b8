#pragma once
// The exact privacy profile of the Gaussian mechanism (mathematics §8.3): DP-SGD with q = 1 in
// every step composes to one Gaussian mechanism with μ = sqrt(Σ steps/σ²), whose hockey-stick
// divergence is δ(ε; μ) = Φ(−ε/μ + μ/2) − e^ε·Φ(−ε/μ − μ/2) in both directions (Balle & Wang
// 2018, Thm 8). Certified brackets in double precision, for every μ > 0 and δ ∈ (0, 1).
namespace reconbound::detail {

struct Bracket {
  double lower = 0.0;
  double estimate = 0.0;
  double upper = 0.0;
};

// ε(δ; μ): lower ≤ the exact ε ≤ upper, to about 1e-12 relative where the arithmetic allows.
Bracket gaussian_mechanism_epsilon(double mu, double delta);

// δ(ε; μ): lower ≤ the exact δ ≤ upper.
Bracket gaussian_mechanism_delta(double mu, double epsilon);

}  // namespace reconbound::detail
