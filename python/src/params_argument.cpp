#include "params_argument.hpp"

#include <fmt/format.h>

#include <cstdint>

#include "reconbound/error.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

Params::Value param_value(const std::string& key, const py::handle& value) {
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>();
  if (py::isinstance<py::int_>(value)) return value.cast<std::int64_t>();
  if (py::isinstance<py::float_>(value)) return value.cast<double>();
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  throw InvalidInput(fmt::format("parameter '{}' must be a bool, int, float or str, not {}", key,
                                 py::str(py::type::of(value).attr("__name__")).cast<std::string>()));
}

}  // namespace

Params params_argument(const py::object& params) {
  if (params.is_none()) return {};
  if (py::isinstance<py::str>(params)) return Params::parse(params.cast<std::string>());
  Params out;
  for (const auto& [key, value] : params.cast<py::dict>()) {
    const auto name = py::str(key).cast<std::string>();
    out.set(name, param_value(name, value));
  }
  return out;
}

}  // namespace reconbound::python
