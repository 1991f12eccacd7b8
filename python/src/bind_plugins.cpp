// plugins: every plugin the module's registry found, every load failure with its reason, and the
// OpenCL devices (as `reconbound plugins --json`).
#include "bindings.hpp"
#include "device_listing.hpp"
#include "reconbound/workflow/json.hpp"
#include "registry_access.hpp"

namespace py = pybind11;

namespace reconbound::python {

void bind_plugins(py::module_& module) {
  module.def(
      "plugins",
      [] {
        nlohmann::json out = workflow::to_json(registry());
        out["opencl"] = opencl_listing::opencl_devices_json();
        return out.dump();
      },
      "The JSON of `reconbound plugins --json` for the module's registry.");
}

}  // namespace reconbound::python
