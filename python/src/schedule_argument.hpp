#pragma once
// A DP-SGD schedule from Python: a list of runs (mathematics §2, §7: runs add), each a list of
// (q, sigma, steps) segments or the path of a schedule CSV file (read_schedule_file). Every
// segment is checked by the SDK's one segment rule (reconbound/schedule.hpp), so Python's
// messages are the CLI's.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "reconbound/schedule.hpp"

namespace reconbound::python {

// InvalidInput for a segment that is not three numbers or breaks the segment rule ("run 1
// segment 2: q = 2 is outside (0, 1]"); FileError from the schedule reader.
Schedule schedule_argument(const pybind11::list& runs);

// _reconbound.check_segment(q, sigma, steps): the SDK's check of a constant run given as the
// job's parameters q, sigma and steps (InvalidInput "q=2 is outside (0, 1]", in the caller's
// keywords once the package re-spells it).
void bind_segment_check(pybind11::module_& module);

}  // namespace reconbound::python
