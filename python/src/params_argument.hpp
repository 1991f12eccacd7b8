#pragma once
// Plugin parameters from Python: a dict {key: bool | int | float | str}, or the CLI's text form
// "key=value,key=value" (Params::parse).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "reconbound/params.hpp"

namespace reconbound::python {

// None → no parameters. InvalidInput for a value of another type.
Params params_argument(const pybind11::object& params);

}  // namespace reconbound::python
