// The zero-copy probe: what the core sees of an array of records.
#include <cstdint>

#include "bindings.hpp"
#include "records.hpp"

namespace py = pybind11;

namespace reconbound::python {

void bind_records(py::module_& module) {
  module.def(
      "records_probe",
      [](const py::array& data, const py::object& shape) {
        const Records records(data, image_shape(shape), "data");
        return py::make_tuple(reinterpret_cast<std::uintptr_t>(records.matrix().data()), records.copied());
      },
      py::arg("data"), py::arg("shape") = py::none(),
      "(address of the values the core reads, whether they were converted) for an array of records, "
      "exactly as bound() and representations.apply() take it.");
}

}  // namespace reconbound::python
