// bound (Algorithm 1; mathematics §3–7), calibrate for a target ρ* and spectrum (mathematics §8): the jobs
// that estimate entropies on data, long enough to report progress and to be interrupted.
#include "bindings.hpp"
#include "bound_config_argument.hpp"
#include "checkpoint_argument.hpp"
#include "data_argument.hpp"
#include "dict_items.hpp"
#include "python_progress.hpp"
#include "python_representation.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/calibrate.hpp"
#include "reconbound/workflow/json.hpp"
#include "reconbound/workflow/spectrum.hpp"
#include "request_arguments.hpp"

namespace py = pybind11;

namespace reconbound::python {

void bind_bound(py::module_& module) {
  module.def(
      "bound",
      [](const py::dict& data, const py::object& representation, const py::dict& bound,
         const std::vector<double>& gammas, const py::dict& mechanism, const py::object& progress) {
        const DataArgument records = data_argument(data);
        PythonProgress reporter(progress);
        workflow::BoundRequest request;
        request.data = records.request;
        const RepresentationChoice psi = representation_choice(representation);
        request.representation = psi.spec;
        request.bound = bound_config_argument(bound, records.request.seed);
        request.gammas = gammas;
        request.mechanism = mechanism_argument(mechanism);
        const Registry& plugins = *psi.registry;
        const auto checkpoint = checkpoint_argument(bound, plugins);
        request.run = {.progress = &reporter, .checkpoint = checkpoint.get()};
        return without_gil(reporter, [&] { return workflow::to_json(workflow::run_bound(plugins, request)).dump(); });
      },
      py::arg("data"), py::arg("representation"), py::arg("bound"), py::arg("gammas"), py::arg("mechanism"),
      py::arg("progress"), "workflow::run_bound; the JSON of `reconbound bound --json`.");
  module.def(
      "calibrate_rho",
      [](double target_rho, const py::dict& mechanism, const py::dict& delta, const py::dict& data,
         const py::object& representation, const py::dict& bound, const py::dict& calibration,
         const py::object& progress) {
        const DataArgument records = data_argument(data);
        PythonProgress reporter(progress);
        workflow::CalibrateRhoRequest request;
        request.mechanism = mechanism_argument(mechanism);
        request.target_rho = target_rho;
        request.delta = delta_argument(delta);
        request.data = records.request;
        const RepresentationChoice psi = representation_choice(representation);
        request.representation = psi.spec;
        request.bound = bound_config_argument(bound, records.request.seed);
        request.calibration = calibration_argument(calibration, &reporter);
        const Registry& plugins = *psi.registry;
        const auto checkpoint = checkpoint_argument(bound, plugins);
        request.run = {.progress = &reporter, .checkpoint = checkpoint.get()};
        return without_gil(reporter,
                           [&] { return workflow::to_json(workflow::run_calibrate_rho(plugins, request)).dump(); });
      },
      py::arg("target_rho"), py::arg("mechanism"), py::arg("delta"), py::arg("data"), py::arg("representation"),
      py::arg("bound"), py::arg("calibration"), py::arg("progress"),
      "workflow::run_calibrate_rho; the JSON of `reconbound calibrate --target-rho --json`.");
  module.def(
      "spectrum",
      [](const std::vector<double>& target_epsilons, const py::dict& mechanism, const py::dict& delta,
         const py::dict& data, const py::list& representations, const py::dict& bound,
         const py::dict& calibration, const py::object& progress) {
        const DataArgument records = data_argument(data);
        PythonProgress reporter(progress);
        workflow::SpectrumRequest request;
        request.target_epsilons = target_epsilons;
        request.mechanism = mechanism_argument(mechanism);
        request.delta = delta_argument(delta);
        request.data = records.request;
        const RepresentationChoices psis = representation_choices(representations);
        request.representations = psis.specs;
        request.bound = bound_config_argument(bound, records.request.seed);
        request.joint = item<bool>(bound, "joint", "True or False", false);
        request.calibration = calibration_argument(calibration, &reporter);
        const Registry& plugins = *psis.registry;
        const auto checkpoint = checkpoint_argument(bound, plugins);
        request.run = {.progress = &reporter, .checkpoint = checkpoint.get()};
        return without_gil(reporter,
                           [&] { return workflow::to_json(workflow::run_spectrum(plugins, request)).dump(); });
      },
      py::arg("target_epsilons"), py::arg("mechanism"), py::arg("delta"), py::arg("data"),
      py::arg("representations"), py::arg("bound"), py::arg("calibration"), py::arg("progress"),
      "workflow::run_spectrum; the JSON of `reconbound spectrum --json` (no figure).");
}

}  // namespace reconbound::python
