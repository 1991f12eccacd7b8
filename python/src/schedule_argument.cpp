#include "schedule_argument.hpp"

#include <fmt/format.h>

#include <cstdint>

#include "reconbound/error.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

// A whole count of steps as the segment holds it; a Python int is taken exactly.
std::uint64_t steps_count(const py::handle& steps, double value) {
  return py::isinstance<py::int_>(steps) ? steps.cast<std::uint64_t>() : static_cast<std::uint64_t>(value);
}

Segment segment_argument(const py::handle& item, std::size_t run, std::size_t index) {
  const auto values = py::reinterpret_borrow<py::sequence>(item);
  if (!py::isinstance<py::sequence>(item) || values.size() != 3) {
    throw InvalidInput(fmt::format("run {}: a segment is (q, sigma, steps)", run));
  }
  const double q = values[0].cast<double>();
  const double sigma = values[1].cast<double>();
  const double steps = values[2].cast<double>();
  if (const auto problem = segment_problem(q, sigma, steps, SegmentNaming::fields); !problem.empty()) {
    throw InvalidInput(fmt::format("run {} segment {}: {}", run, index, problem));
  }
  return {q, sigma, steps_count(values[2], steps)};
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
    for (const py::handle item : run) {
      segments.segments.push_back(segment_argument(item, schedule.runs.size() + 1, segments.segments.size() + 1));
    }
    schedule.runs.push_back(std::move(segments));
  }
  return schedule;
}

void bind_segment_check(py::module_& module) {
  module.def(
      "check_segment", [](double q, double sigma, double steps) { check_segment(q, sigma, steps); }, py::arg("q"),
      py::arg("sigma"), py::arg("steps"),
      "The SDK's segment rule for a constant run: q in (0, 1], sigma > 0 finite, steps a whole number >= 1.");
}

}  // namespace reconbound::python
