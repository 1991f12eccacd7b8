// The jobs per label (mathematics §6.10): each label's records of the pooled split, its own job at
// α/C, and the pooled job beside them as its own statement.
#include "bindings.hpp"
#include "bound_config_argument.hpp"
#include "checkpoint_argument.hpp"
#include "data_argument.hpp"
#include "dict_items.hpp"
#include "labels_argument.hpp"
#include "python_progress.hpp"
#include "python_representation.hpp"
#include "reconbound/workflow/by_label.hpp"
#include "reconbound/workflow/calibrate_by_label.hpp"
#include "reconbound/workflow/spectrum_by_label.hpp"
#include "request_arguments.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

void bind_bound_by_label(py::module_& module) {
  module.def(
      "bound_by_label",
      [](const py::dict& data, const py::object& representation, const py::dict& bound,
         const std::vector<double>& gammas, const py::dict& mechanism, const py::dict& labels,
         const py::object& progress) {
        const DataArgument records = data_argument(data);
        PythonProgress reporter(progress);
        workflow::ByLabelRequest request;
        request.bound.data = records.request;
        request.labels = label_source(labels, records.request);
        const RepresentationChoice psi = representation_choice(representation);
        request.bound.representation = psi.spec;
        request.bound.bound = bound_config_argument(bound, records.request.seed);
        request.bound.gammas = gammas;
        request.bound.mechanism = mechanism_argument(mechanism);
        const Registry& plugins = *psi.registry;
        const auto checkpoint = checkpoint_argument(bound, plugins);
        request.bound.run = {.progress = &reporter, .checkpoint = checkpoint.get()};
        return without_gil(reporter,
                           [&] { return workflow::to_json(workflow::run_bound_by_label(plugins, request)).dump(); });
      },
      py::arg("data"), py::arg("representation"), py::arg("bound"), py::arg("gammas"), py::arg("mechanism"),
      py::arg("labels"), py::arg("progress"),
      "workflow::run_bound_by_label; the JSON of `reconbound bound --by-label --json`.");
}

void bind_calibrate_by_label(py::module_& module) {
  module.def(
      "calibrate_rho_by_label",
      [](double target_rho, const py::dict& mechanism, const py::dict& delta, const py::dict& data,
         const py::object& representation, const py::dict& bound, const py::dict& calibration,
         const py::dict& labels, const py::object& progress) {
        const DataArgument records = data_argument(data);
        PythonProgress reporter(progress);
        workflow::CalibrateRhoByLabelRequest request;
        workflow::CalibrateRhoRequest& rho = request.rho;
        rho.mechanism = mechanism_argument(mechanism);
        rho.target_rho = target_rho;
        rho.delta = delta_argument(delta);
        rho.data = records.request;
        request.labels = label_source(labels, records.request);
        const RepresentationChoice psi = representation_choice(representation);
        rho.representation = psi.spec;
        rho.bound = bound_config_argument(bound, records.request.seed);
        rho.calibration = calibration_argument(calibration, &reporter);
        const Registry& plugins = *psi.registry;
        const auto checkpoint = checkpoint_argument(bound, plugins);
        rho.run = {.progress = &reporter, .checkpoint = checkpoint.get()};
        return without_gil(reporter, [&] {
          return workflow::to_json(workflow::run_calibrate_rho_by_label(plugins, request)).dump();
        });
      },
      py::arg("target_rho"), py::arg("mechanism"), py::arg("delta"), py::arg("data"), py::arg("representation"),
      py::arg("bound"), py::arg("calibration"), py::arg("labels"), py::arg("progress"),
      "workflow::run_calibrate_rho_by_label; the JSON of `reconbound calibrate --target-rho --by-label --json`.");
}

void bind_spectrum_by_label(py::module_& module) {
  module.def(
      "spectrum_by_label",
      [](const std::vector<double>& target_epsilons, const py::dict& mechanism, const py::dict& delta,
         const py::dict& data, const py::list& representations, const py::dict& bound,
         const py::dict& calibration, const py::dict& labels, const py::object& progress) {
        const DataArgument records = data_argument(data);
        PythonProgress reporter(progress);
        workflow::SpectrumByLabelRequest request;
        workflow::SpectrumRequest& spectrum = request.spectrum;
        spectrum.target_epsilons = target_epsilons;
        spectrum.mechanism = mechanism_argument(mechanism);
        spectrum.delta = delta_argument(delta);
        spectrum.data = records.request;
        request.labels = label_source(labels, records.request);
        const RepresentationChoices psis = representation_choices(representations);
        spectrum.representations = psis.specs;
        spectrum.bound = bound_config_argument(bound, records.request.seed);
        spectrum.joint = item<bool>(bound, "joint", "True or False", false);
        spectrum.calibration = calibration_argument(calibration, &reporter);
        const Registry& plugins = *psis.registry;
        const auto checkpoint = checkpoint_argument(bound, plugins);
        spectrum.run = {.progress = &reporter, .checkpoint = checkpoint.get()};
        return without_gil(reporter,
                           [&] { return workflow::to_json(workflow::run_spectrum_by_label(plugins, request)).dump(); });
      },
      py::arg("target_epsilons"), py::arg("mechanism"), py::arg("delta"), py::arg("data"),
      py::arg("representations"), py::arg("bound"), py::arg("calibration"), py::arg("labels"), py::arg("progress"),
      "workflow::run_spectrum_by_label; the JSON of `reconbound spectrum --by-label --json` (no figure).");
}

}  // namespace

void bind_by_label(py::module_& module) {
  bind_bound_by_label(module);
  bind_calibrate_by_label(module);
  bind_spectrum_by_label(module);
}

}  // namespace reconbound::python
