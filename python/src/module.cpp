// reconbound._reconbound: the compiled half of the Python module (docs/python.md).
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "errors.hpp"
#include "schedule_argument.hpp"

PYBIND11_MODULE(_reconbound, module) {
  module.doc() = "reconbound's C++ core; use the package `reconbound`, which wraps this module.";
  reconbound::python::register_errors(module);
  reconbound::python::bind_records(module);
  reconbound::python::bind_representations(module);
  reconbound::python::bind_plugins(module);
  reconbound::python::bind_privacy(module);
  reconbound::python::bind_bound(module);
  reconbound::python::bind_by_label(module);
  reconbound::python::bind_chain(module);
  reconbound::python::bind_report(module);
  reconbound::python::bind_conformance(module);
  reconbound::python::bind_settings(module);
  reconbound::python::bind_segment_check(module);
}
