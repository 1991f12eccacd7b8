#include "bound_config_argument.hpp"

#include "dict_items.hpp"
#include "params_argument.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/workflow/bound_settings.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

Params params_item(const py::dict& options, const char* key) {
  return params_argument(options.contains(key) ? py::object(options[key]) : py::none());
}

}  // namespace

BoundConfig bound_config_argument(const py::dict& options, std::uint64_t seed) {
  workflow::BoundSettings settings = presets::paper_bound_settings();  // the table's defaults, the plugins unless named
  settings.representation_params = params_item(options, "representation_params");
  settings.estimator = item<std::string>(options, "estimator", "a plugin name", settings.estimator);
  settings.estimator_params = params_item(options, "estimator_params");
  settings.converse = item<std::string>(options, "converse", "a plugin name", settings.converse);
  settings.converse_params = params_item(options, "converse_params");
  settings.exact = item<bool>(options, "exact", "True or False", settings.exact);
  settings.mc_samples = optional_item<std::int64_t>(options, "mc_samples", "a whole number");
  settings.grid_k = item<std::vector<std::size_t>>(options, "grid_k", "a list of whole numbers", settings.grid_k);
  settings.grid_nu2 = item<std::vector<double>>(options, "grid_nu2", "a list of numbers", settings.grid_nu2);
  settings.alpha = item<double>(options, "alpha", "a number", settings.alpha);
  settings.rotation = item<std::string>(options, "rotation", "a string", settings.rotation);
  settings.padded_order = optional_item<std::int64_t>(options, "padded_order", "a whole number");
  settings.normaliser = item<std::string>(options, "normaliser", "a string", settings.normaliser);
  settings.normaliser_alpha_share =
      item<double>(options, "normaliser_alpha_share", "a number", settings.normaliser_alpha_share);
  settings.grid_select = item<std::string>(options, "grid_select", "a string", settings.grid_select);
  settings.grid_select_pairs = item<std::int64_t>(options, "grid_select_pairs", "a whole number", settings.grid_select_pairs);
  settings.select_only = item<bool>(options, "select_only", "True or False", settings.select_only);
  settings.seed = seed;
  settings.threads = item<std::int64_t>(options, "threads", "a whole number", settings.threads);
  return workflow::bound_config(settings);
}

}  // namespace reconbound::python
