#pragma once
// The functions of the extension module reconbound._reconbound, one group per file. Each is a
// thin layer over the core's workflow (reconbound/workflow/): it builds the request from the
// arguments the pure-Python package reconbound/ passes, runs the job with the GIL released,
// and returns the JSON text of workflow::to_json — the dictionary the CLI's --json prints.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace reconbound::python {

void bind_records(pybind11::module_& module);
void bind_representations(pybind11::module_& module);
void bind_plugins(pybind11::module_& module);
void bind_privacy(pybind11::module_& module);
void bind_bound(pybind11::module_& module);
void bind_by_label(pybind11::module_& module);
void bind_chain(pybind11::module_& module);
void bind_report(pybind11::module_& module);
void bind_conformance(pybind11::module_& module);
void bind_settings(pybind11::module_& module);

}  // namespace reconbound::python
