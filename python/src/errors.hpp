#pragma once
// reconbound's exceptions as Python exceptions, with the message the CLI prints after
// "reconbound: error: ", the jobs' parameters named as Python's keywords (delta=2 where the
// CLI says --delta 2; reconbound/error.hpp):
//   InvalidInput   → reconbound.InvalidInput   (a ValueError)
//   FileError      → reconbound.FileError      (an OSError and a ValueError)
//   PluginError    → reconbound.PluginError    (a ValueError)
//   NumericalError → reconbound.NumericalError (an ArithmeticError)
//   other Error    → RuntimeError
// A message naming parameters also keeps core's marks in the exception's `_marked_message`, for
// the package to name each parameter as its caller did (reconbound/_arguments.py, keyword aliases).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace reconbound::python {

void register_errors(pybind11::module_& module);

}  // namespace reconbound::python
