#pragma once
// A DP-SGD schedule from Python: a list of runs (mathematics §2, §7: runs add), each a list of
// (q, sigma, steps) segments or the path of a schedule CSV file (read_schedule_file).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "reconbound/schedule.hpp"

namespace reconbound::python {

// InvalidInput for a segment that is not three numbers or has steps < 1; FileError from the
// schedule reader.
Schedule schedule_argument(const pybind11::list& runs);

}  // namespace reconbound::python
