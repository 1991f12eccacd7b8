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

struct RhoCalibration {
  LeakageBudget budget;      // the largest γ whose ρ* reaches the target
  double sigma = 0.0;        // the smallest factor on the shape's σ with γ(σ) ≤ budget
  double gamma_bits = 0.0;   // γ at sigma
  BoundResult result;        // ρ* at sigma (≥ the target)
};

// Inverts eq 14 for the largest admissible γ (the converse's inverse), then solves
// γ(shape·σ) ≤ that γ for σ (SPEC §8). Throws InvalidInput when the target is out of reach
// even without leakage, naming the best ρ* the data can certify.
RhoCalibration calibrate_noise_for_rho(const Registry& registry, const BoundReport& report,
                                       const BoundConfig& config, const std::string& mechanism,
                                       const Schedule& shape, double target_rho,
                                       const CalibrationOptions& options);

}  // namespace reconbound::cli
