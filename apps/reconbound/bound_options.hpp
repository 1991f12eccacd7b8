#pragma once
// Options of the bound pipeline shared by `bound`, `calibrate --target-rho` and `spectrum`:
// representation, rotation, grid, confidence, estimator and converse plugins, threads.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/presets/paper_pipeline.hpp"

namespace reconbound::cli {

struct BoundOptions {
  // One spec for `bound` and `calibrate`; `spectrum` compares several (repeat the option).
  std::vector<std::string> representations{presets::kPaperRepresentation};
  std::vector<std::string> representation_params;
  std::string rotation = "auto";
  std::size_t padded_order = 0;
  std::string grid_k;    // empty: divisors of m up to 32
  std::string grid_nu2;  // empty: mathematics §5 defaults
  double alpha = 0.05;
  std::size_t mc_samples = 0;  // 0: the budget rule of mathematics §6.7
  std::string grid_select = "pilot";  // mathematics §6.6
  std::size_t select_pairs = 1;
  bool select_only = false;
  bool exact = false;
  std::string estimator = presets::kPaperEstimator;
  std::vector<std::string> estimator_params;
  std::string converse = presets::kPaperConverse;
  std::vector<std::string> converse_params;
  std::string normaliser = "ucb";
  double normaliser_alpha_fraction = kDefaultNormaliserAlphaFraction;
  std::size_t threads = 0;     // 0: all hardware threads (shared among the MPI ranks on a machine)
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
// representation_params). Checks the grid lists before any long computation.
BoundConfig make_bound_config(const BoundOptions& options, std::uint64_t seed, Progress* progress);

}  // namespace reconbound::cli
