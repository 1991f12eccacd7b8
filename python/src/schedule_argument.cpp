#include "schedule_argument.hpp"

#include <fmt/format.h>

#include <cstdint>

#include "reconbound/error.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

Segment segment_argument(const py::handle& item, std::size_t run) {
  const auto values = py::reinterpret_borrow<py::sequence>(item);
  if (!py::isinstance<py::sequence>(item) || values.size() != 3) {
    throw InvalidInput(fmt::format("run {}: a segment is (q, sigma, steps)", run));
  }
  const auto steps = values[2].cast<std::int64_t>();
  if (steps < 0) throw InvalidInput(fmt::format("run {}: a segment has {} steps; need >= 1", run, steps));
  return {values[0].cast<double>(), values[1].cast<double>(), static_cast<std::uint64_t>(steps)};
}

}  // namespace

Schedule schedule_argument(const py::list& runs) {
  Schedule schedule;
  for (const py::handle run : runs) {
    if (py::isinstance<py::str>(run)) {
      schedule.runs.push_back(read_schedule_file(run.cast<std::string>()));
      continue;
    }
    TrainingRun segments;
    for (const py::handle item : run) segments.segments.push_back(segment_argument(item, schedule.runs.size() + 1));
    schedule.runs.push_back(std::move(segments));
  }
  return schedule;
}

}  // namespace reconbound::python
