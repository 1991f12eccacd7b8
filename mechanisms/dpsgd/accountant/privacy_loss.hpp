#pragma once
// One step of the Poisson-subsampled Gaussian mechanism as a discretised privacy loss
// (mathematics §8; Koskela et al. 2020, Gopi et al. 2021). Internal to the accountant.
#include <cstdint>
#include <vector>

namespace reconbound::detail {

// remove: P = (1−q)N(0,σ²) + qN(1,σ²) vs Q = N(0,σ²); add: P = N(0,σ²) vs Q = that mixture.
enum class Direction { remove, add };

// The privacy loss Y = ln(dP/dQ)(X), X ∼ P, in nats, rounded to the nearest multiple of
// the grid step Δ and conditioned on X within the truncation interval.
struct DiscreteLoss {
  std::int64_t first_cell = 0;  // pmf[j] is the probability of the loss (first_cell + j)·Δ
  std::vector<double> pmf;      // sums to 1
  double tail_mass = 0.0;       // P(X outside the truncation interval), per step
  double bias = 0.0;            // E[Y | X inside] − E[rounded Y], nats
  double bias_error = 0.0;      // bound on the numerical error of `bias`, nats
};

// z_trunc: X is truncated to z_trunc standard deviations beyond the means 0 (and 1).
DiscreteLoss discretise_loss(double q, double sigma, Direction direction, double grid_step,
                             double z_trunc);

// The loss values at the two ends of the truncation interval: [smallest, largest], nats.
struct LossRange {
  double lowest = 0.0;
  double highest = 0.0;
};
LossRange loss_range(double q, double sigma, Direction direction, double z_trunc);

// ln(1 − q + q·e^u), stable for all u (the log likelihood ratio of the remove direction).
double log_mixture_ratio(double q, double u);

}  // namespace reconbound::detail
