#pragma once
// Options of the bound pipeline shared by `bound`, `calibrate --target-rho` and `spectrum`:
// representation, rotation, grid, confidence, estimator settings, threads.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "reconbound/bound.hpp"

namespace reconbound::cli {

struct BoundOptions {
  // One spec for `bound` and `calibrate`; `spectrum` compares several (repeat the option).
  std::vector<std::string> representations{"pixel"};
  std::vector<std::string> representation_params;
  std::string rotation = "auto";
  std::size_t padded_order = 0;
  std::string grid_k;    // empty: divisors of m up to 32
  std::string grid_nu2;  // empty: SPEC §5 defaults
  double alpha = 0.05;
  std::size_t mc_samples = 0;  // 0: the budget rule of SPEC §6.7
  std::string grid_select = "pilot";  // SPEC §6.6
  std::size_t select_pairs = 1;
  bool select_only = false;
  bool exact = false;
  std::vector<std::string> estimator_params;
  std::string normaliser = "sample";
  std::size_t threads = 0;     // 0: all hardware threads
  bool quick = false;
  bool quiet = false;
};

void add_bound_options(CLI::App& cmd, BoundOptions& options);

// The one representation of a command that takes one; InvalidInput when several were given.
const std::string& single_representation(const BoundOptions& options, const char* command);

// The library configuration the options describe for one representation spec (progress and
// seed set by the caller).
BoundConfig make_bound_config(const BoundOptions& options, const std::string& representation,
                              std::uint64_t seed, Progress* progress);

}  // namespace reconbound::cli
