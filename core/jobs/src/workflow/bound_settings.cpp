// The one BoundConfig builder of both front ends (workflow/bound_settings.hpp).
#include "reconbound/workflow/bound_settings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <thread>
#include <utility>

#include "reconbound/error.hpp"
#include "reconbound/grid.hpp"
#include "reconbound/memory_plan.hpp"
#include "reconbound/workflow/setting_text.hpp"

namespace reconbound::workflow {

namespace {

// The value named `given` among `choices`; InvalidInput naming the parameter otherwise (the CLI
// reads "--rotation: random not in {auto,eigenbasis,signs}").
template <class T>
T choice(std::string_view name, const std::string& given, const std::vector<std::pair<std::string, T>>& choices) {
  for (const auto& [text, value] : choices) {
    if (given == text) return value;
  }
  std::string names;
  for (const auto& c : choices) names += (names.empty() ? "" : ",") + c.first;
  throw InvalidInput(fmt::format("{}: {} not in {{{}}}", parameter(name), given, names));
}

// The memory limit of `settings` and where it came from, into `config` (BoundSettings::memory_limit).
void set_memory_limit(const BoundSettings& s, BoundConfig& config) {
  if (!s.memory_limit.empty()) {
    config.memory_limit_bytes = parse_memory_size(s.memory_limit);
    config.memory_limit_source = s.memory_limit_name;
  } else if (s.limit_to_available) {
    config.memory_limit_bytes = available_memory_bytes() / s.ranks_on_node;
    config.memory_limit_source = s.ranks_on_node == 1
                                     ? "MemAvailable"
                                     : fmt::format("MemAvailable shared by {} ranks on this machine", s.ranks_on_node);
  }
}

}  // namespace

BoundConfig bound_config(const BoundSettings& s) {
  BoundConfig config;
  config.representation_params = s.representation_params;
  config.estimator = s.estimator;
  config.estimator_params = s.estimator_params;
  config.converse = s.converse;
  config.converse_params = s.converse_params;
  if (s.exact) config.estimator_params.set("exact", std::string("true"));
  if (s.mc_samples) config.estimator_params.set("n_mc", *s.mc_samples);
  config.block_sizes = s.grid_k;
  config.nu2_levels = s.grid_nu2;
  check_grid_lists(config.block_sizes, config.nu2_levels);  // before any long computation
  config.alpha = s.alpha;
  config.rotation = choice<RotationChoice>("rotation", s.rotation, {{"auto", RotationChoice::automatic},
                                                                    {"eigenbasis", RotationChoice::eigenbasis},
                                                                    {"signs", RotationChoice::signs}});
  config.padded_order = s.padded_order;
  config.normaliser = choice<Normaliser>("normaliser", s.normaliser, {{"sample", Normaliser::sample},
                                                                      {"ucb", Normaliser::ucb}});
  if (!(s.normaliser_alpha_share > 0.0 && s.normaliser_alpha_share < 1.0)) {
    // Checked before any data is read (mathematics §6.8).
    throw InvalidInput(fmt::format("{} must be in (0, 1): the share of alpha the tr Sigma upper confidence bound "
                                   "gets", parameter("normaliser_alpha_share", s.normaliser_alpha_share)));
  }
  config.normaliser_alpha_fraction = s.normaliser_alpha_share;
  config.grid_select = choice<GridSelect>("grid_select", s.grid_select, {{"pilot", GridSelect::pilot},
                                                                         {"none", GridSelect::none}});
  config.select_pairs = s.grid_select_pairs;
  config.selection_only = s.select_only;
  config.seed = s.seed;
  if (s.ranks_on_node == 0) throw InvalidInput("ranks_on_node must be >= 1");
  const std::size_t cores = std::max(1U, std::thread::hardware_concurrency());
  config.threads = s.threads > 0 ? s.threads : std::max<std::size_t>(1, cores / s.ranks_on_node);
  config.progress = s.progress;
  set_memory_limit(s, config);
  return config;
}

}  // namespace reconbound::workflow
