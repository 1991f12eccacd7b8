#pragma once
// (ε, δ) accountant for Poisson-subsampled Gaussian DP-SGD (SPEC §8): the privacy-loss
// distribution (PLD/PRV) method of Koskela et al. (2020) and Gopi et al. (2021).
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
#include <cstddef>
#include <string>

#include "reconbound/export.hpp"
#include "reconbound/schedule.hpp"

namespace reconbound {

struct AccountantOptions {
  // Target width ε_upper − ε_lower: max(epsilon_error, relative_epsilon_error·ε), nats.
  double epsilon_error = 0.01;
  double relative_epsilon_error = 1e-3;
};

struct EpsilonResult {
  double epsilon = 0.0;        // estimate (bias-corrected), nats, ≥ 0
  double epsilon_lower = 0.0;  // guaranteed lower bound, nats, ≥ 0
  double epsilon_upper = 0.0;  // guaranteed upper bound, nats
  double delta = 0.0;
  std::string relation = "add/remove";
  std::string binding_direction;  // "add" or "remove": the direction with the larger ε_upper
  double grid_step = 0.0;         // Δ, nats, of the privacy-loss grid
  std::size_t fft_size = 0;       // largest FFT length used
};

struct DeltaResult {
  double delta = 0.0;        // estimate
  double delta_lower = 0.0;  // guaranteed lower bound
  double delta_upper = 0.0;  // guaranteed upper bound
  double epsilon = 0.0;
  std::string relation = "add/remove";
};

// ε(δ) of the composition of every step of `schedule`. Throws InvalidInput for an invalid
// schedule or δ ∉ [1e-15, 1), NumericalError when the grid would exceed memory.
RECONBOUND_API EpsilonResult compute_epsilon(const Schedule& schedule, double delta,
                                             const AccountantOptions& options = {});

// δ(ε) = max over directions of sup_S P(S) − e^ε Q(S) of the composition. ε ∈ [0, 200].
RECONBOUND_API DeltaResult compute_delta(const Schedule& schedule, double epsilon,
                                         const AccountantOptions& options = {});

// δ = n_train^(−exponent) (SPEC §8: exponent 1.1). Throws InvalidInput when n_train < 1,
// the exponent ≤ 0, or the result is outside [1e-15, 1).
RECONBOUND_API double delta_from_exponent(double n_train, double exponent);

// Checks a schedule for the accountant: q ∈ (0, 1], σ ∈ [0.1, 1000], steps ≥ 1, total steps
// ≤ 1e9. Throws InvalidInput naming the run and segment.
RECONBOUND_API void check_accountant_schedule(const Schedule& schedule);

}  // namespace reconbound
