#pragma once
// The parts of a workflow request (reconbound/workflow/) that the pure-Python package passes as
// dictionaries: the mechanism, δ, and the calibration settings.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "reconbound/calibration.hpp"
#include "reconbound/workflow/epsilon.hpp"
#include "reconbound/workflow/mechanism_request.hpp"

namespace reconbound::python {

// {"name": str, "params": dict | "k=v,..." | None, "runs": list of runs | None}
// (schedule_argument.hpp; None: no schedule).
workflow::MechanismRequest mechanism_argument(const pybind11::dict& mechanism);

// {"delta", "delta_exponent", "n_train"}: each a number or None (workflow::DeltaRequest).
workflow::DeltaRequest delta_argument(const pybind11::dict& options);

// {"sigma_tolerance", "epsilon_error"}: numbers, or None for the core's defaults; `progress` is
// told of every accountant run of a calibration (and may stop it).
CalibrationOptions calibration_argument(const pybind11::dict& options, Progress* progress = nullptr);

}  // namespace reconbound::python
