#pragma once
// Noise calibration for the CLI (SPEC §8): the smallest noise factor whose ρ* reaches a
// target, from entropies estimated once.
#include <string>

#include "reconbound/bound.hpp"
#include "reconbound/calibration.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::cli {

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
// γ(c) ≤ that γ for the factor c on the mechanism's noise (SPEC §8) within the noise the
// mechanism supports. Throws InvalidInput when the target is out of reach even without
// leakage, naming the best ρ* the data can certify, or when even the largest supported σ
// leaks too much.
RhoCalibration calibrate_noise_for_rho(const Registry& registry, const BoundReport& report,
                                       const BoundConfig& config, const std::string& mechanism,
                                       const MechanismInput& input, double target_rho,
                                       const CalibrationOptions& options);

}  // namespace reconbound::cli
