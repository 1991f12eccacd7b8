// The one BoundConfig builder of both front ends (workflow/bound_settings.hpp).
#include "reconbound/workflow/bound_settings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "reconbound/error.hpp"
#include "reconbound/memory_plan.hpp"
#include "reconbound/workflow/setting_choices.hpp"
#include "reconbound/workflow/setting_text.hpp"

namespace reconbound::workflow {

namespace {

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
  if (s.mc_samples) {
    check_number(bound_setting("mc_samples"), static_cast<double>(*s.mc_samples));
    config.estimator_params.set("n_mc", *s.mc_samples);
  }
  config.block_sizes = s.grid_k;
  config.nu2_levels = s.grid_nu2;
  config.alpha = s.alpha;
  config.rotation = rotation_named(s.rotation);
  if (s.padded_order) {
    check_number(bound_setting("padded_order"), static_cast<double>(*s.padded_order));
    config.padded_order = static_cast<std::size_t>(*s.padded_order);
  }
  config.normaliser = normaliser_named(s.normaliser);
  config.normaliser_alpha_fraction = s.normaliser_alpha_share;
  check_bound_config(config);  // the grid lists, α and its share: the engine's entry check, here for the front ends
  config.grid_select = grid_select_named(s.grid_select);
  check_number(bound_setting("grid_select_pairs"), static_cast<double>(s.grid_select_pairs));
  config.select_pairs = static_cast<std::size_t>(s.grid_select_pairs);
  config.selection_only = s.select_only;
  config.seed = s.seed;
  if (s.ranks_on_node == 0) throw InvalidInput("ranks_on_node must be >= 1");
  check_number(bound_setting("threads"), static_cast<double>(s.threads));
  const std::size_t cores = std::max(1U, std::thread::hardware_concurrency());
  config.threads = s.threads > 0 ? static_cast<std::size_t>(s.threads) : std::max<std::size_t>(1, cores / s.ranks_on_node);
  set_memory_limit(s, config);
  return config;
}

}  // namespace reconbound::workflow
