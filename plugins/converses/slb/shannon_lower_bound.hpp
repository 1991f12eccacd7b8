#pragma once
// The Shannon lower bound of one grid pair (mathematics §5, Theorem 3.6, Corollary 3.7, eq 13–14),
// evaluated in the log domain so that no entropy or leakage overflows it.
#include <cstddef>

namespace reconbound::slb {

struct ShannonLowerBound {
  double abs_bound = 0.0;  // eq 13: lower bound on E‖Ψ(x) − ẑ‖², in [0, tr Σ]
  double rho = 0.0;        // eq 14: lower bound on ρ_Ψ, in [0, 1]
};

// For block size k, dither s, block-averaged entropy h (bits), leakage γ (bits) and
// normaliser T = tr Σ (or its upper confidence bound):
//   abs_bound = min( [ k/(2πe)·2^{2(h − γ)/k} − k·s² ]_+ , T )                 (eq 13)
//   rho       = min( sqrt( [ k/(2πe·T)·2^{2(h − γ)/k} − k·s²/T ]_+ ), 1 )     (eq 14)
// k·s²/T is ν² when T is the tr Σ̂ that set s = ν·sqrt(tr Σ̂/k); written with s it stays
// right when T is a UCB of tr Σ (mathematics §6.5): then ρ² = abs_bound / T exactly.
ShannonLowerBound shannon_lower_bound(std::size_t k, double s, double h_bits, double gamma_bits,
                                      double trace_sigma);

}  // namespace reconbound::slb

namespace reconbound::slb {

// The inverse of eq 14 in γ for one grid pair: the largest γ (bits) with
// shannon_lower_bound(k, s, h, γ, T).rho ≥ target_rho ∈ (0, 1]. From eq 14,
//   ρ ≥ R  ⟺  log2(k/(2πe·T)) + 2(h − γ)/k ≥ log2(R² + k·s²/T)
//         ⟺  γ ≤ h + (k/2)·[log2(k/(2πe·T)) − log2(R² + k·s²/T)],
// then lowered by the few rounding steps that the forward evaluation needs to agree.
// May be negative (the target is out of reach even without leakage).
double largest_gamma_for_rho(std::size_t k, double s, double h_bits, double trace_sigma,
                             double target_rho);

}  // namespace reconbound::slb
