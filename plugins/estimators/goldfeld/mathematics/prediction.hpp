#pragma once
// The goldfeld estimator's prediction for grid selection (mathematics §6.6, §6.7): from the
// pilot's ĥ_MC on three nested prefixes of D⊥, the ĥ_MC at n_est (the plug-in's growth with n),
// the budget rule's n_MC and the margins at n_est and |G'|, and the cost of certifying the pair.
#include "reconbound/estimator.hpp"

namespace reconbound::goldfeld {

// The plug-in's growth with n (mathematics §6.6): from ĥ at n/4, n/2 and n, the increments
// Δ₁ = ĥ(n/2) − ĥ(n/4) and Δ₂ = ĥ(n) − ĥ(n/2) per doubling are taken to shrink
// geometrically with ratio r = Δ₂/Δ₁ ∈ [0, 1], so L = log2(n_target/n) more doublings add
// Δ₂·(r + r² + … ) = Δ₂·r·(1 − r^L)/(1 − r) (Δ₂·L at r = 1, a plug-in that still grows like
// log n). Negative increments (noise) count as 0. The result never exceeds `cap` (bits), the
// plug-in's ceiling h(W^(k)) + log2 n_target (mathematics §6.4). For n_target ≤ n it returns ĥ(n)
// plus the last increment scaled by L (≤ 0).
double extrapolate_plugin_entropy(double h_quarter, double h_half, double h_full, double doublings, double cap);

// The plug-in's ceiling at n records: h(W^(k)) + log2 n with h(W^(k)) = (k/2)·log2(2πe·s²)
// (bits per block, mathematics §6.4).
double plugin_cap_bits(std::size_t k, double s, std::size_t n);

// The cost of certifying `pair` at n records with N_k = m/k blocks: the n²·N_k kernel terms of
// one draw per record (the fast path's cost per term grows slowly with k; docs/grid_selection.md).
double certification_cost(const GridPair& pair, std::size_t n, std::size_t m);

// predict() of the estimator (reconbound/estimator.hpp) with `n_mc` draws per sample point, or
// the budget rule's (mathematics §6.7) when n_mc is 0: ĥ extrapolated to target.n from the
// pilot's three sizes, the margins of eq 34–35 at target.n and |G'| = target.union_size, and
// h̄_LB = ĥ − t_MC − t_MD (mathematics §6.4; t_num, a proven bound far below the margins, is not
// predicted: docs/fast_estimator.md).
EntropyPrediction predict_entropy(const PilotEstimate& pilot, const PredictionTarget& target, std::size_t n_mc);

}  // namespace reconbound::goldfeld
