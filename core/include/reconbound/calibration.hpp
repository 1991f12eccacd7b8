#pragma once
// Noise calibration (SPEC §8): the smallest noise multiplier σ of a constant DP-SGD schedule
// (q, steps) that meets a privacy target, by bracketing and bisection on ln σ.
#include <cstdint>
#include <functional>

#include "reconbound/accountant.hpp"
#include "reconbound/export.hpp"

namespace reconbound {

struct CalibrationOptions {
  // The returned σ is within this relative distance above the exact threshold σ*:
  // σ* ≤ σ ≤ σ*·(1 + sigma_tolerance) (up to the monotonicity of the criterion).
  double sigma_tolerance = 1e-4;
  double sigma_min = 0.1;   // the accountant's range
  double sigma_max = 1000.0;
  AccountantOptions accountant;
};

struct EpsilonCalibration {
  double sigma = 0.0;      // σ (or the factor on a schedule's σ) with epsilon.epsilon_upper ≤
                           // target: never overshoots
  EpsilonResult epsilon;   // ε bounds at sigma
  int evaluations = 0;     // accountant runs
  bool at_sigma_min = false;  // every σ of the range meets the target: sigma is the range's floor
};

// σ for a target ε at δ: the upper error bar of ε at the returned σ is ≤ target_epsilon.
// Throws InvalidInput when even sigma_max does not reach the target.
RECONBOUND_API EpsilonCalibration calibrate_sigma_for_epsilon(
    double q, std::uint64_t steps, double target_epsilon, double delta,
    const CalibrationOptions& options = {});

// The same for a schedule's shape: the smallest factor c (to sigma_tolerance) such that the
// schedule with every σ multiplied by c meets the target; c·σ stays in [sigma_min, sigma_max]
// for every segment. With σ = 1 in every segment, c is the common noise multiplier.
RECONBOUND_API EpsilonCalibration calibrate_noise_scale_for_epsilon(
    const Schedule& shape, double target_epsilon, double delta,
    const CalibrationOptions& options = {});

// The search range of the factor c for a shape: every c·σ_i within [sigma_min, sigma_max].
// Throws InvalidInput for an empty shape or one whose σ ratio leaves no room.
RECONBOUND_API CalibrationOptions noise_scale_options(const Schedule& shape,
                                                      const CalibrationOptions& options);

// The smallest σ (to sigma_tolerance) with gamma_bits_of_sigma(σ) ≤ max_gamma_bits, for a
// criterion decreasing in σ, e.g. σ ↦ steps·K(q, σ)/ln 2 from the dpsgd plugin (Theorem 4.1):
// the largest admissible γ of a target ρ* (eq 14) turns into a noise multiplier.
RECONBOUND_API double calibrate_sigma_for_gamma(
    const std::function<double(double)>& gamma_bits_of_sigma, double max_gamma_bits,
    const CalibrationOptions& options = {});

// The generic search: the smallest σ in [sigma_min, sigma_max], to sigma_tolerance, with
// ok(σ) true, for ok monotone (false below a threshold, true above). Returns an σ at which
// ok was evaluated true; exactly sigma_min when ok(sigma_min) holds. Throws InvalidInput when
// ok(sigma_max) is false.
RECONBOUND_API double smallest_sigma_where(const std::function<bool(double)>& ok,
                                           const CalibrationOptions& options, const char* what);

// `options` narrowed to the σ of [sigma_min, sigma_max] at which `evaluate(σ)` returns instead
// of throwing InvalidInput. A mechanism refuses a σ outside the range it computes accurately
// (the dpsgd plugin: [0.3, 100]) rather than return a wrong number, and its interface does not
// declare that range, so a search must not step outside it. The accepted σ must form an
// interval that holds σ = 1 clamped into the range (else that σ's InvalidInput propagates); a
// refused end is located by bisection on ln σ to kSupportTolerance relative, keeping the
// accepted side, so every σ of the result is accepted.
RECONBOUND_API CalibrationOptions accepted_sigma_range(const std::function<void(double)>& evaluate,
                                                       const CalibrationOptions& options);
inline constexpr double kSupportTolerance = 1e-12;

}  // namespace reconbound
