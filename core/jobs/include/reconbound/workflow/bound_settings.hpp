#pragma once
// The settings of the bound pipeline as a front end's user gives them — the CLI's options and
// Python's keywords, by the same names — and the one function that turns them into the
// BoundConfig every job runs: defaults applied, every choice checked once, here, before any
// data is read (the plugins still check what reaches them).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/export.hpp"
#include "reconbound/params.hpp"
#include "reconbound/workflow/setting_table.hpp"

namespace reconbound::workflow {

// The defaults are setting_table.hpp's rows (their one home); the plugins are the caller's.
struct BoundSettings {
  Params representation_params;
  std::string estimator;                   // plugin names, as BoundConfig's: the caller names them
  Params estimator_params;
  std::string converse;
  Params converse_params;
  bool exact = default_flag("exact");      // the estimator's exact path (its parameter exact=true)
  std::optional<std::int64_t> mc_samples;  // the estimator's n_mc; none: the budget rule of mathematics §6.7
  std::vector<std::size_t> grid_k;         // empty: the divisors of m up to 32
  std::vector<double> grid_nu2;            // empty: mathematics §5's levels
  double alpha = default_number("alpha");
  std::string rotation = default_choice("rotation");
  std::optional<std::int64_t> padded_order;  // none: the smallest constructible order
  std::string normaliser = default_choice("normaliser");
  double normaliser_alpha_share = default_number("normaliser_alpha_share");
  std::string grid_select = default_choice("grid_select");
  std::int64_t grid_select_pairs = default_whole("grid_select_pairs");
  bool select_only = default_flag("select_only");
  std::uint64_t seed = static_cast<std::uint64_t>(default_whole("seed"));
  std::int64_t threads = default_whole("threads");  // 0: every core, shared by the ranks
  std::size_t ranks_on_node = 1;           // processes of one job sharing this machine's cores
  // The memory the job may plan for (docs/memory.md): memory_limit's size ("8G", parse_memory_size),
  // named memory_limit_name where a plan exceeds it; when it is empty and limit_to_available,
  // MemAvailable shared by the ranks on this machine; else no limit.
  std::string memory_limit;
  std::string memory_limit_name = "memory_limit";
  bool limit_to_available = false;
};

// The BoundConfig of `settings`. InvalidInput with the table's message (setting_table.hpp) for a
// rotation, normaliser or grid_select outside its choices and a number outside its range (alpha,
// normaliser_alpha_share, padded_order, grid_select_pairs, mc_samples, threads); naming the parameter for grid lists
// check_grid_lists refuses, ranks_on_node 0 and a memory_limit that is not a size.
RECONBOUND_API BoundConfig bound_config(const BoundSettings& settings);

}  // namespace reconbound::workflow
