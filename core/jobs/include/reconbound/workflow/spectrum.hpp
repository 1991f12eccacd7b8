#pragma once
// The spectrum job (mathematics §8): ε → c → γ → ρ* for a list of target ε — the factor on the
// mechanism's noise calibrated for each ε (calibrate job), its leakage, and one ρ* curve per
// representation from one entropy estimate each (the paper's Figures 2 and 5).
#include <cstdint>
#include <string>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/certificate.hpp"
#include "reconbound/calibration.hpp"
#include "reconbound/export.hpp"
#include "reconbound/workflow/data.hpp"
#include "reconbound/workflow/epsilon.hpp"
#include "reconbound/workflow/mechanism_request.hpp"

namespace reconbound::workflow {

struct SpectrumRequest {
  std::vector<double> target_epsilons{1, 2, 4, 8, 16, 32, 64};  // nats, each in (0, 200]
  MechanismRequest mechanism;  // its schedule is the shape the factor scales
  DeltaRequest delta;
  DataRequest data;
  std::vector<std::string> representations;  // specs as BoundRequest::representation; at least one
  BoundConfig bound;  // as BoundRequest::bound; its threads also calibrate that many ε at a time
  RunHandles run;     // as BoundRequest::run
  CalibrationOptions calibration;
  // false: each representation's curve holds at level 1 − α on its own; true: one statement for
  // all of them, each certified at α/R (a union bound over the R representations, mathematics §6.8).
  bool joint = false;
};

// One target ε: the calibrated factor (the smallest whose ε_upper ≤ target) and its leakage.
struct SpectrumPoint {
  double target_epsilon = 0.0;
  EpsilonCalibration calibration;
  double gamma_bits = 0.0;
  double gamma_error_bits = 0.0;  // the mechanism's numerical error bound on it (added before the converse)
};

// One representation: the bound report, results[i] at points[i].gamma_bits.
struct SpectrumCurve {
  std::string representation;  // the spec as requested
  BoundReport report;
  Certificate certificate;     // this curve's certificate (α/R each when joint)
  std::string representation_unit;  // as BoundOutput::representation_unit
};

struct SpectrumOutput {
  std::string mechanism;
  std::string data_source;
  double delta = 0.0;
  std::uint64_t steps = 0;            // steps of the schedule (0 without one)
  std::vector<SpectrumPoint> points;  // ascending target ε
  std::vector<SpectrumCurve> curves;  // one per representation, in request order
  bool joint = false;                 // the curves' certificates hold jointly (at 1 − α together)
  double alpha = 0.0;                 // the α the request gave: per curve, or joint
  std::string figure;                 // the figure a front end wrote ("" when none)
};

// The target ε sorted ascending without repeats. InvalidInput for an empty list or one
// outside (0, 200].
RECONBOUND_API std::vector<double> target_epsilons(std::vector<double> epsilons);

// InvalidInput as run_calibrate_epsilon for the mechanism, δ and tolerance, for
// `bound.selection_only`, and the errors of the data, the plugins and the pipeline.
RECONBOUND_API SpectrumOutput run_spectrum(const Registry& registry, const SpectrumRequest& request);

}  // namespace reconbound::workflow
