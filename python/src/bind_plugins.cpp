// plugins: every plugin the module's registry found, and every load failure with its reason.
#include "bindings.hpp"
#include "reconbound/workflow/json.hpp"
#include "registry_access.hpp"

namespace py = pybind11;

namespace reconbound::python {

void bind_plugins(py::module_& module) {
  module.def(
      "plugins", [] { return workflow::to_json(registry()).dump(); },
      "The JSON of `reconbound plugins --json` for the module's registry.");
}

}  // namespace reconbound::python
