#pragma once
// The calibrate jobs (mathematics §8): the smallest factor c on a mechanism's noise (every σ it adds
// becomes c·σ; with a schedule whose σ is 1 everywhere, c is the noise multiplier) that meets
// a privacy target — a target ε through the mechanism's accountant, or a target ρ* through the
// bound's converse inverted for the largest admissible γ (eq 14) from one entropy estimate.
// Never overshoots: the answer is within sigma_tolerance above the exact threshold.
#include <cstdint>
#include <optional>
#include <string>

#include "reconbound/bound.hpp"
#include "reconbound/certificate.hpp"
#include "reconbound/calibration.hpp"
#include "reconbound/export.hpp"
#include "reconbound/workflow/data.hpp"
#include "reconbound/workflow/epsilon.hpp"
#include "reconbound/workflow/mechanism_request.hpp"

namespace reconbound::workflow {

struct CalibrateEpsilonRequest {
  MechanismRequest mechanism;  // its schedule is the shape the factor scales
  double target_epsilon = 0.0;  // nats, in (0, 200]
  DeltaRequest delta;
  CalibrationOptions calibration;
};

struct CalibrateEpsilonOutput {
  std::string mechanism;
  double target_epsilon = 0.0;
  double delta = 0.0;
  EpsilonCalibration calibration;  // the factor (sigma), ε at it, whether it is the range's floor
  double gamma_bits = 0.0;         // γ the mechanism charges at the factor
  double sigma_tolerance = 0.0;
  std::uint64_t steps = 0;         // steps of the schedule (0 without one)
};

// InvalidInput for a mechanism without an accountant or without noise (needs().noise_scale),
// a schedule missing or not taken (needs()), no δ, a target outside (0, 200], a tolerance
// outside (0, 0.1), and a target that no supported noise reaches.
RECONBOUND_API CalibrateEpsilonOutput run_calibrate_epsilon(const Registry& registry,
                                                            const CalibrateEpsilonRequest& request);

struct CalibrateRhoRequest {
  MechanismRequest mechanism;  // its schedule is the shape the factor scales
  double target_rho = 0.0;     // in (0, 1]
  DeltaRequest delta;          // optional: ε at the answer, when given
  DataRequest data;
  std::string representation;            // as BoundRequest::representation
  BoundConfig bound;                     // as BoundRequest::bound; target_rho is set by the job
  RunHandles run;                        // as BoundRequest::run
  CalibrationOptions calibration;
};

struct CalibrateRhoOutput {
  std::string mechanism;
  std::string representation;
  std::string representation_unit;  // as BoundOutput::representation_unit
  std::string data_source;
  double target_rho = 0.0;
  LeakageBudget budget;      // the largest γ whose ρ* reaches the target, and its grid pair
  double sigma = 0.0;        // the smallest factor with γ(c) ≤ budget
  bool at_sigma_min = false; // every supported factor reaches the target: sigma is the smallest
  double gamma_bits = 0.0;   // γ at sigma
  double gamma_error_bits = 0.0;  // its numerical error bound (added before the converse)
  BoundResult result;        // ρ* at sigma (≥ the target), at γ + its error bound
  Certificate certificate;   // what ρ* at sigma certifies (mathematics §6.8)
  BoundReport report;        // the entropy estimate the calibration used (grid selection, pairs)
  double sigma_tolerance = 0.0;
  std::uint64_t steps = 0;   // steps of the schedule (0 without one)
  std::optional<EpsilonResult> epsilon;  // ε at sigma when a δ was given
};

// InvalidInput for a mechanism without noise, a schedule missing or not taken, a target
// outside (0, 1] or out of reach even without leakage (naming the
// best ρ* the data certifies), a target no supported noise reaches, and a δ given to a
// mechanism without an accountant.
RECONBOUND_API CalibrateRhoOutput run_calibrate_rho(const Registry& registry, const CalibrateRhoRequest& request);

// Checks the tolerance a front end gives: InvalidInput outside (0, 0.1).
RECONBOUND_API void check_sigma_tolerance(double sigma_tolerance);

}  // namespace reconbound::workflow
