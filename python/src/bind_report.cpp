// report (docs/report.md): the report job, its HTML page written to a file, and its numbers.
#include "bindings.hpp"
#include "bound_config_argument.hpp"
#include "checkpoint_argument.hpp"
#include "data_argument.hpp"
#include "dict_items.hpp"
#include "labels_argument.hpp"
#include "python_progress.hpp"
#include "python_representation.hpp"
#include "reconbound/figures/output_file.hpp"
#include "reconbound/figures/report.hpp"
#include "reconbound/figures/report_page.hpp"
#include "reconbound/presets/paper_chain.hpp"
#include "request_arguments.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

// None: no chain; else the paper's rows and {"targets", "bits", "bootstrap", "figure_targets"},
// None keeping the defaults.
std::optional<workflow::ReportChainRequest> chain_argument(const py::object& chain) {
  if (chain.is_none()) return std::nullopt;
  const py::dict options = chain.cast<py::dict>();
  workflow::ReportChainRequest out;
  out.attacks = presets::paper_chain_rows({});  // the paper's rows, as the CLI's report
  out.targets = item<std::size_t>(options, "targets", "a whole number", out.targets);
  out.bits = item<std::vector<unsigned>>(options, "bits", "a list of whole numbers", out.bits);
  out.bootstrap = item<std::size_t>(options, "bootstrap", "a whole number", out.bootstrap);
  out.figure_targets = item<std::size_t>(options, "figure_targets", "a whole number", out.figure_targets);
  return out;
}

}  // namespace

void bind_report(py::module_& module) {
  module.def(
      "report",
      [](const std::string& path, const std::string& command, const py::dict& mechanism, double sigma,
         const py::dict& delta, const std::vector<double>& target_epsilons, const py::dict& data,
         const py::object& representation, const py::dict& bound, const py::dict& calibration,
         const py::object& chain, const py::object& labels, const py::object& progress) {
        const DataArgument records = data_argument(data);
        PythonProgress reporter(progress);
        workflow::ReportRequest request;
        request.mechanism = mechanism_argument(mechanism);
        request.sigma = sigma;
        request.delta = delta_argument(delta);
        request.target_epsilons = target_epsilons;
        request.data = records.request;
        const RepresentationChoice psi = representation_choice(representation);
        request.representation = psi.spec;
        request.bound = bound_config_argument(bound, records.request.seed);
        request.calibration = calibration_argument(calibration, &reporter);
        request.chain = chain_argument(chain);
        if (!labels.is_none()) request.by_label = label_source(labels.cast<py::dict>(), records.request);
        const Registry& plugins = *psi.registry;
        const auto checkpoint = checkpoint_argument(bound, plugins);
        request.run = {.progress = &reporter, .checkpoint = checkpoint.get()};
        return without_gil(reporter, [&] {
          const workflow::ReportOutput output = workflow::run_report(plugins, request);
          figures::write_output_file(path, figures::report_html(output, command), "report");
          nlohmann::json json = figures::to_json(output);
          json["report"] = path;
          return json.dump();
        });
      },
      py::arg("path"), py::arg("command"), py::arg("mechanism"), py::arg("sigma"), py::arg("delta"),
      py::arg("target_epsilons"), py::arg("data"), py::arg("representation"), py::arg("bound"),
      py::arg("calibration"), py::arg("chain"), py::arg("labels"), py::arg("progress"),
      "workflow::run_report (labels: None, or the labels of its bound per label, labels_argument.hpp), its page "
      "written to `path`; the JSON of `reconbound report --json`.");
}

}  // namespace reconbound::python
