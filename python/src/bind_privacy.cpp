// leakage (mathematics §2, Theorem 4.1), epsilon and calibrate for a target ε (mathematics §8): data-free jobs.
#include "bindings.hpp"
#include "python_progress.hpp"
#include "reconbound/workflow/calibrate.hpp"
#include "reconbound/workflow/epsilon.hpp"
#include "reconbound/workflow/json.hpp"
#include "reconbound/workflow/leakage.hpp"
#include "registry_access.hpp"
#include "request_arguments.hpp"

namespace py = pybind11;

namespace reconbound::python {

void bind_privacy(py::module_& module) {
  module.def(
      "leakage",
      [](const py::dict& mechanism) {
        const workflow::LeakageRequest request{mechanism_argument(mechanism)};
        const Registry& plugins = registry();
        const py::gil_scoped_release release;
        return workflow::to_json(workflow::run_leakage(plugins, request)).dump();
      },
      py::arg("mechanism"), "workflow::run_leakage; the JSON of `reconbound leakage --json`.");
  module.def(
      "epsilon",
      [](const py::dict& mechanism, const py::dict& delta, const py::dict& calibration, const py::object& progress) {
        PythonProgress reporter(progress);
        workflow::EpsilonRequest request;
        request.mechanism = mechanism_argument(mechanism);
        request.delta = delta_argument(delta);
        request.accountant = calibration_argument(calibration).accountant;
        request.accountant.progress = &reporter;
        const Registry& plugins = registry();
        return without_gil(reporter, [&] { return workflow::to_json(workflow::run_epsilon(plugins, request)).dump(); });
      },
      py::arg("mechanism"), py::arg("delta"), py::arg("calibration"), py::arg("progress"),
      "workflow::run_epsilon; the JSON of `reconbound epsilon --json`.");
  module.def(
      "calibrate_epsilon",
      [](double target_epsilon, const py::dict& mechanism, const py::dict& delta, const py::dict& calibration,
         const py::object& progress) {
        PythonProgress reporter(progress);
        workflow::CalibrateEpsilonRequest request;
        request.mechanism = mechanism_argument(mechanism);
        request.target_epsilon = target_epsilon;
        request.delta = delta_argument(delta);
        request.calibration = calibration_argument(calibration, &reporter);
        const Registry& plugins = registry();
        return without_gil(reporter,
                           [&] { return workflow::to_json(workflow::run_calibrate_epsilon(plugins, request)).dump(); });
      },
      py::arg("target_epsilon"), py::arg("mechanism"), py::arg("delta"), py::arg("calibration"), py::arg("progress"),
      "workflow::run_calibrate_epsilon; the JSON of `reconbound calibrate --target-epsilon --json`.");
}

}  // namespace reconbound::python
