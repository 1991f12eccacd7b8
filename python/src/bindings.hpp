#pragma once
// The functions of the extension module reconbound._reconbound, one group per file. The
// pure-Python package reconbound/ wraps them (keyword arguments, result classes, docstrings).
#include <pybind11/pybind11.h>

namespace reconbound::python {

void bind_records(pybind11::module_& module);
void bind_representations(pybind11::module_& module);
void bind_leakage(pybind11::module_& module);

}  // namespace reconbound::python
