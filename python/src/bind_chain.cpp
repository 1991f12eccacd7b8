// chain: how tight the bound is (mathematics §9; paper §G.5–G.6, eq 39).
#include "bindings.hpp"
#include "bound_config_argument.hpp"
#include "checkpoint_argument.hpp"
#include "data_argument.hpp"
#include "dict_items.hpp"
#include "python_progress.hpp"
#include "python_representation.hpp"
#include "reconbound/presets/paper_chain.hpp"
#include "reconbound/workflow/chain.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

// {"targets", "target_range", "target_indices", "shadow", "shadow_indices"} and the data.
workflow::ChainDataRequest chain_data_argument(const py::dict& layout, workflow::DataRequest data) {
  workflow::ChainDataRequest out;
  out.data = std::move(data);
  out.targets = item<std::size_t>(layout, "targets", "a whole number", out.targets);
  if (const auto range = optional_item<std::pair<std::size_t, std::size_t>>(layout, "target_range",
                                                                            "a pair (begin, end) of record numbers")) {
    out.target_records.range = workflow::IndexRange{range->first, range->second};
  }
  out.target_records.indices = optional_item<std::vector<std::size_t>>(layout, "target_indices", "a list of record numbers");
  out.shadow = optional_item<std::size_t>(layout, "shadow", "a whole number");
  out.shadow_indices = optional_item<std::vector<std::size_t>>(layout, "shadow_indices", "a list of record numbers");
  return out;
}

// {"gammas", "bits", "mechanisms", "dpsgd" [(q, T), ...], "clip"}; None keeps ChainRows' and the
// paper's rows' defaults (presets::paper_chain_rows).
workflow::ChainRows chain_rows_argument(const py::dict& chain) {
  workflow::ChainRows out;
  out.gammas = item<std::vector<double>>(chain, "gammas", "a list of numbers", out.gammas);
  out.rates = item<std::vector<unsigned>>(chain, "bits", "a list of whole numbers", out.rates);
  presets::PaperChainRows rows;
  rows.mechanisms = item<std::vector<std::string>>(chain, "mechanisms", "a list of 'NAME[:key=value,...]' texts",
                                                   rows.mechanisms);
  if (const auto settings = optional_item<std::vector<std::pair<double, std::uint64_t>>>(
          chain, "dpsgd", "a list of (q, T) pairs")) {
    rows.dpsgd.emplace();
    for (const auto& [q, steps] : *settings) rows.dpsgd->push_back({q, steps});
  }
  rows.clip = optional_item<double>(chain, "clip", "a number");
  out.attacks = presets::paper_chain_rows(rows);
  return out;
}

// {"bootstrap"}; None keeps ChainConfig's default.
ChainConfig chain_config_argument(const py::dict& chain, BoundConfig bound) {
  ChainConfig out;
  out.bound = std::move(bound);
  out.bootstrap = item<std::size_t>(chain, "bootstrap", "a whole number", out.bootstrap);
  return out;
}

}  // namespace

void bind_chain(py::module_& module) {
  module.def(
      "chain",
      [](const py::dict& data, const py::dict& layout, const py::object& representation, const py::dict& bound,
         const py::dict& chain, const py::object& progress) {
        const DataArgument records = data_argument(data);
        PythonProgress reporter(progress);
        workflow::ChainRequest request;
        request.data = chain_data_argument(layout, records.request);
        const RepresentationChoice psi = representation_choice(representation);
        request.representation = psi.spec;
        request.rows = chain_rows_argument(chain);
        request.config = chain_config_argument(chain, bound_config_argument(bound, records.request.seed));
        const Registry& plugins = *psi.registry;
        const auto checkpoint = checkpoint_argument(bound, plugins);
        request.config.run = {.progress = &reporter, .checkpoint = checkpoint.get()};
        return without_gil(reporter,
                           [&] { return presets::paper_chain_json(workflow::run_chain(plugins, request)).dump(); });
      },
      py::arg("data"), py::arg("layout"), py::arg("representation"), py::arg("bound"), py::arg("chain"),
      py::arg("progress"), "workflow::run_chain; the JSON of `reconbound chain --json --no-figures`.");
}

}  // namespace reconbound::python
