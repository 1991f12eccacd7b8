// The zero-copy probe: what the core sees of an array of records.
#include <cstdint>
#include <optional>
#include <string>

#include "bindings.hpp"
#include "records.hpp"

namespace py = pybind11;

namespace reconbound::python {

void bind_records(py::module_& module) {
  module.def(
      "records_probe",
      [](const py::array& data, const py::object& shape, const std::optional<std::string>& layout,
         const std::optional<double>& scale) {
        const Records records(data, image_shape(shape), "data", record_encoding(layout, scale));
        return py::make_tuple(reinterpret_cast<std::uintptr_t>(records.matrix().data()), records.copied());
      },
      py::arg("data"), py::arg("shape") = py::none(), py::arg("layout") = py::none(), py::arg("scale") = py::none(),
      "(address of the values the core reads, whether they were converted) for an array of records, "
      "exactly as bound() takes perp and est (with its layout and scale checks).");
}

}  // namespace reconbound::python
