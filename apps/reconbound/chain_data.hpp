#pragma once
// The data layout of `reconbound chain` (SPEC §7, §9; paper §F.4): D⊥ and D_est as for
// `bound`, the held-out targets outside both, and D_shadow ⊆ D_est.
#include <CLI/CLI.hpp>
#include <string>

#include "data_options.hpp"
#include "reconbound/chain.hpp"

namespace reconbound::cli {

struct ChainDataOptions {
  DataOptions data;
  std::size_t targets = 100;
  std::string targets_range, targets_indices;
  std::optional<std::size_t> shadow;  // a random subset of D_est; default all of it
  std::string shadow_indices;
};

void add_chain_data_options(CLI::App& cmd, ChainDataOptions& options);

struct ChainSplitData {
  Dataset dataset;
  ChainIndices indices;
  RowMatrix perp, est, shadow, targets;  // shadow empty: all of D_est
};

// Loads the data set and lays it out. The random layout draws the targets first from all
// records, then D⊥ and D_est from the rest (sizes as `bound`: the paper's where the data set
// allows, else the quick-look split). Explicit D⊥/D_est take the targets at random from the
// records in neither. Overlaps and a shadow outside D_est are InvalidInput.
ChainSplitData load_chain_data(const ChainDataOptions& options, bool quick);

}  // namespace reconbound::cli
