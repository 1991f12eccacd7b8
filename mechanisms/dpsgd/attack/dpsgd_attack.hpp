#pragma once
// The prior-aware DP-SGD reconstruction attack (mathematics §9; paper §G.5, eq 36–38; Hayes et al.
// 2023 in its likelihood form) against a linear model whose per-example gradient is the
// centred input u = Ψ(x) − Ψ̄, Ψ̄ the mean of Ψ over D_shadow.
//
// Release of step t (eq 36, what the informed adversary keeps after subtracting the other
// records' clipped gradients):  Y_t = 1_t·a(u)·u + σ·C·ξ_t,  1_t ~ Bernoulli(q), ξ_t ~ N(0, I_m),
// a(u) = min(1, C/‖u‖). The candidates are the shadow records z_j = Ψ(shadow_j) − Ψ̄ with
// c_j = a(z_j)·z_j; their likelihood (eq 37) integrates participation out step by step,
//   log p(Y_{1:T} | z_j) = Σ_t log[(1 − q) + q·exp(L_tj)] + const,
//   L_tj = (2⟨Y_t, c_j⟩ − ‖c_j‖²)/(2σ²C²),
// the posterior weights are w_j ∝ p(Y_{1:T} | z_j) and the reconstruction is the posterior
// mean ẑ = Ψ̄ + Σ_j w_j·z_j (eq 38).
//
// Every target draws its releases from its own generator (std::mt19937_64 seeded from the
// seed and the target's index), so a target's draw depends neither on the other targets
// nor on the thread count, and neither do the results.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "reconbound/matrix.hpp"
#include "reconbound/mechanism.hpp"

namespace reconbound::dpsgd {

struct DpsgdAttackConfig {
  double q = 1.0;             // Poisson sampling rate, (0, 1]
  std::uint64_t steps = 1;    // T ≥ 1
  double sigma = 1.0;         // noise multiplier (> 0)
  double clip = 0.3;          // C
  std::uint64_t seed = 0;
  std::size_t threads = 1;    // 0: all hardware threads
  bool keep_weights = false;  // fill DpsgdAttackResult::weights
};

struct DpsgdAttackResult {
  std::vector<double> squared_errors;  // ‖Ψ(x) − ẑ‖² per target
  RowMatrix reconstructions;           // ẑ per target (targets × m)
  RowMatrix weights;                   // targets × n_shadow posterior weights, when keep_weights
  std::vector<double> max_weight;      // largest w_j per target (how peaked the posterior is)
};

// shadow: n_shadow × m features Ψ(D_shadow) (the candidates, also the mean Ψ̄); targets:
// held-out Ψ(x), one per row. Throws InvalidInput for empty or mismatched matrices,
// non-finite values and parameters outside their ranges.
DpsgdAttackResult dpsgd_attack(MatrixView shadow, MatrixView targets, const DpsgdAttackConfig& config);

// The releases Y_1, …, Y_T (T × m, eq 36) that dpsgd_attack draws for the target with index
// `target_index` whose centred gradient is u (1 × m), under config's q, σ, C, T and seed.
RowMatrix simulate_releases(MatrixView centred_target, const DpsgdAttackConfig& config,
                            std::size_t target_index);

// The posterior weights w_j ∝ p(Y_{1:T} | z_j) (eq 37–38) of given releases (T × m, one row
// per step) over centred candidates z_j (n × m), with the same arithmetic as dpsgd_attack.
Vector posterior_weights(MatrixView releases, MatrixView candidates, double q, double sigma,
                         double clip);

// The same posterior in another space (eq 38 applied to other rows): weights (targets × n)
// times other_rows (n × p), e.g. the shadow records' pixel images for figures. With the
// shadow features as other_rows this is the attack's reconstruction, since Σ_j w_j = 1 gives
// Ψ̄ + Σ_j w_j·z_j = Σ_j w_j·Ψ(shadow_j).
RowMatrix reconstruct_with(MatrixView weights, MatrixView other_rows);

// The σ at which the dpsgd mechanism `dpsgd` charges exactly gamma_bits over T steps at rate q
// (its leakage of the schedule (q, σ, T); mathematics §2: γ(σ) = T·K(q, σ)/ln 2, decreasing in
// σ), to relative 1e-10 in σ. Throws InvalidInput when γ is not reachable with σ in the
// plugin's range [0.1, 100] (dpsgd_range.hpp).
double sigma_for_gamma(const Mechanism& dpsgd, double q, std::uint64_t steps, double gamma_bits);

}  // namespace reconbound::dpsgd
