#pragma once
// Options of the bound pipeline shared by `bound`, `calibrate --target-rho` and `spectrum`:
// representation, rotation, grid, confidence, estimator and converse plugins, threads. Each
// setting's option, help and default come from the settings table (presets/paper_settings.hpp,
// docs/settings-route.md); the values go straight into the jobs' BoundSettings.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/workflow/bound_settings.hpp"

namespace reconbound::cli {

struct BoundOptions {
  // The settings the options set, starting at the table's defaults with the paper's plugins named.
  workflow::BoundSettings settings = presets::paper_bound_settings();
  // One spec for `bound` and `calibrate`; `spectrum` compares several (repeat the option).
  std::vector<std::string> representations{presets::kPaperRepresentation};
  std::vector<std::string> representation_params;  // "k=v,..." items, later values win
  std::vector<std::string> estimator_params;
  std::vector<std::string> converse_params;
  std::string grid_k;    // the lists as typed; not given: the table's rule
  std::string grid_nu2;
  std::string memory_limit;    // --memory-limit: empty for the available memory
  std::string checkpoint;      // --checkpoint FILE: empty for none (docs/checkpoints.md)
  bool quick = false;
  bool quiet = false;
};

void add_bound_options(CLI::App& cmd, BoundOptions& options);

// The one representation of a command that takes one; InvalidInput when several were given.
const std::string& single_representation(const BoundOptions& options, const char* command);

// The library configuration the options describe (the representation spec is resolved by the
// workflow: workflow::with_representation; --representation-param go into
// representation_params), checked by workflow::bound_config before any long computation. The
// run's handles go beside it (run_handles).
BoundConfig make_bound_config(const BoundOptions& options, std::uint64_t seed);

}  // namespace reconbound::cli
