#include "bound_config_argument.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "dict_items.hpp"
#include "params_argument.hpp"
#include "reconbound/error.hpp"
#include "reconbound/grid.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

// The value of `key` among `choices` (the first is the default).
template <class T>
T choice(const py::dict& options, const char* key, const std::vector<std::pair<std::string, T>>& choices) {
  const auto name = optional_item<std::string>(options, key, "a string");
  if (!name) return choices.front().second;
  for (const auto& [text, value] : choices) {
    if (*name == text) return value;
  }
  std::string names;
  for (const auto& c : choices) names += (names.empty() ? "" : ", ") + c.first;
  throw InvalidInput(fmt::format("{} = '{}' must be one of {}", key, *name, names));
}

Params params_item(const py::dict& options, const char* key) {
  return params_argument(options.contains(key) ? py::object(options[key]) : py::none());
}

}  // namespace

BoundConfig bound_config_argument(const py::dict& options, std::uint64_t seed, Progress* progress) {
  BoundConfig config;
  config.representation_params = params_item(options, "representation_params");
  config.estimator = item<std::string>(options, "estimator", "a plugin name", config.estimator);
  config.estimator_params = params_item(options, "estimator_params");
  config.converse = item<std::string>(options, "converse", "a plugin name", config.converse);
  config.converse_params = params_item(options, "converse_params");
  if (item<bool>(options, "exact", "True or False", false)) config.estimator_params.set("exact", std::string("true"));
  if (const auto n_mc = optional_item<std::int64_t>(options, "mc_samples", "a whole number")) {
    config.estimator_params.set("n_mc", *n_mc);
  }
  config.block_sizes = item<std::vector<std::size_t>>(options, "grid_k", "a list of whole numbers", {});
  config.nu2_levels = item<std::vector<double>>(options, "grid_nu2", "a list of numbers", {});
  check_grid_lists(config.block_sizes, config.nu2_levels);  // before any long computation
  config.alpha = item<double>(options, "alpha", "a number", config.alpha);
  config.rotation = choice<RotationChoice>(options, "rotation", {{"auto", RotationChoice::automatic},
                                                                 {"eigenbasis", RotationChoice::eigenbasis},
                                                                 {"signs", RotationChoice::signs}});
  config.padded_order = item<std::size_t>(options, "padded_order", "a whole number", 0);
  config.normaliser = choice<Normaliser>(options, "normaliser", {{"ucb", Normaliser::ucb}, {"sample", Normaliser::sample}});
  config.normaliser_alpha_fraction =
      item<double>(options, "normaliser_alpha_share", "a number", config.normaliser_alpha_fraction);
  if (!(config.normaliser_alpha_fraction > 0.0 && config.normaliser_alpha_fraction < 1.0)) {
    // Checked here too, before any data is read, so that the message names the keyword (mathematics §6.8).
    throw InvalidInput(fmt::format("normaliser_alpha_share = {} must be in (0, 1): the share of alpha "
                                   "the tr Sigma upper confidence bound gets",
                                   config.normaliser_alpha_fraction));
  }
  config.grid_select = choice<GridSelect>(options, "grid_select", {{"pilot", GridSelect::pilot}, {"none", GridSelect::none}});
  config.select_pairs = item<std::size_t>(options, "grid_select_pairs", "a whole number", config.select_pairs);
  config.selection_only = item<bool>(options, "select_only", "True or False", false);
  config.seed = seed;
  const auto threads = item<std::size_t>(options, "threads", "a whole number", 0);
  config.threads = threads > 0 ? threads : std::max(1u, std::thread::hardware_concurrency());  // 0: all cores
  config.progress = progress;
  return config;
}

}  // namespace reconbound::python
