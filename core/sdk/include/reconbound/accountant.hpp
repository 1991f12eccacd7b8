#pragma once
// The result types of (ε, δ) accounting (mathematics §8), shared by every mechanism that provides a
// PrivacyAccountant (reconbound/mechanism.hpp), and δ from the training-set size. ε and δ are
// in nats (e^ε). A mechanism plugin's PLD accountant is one implementation.
//
// Error bars are bounds, not estimates: ε_lower ≤ ε(δ) ≤ ε_upper.
#include <cstddef>
#include <string>

#include "reconbound/export.hpp"
#include "reconbound/progress.hpp"

namespace reconbound {

struct AccountantOptions {
  // Target width ε_upper − ε_lower: max(epsilon_error, relative_epsilon_error·ε), nats.
  double epsilon_error = 0.01;
  double relative_epsilon_error = 1e-3;
  double target_width(double epsilon) const {
    return epsilon_error > relative_epsilon_error * epsilon ? epsilon_error : relative_epsilon_error * epsilon;
  }
  // Told of the accountant's steps (reconbound/progress.hpp); its report() may throw Cancelled on
  // the calling thread, which stops the accountant within one step. nullptr: none.
  Progress* progress = nullptr;
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

// The smallest δ an accountant is asked for; δ ∈ [kMinDelta, 1).
inline constexpr double kMinDelta = 1e-15;

// δ = n_train^(−exponent) (mathematics §8: exponent 1.1). Throws InvalidInput when n_train < 1,
// the exponent ≤ 0, or the result is outside [1e-15, 1).
RECONBOUND_API double delta_from_exponent(double n_train, double exponent);

}  // namespace reconbound
