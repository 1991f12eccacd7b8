// representations.apply: Ψ of records (mathematics §3).
#include <pybind11/eigen.h>

#include "bindings.hpp"
#include "params_argument.hpp"
#include "records.hpp"
#include "reconbound/record_encoding.hpp"
#include "reconbound/workflow/representation.hpp"
#include "registry_access.hpp"

namespace py = pybind11;

namespace reconbound::python {

void bind_representations(py::module_& module) {
  module.def(
      "apply_representation",
      [](const std::string& spec, const py::object& params, const py::array& data, const py::object& shape,
         const std::optional<std::string>& layout, const std::optional<double>& scale, std::size_t threads) {
        const Records records(data, image_shape(shape), "data", record_encoding(layout, scale));
        const Params plugin_params = params_argument(params);
        const Registry& plugins = registry();
        RowMatrix features = [&] {
          const py::gil_scoped_release release;
          return workflow::apply_representation(plugins, spec, plugin_params, records.matrix(), records.shape(), threads);
        }();
        return features;  // moved into the NumPy array it returns (pybind11/eigen.h), not copied
      },
      py::arg("spec"), py::arg("params"), py::arg("data"), py::arg("shape"), py::arg("layout"), py::arg("scale"),
      py::arg("threads"),
      "Psi of every record: an (N, m) float64 array.");
}

}  // namespace reconbound::python
