#pragma once
// Noise calibration for the CLI (SPEC §8): the leakage of a scaled schedule shape, and the
// smallest noise factor whose ρ* reaches a target, from entropies estimated once.
#include <optional>

#include "reconbound/bound.hpp"
#include "reconbound/calibration.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::cli {

// γ (bits) that `mechanism` charges for `schedule` (Theorem 4.1 for dpsgd).
double leakage_bits(const Registry& registry, const std::string& mechanism, const Schedule& schedule);

// `options` (σ of a schedule) narrowed to the noise at which `mechanism` charges the shape:
// every factor c of noise_scale_options(shape, result) has leakage_bits(shape · c) defined, so
// no calibration steps outside the mechanism's supported σ (dpsgd: [0.3, 100]).
CalibrationOptions mechanism_sigma_options(const Registry& registry, const std::string& mechanism,
                                           const Schedule& shape, const CalibrationOptions& options);

// Says on stderr that a calibration answered the floor of its range: every supported σ meets
// the target, so sigma is the smallest supported one, not a threshold.
void note_smallest_sigma(const std::string& target, double sigma);

struct RhoCalibration {
  LeakageBudget budget;      // the largest γ whose ρ* reaches the target
  double sigma = 0.0;        // the smallest factor on the shape's σ with γ(σ) ≤ budget
  double gamma_bits = 0.0;   // γ at sigma
  BoundResult result;        // ρ* at sigma (≥ the target)
  bool at_sigma_min = false; // every supported σ reaches the target: sigma is the smallest
};

// Inverts eq 14 for the largest admissible γ (the converse's inverse), then solves
// γ(shape·σ) ≤ that γ for σ (SPEC §8) within the σ the mechanism supports. Throws
// InvalidInput when the target is out of reach even without leakage, naming the best ρ* the
// data can certify, or when even the largest supported σ leaks too much.
RhoCalibration calibrate_noise_for_rho(const Registry& registry, const BoundReport& report,
                                       const BoundConfig& config, const std::string& mechanism,
                                       const Schedule& shape, double target_rho,
                                       const CalibrationOptions& options);

}  // namespace reconbound::cli
