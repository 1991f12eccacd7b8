#pragma once
// (ε, δ) accountant for Poisson-subsampled Gaussian DP-SGD (mathematics §8): the privacy-loss
// distribution (PLD/PRV) method of Koskela et al. (2020) and Gopi et al. (2021). The dpsgd
// plugin provides it as its PrivacyAccountant (reconbound/mechanism.hpp); the accountant tests
// and benchmark link it directly.
//
// Neighbouring relation: add/remove one record. For each direction (remove: P = (1−q)N(0,σ²)
// + qN(1,σ²) against Q = N(0,σ²); add: the reverse) the privacy loss of every step is
// discretised on a uniform grid, all steps of all segments and runs are composed by FFT,
// and ε is the larger of the two directions. ε and δ are in nats (e^ε).
//
// Error bars are bounds, not estimates: ε_lower ≤ ε(δ) ≤ ε_upper, given double-precision
// arithmetic. They account for the grid (Hoeffding's inequality on the rounding errors,
// Gopi et al. Thm 5.5), the truncated Gaussian tails, FFT wrap-around (Chernoff bound on the
// composed discretised loss) and FFT round-off (a bound of u·(steps + 10·log2 N) on each
// composed probability, u = 2^−53, after exponential tilting so that the probabilities near
// ε are resolved to δ down to 1e-15).
//
// Domain (mathematics §8.4): q ∈ (0, 1], σ ∈ [0.1, 1000], ≤ 1e9 steps, δ ∈ [1e-15, 1), ε of any
// size. Every step at q = 1 is the composed Gaussian mechanism, answered in closed form (§8.3).
// Where the FFT's round-off hides the tail (few steps, small δ), the steps are composed directly
// when that takes ≤ 4e8 multiply-adds, and ε bisected on δ̂ itself; an add direction left
// unresolved is bounded by Σ steps·ln(1/(1 − q)), enough when the remove direction is above it.
// Beyond those (more than 2^24 cells, or a direct composition over its budget) the accountant
// refuses with NumericalError naming the limit.
#include "reconbound/accountant.hpp"
#include "reconbound/schedule.hpp"

namespace reconbound {

// ε(δ) of the composition of every step of `schedule`. Throws InvalidInput for an invalid
// schedule or δ ∉ [1e-15, 1), NumericalError when the grid would exceed memory or neither the
// FFT nor direct composition resolves δ (the message names the limit).
EpsilonResult compute_epsilon(const Schedule& schedule, double delta,
                              const AccountantOptions& options = {});

// δ(ε) = max over directions of sup_S P(S) − e^ε Q(S) of the composition. ε ∈ [0, 200].
DeltaResult compute_delta(const Schedule& schedule, double epsilon,
                          const AccountantOptions& options = {});

// Checks a schedule for the accountant: q ∈ (0, 1], σ ∈ [0.1, 1000], steps ≥ 1, total steps
// ≤ 1e9. Throws InvalidInput naming the run and segment.
void check_accountant_schedule(const Schedule& schedule);

}  // namespace reconbound
