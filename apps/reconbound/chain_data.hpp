#pragma once
// The data layout options of `reconbound chain` (mathematics §7, §9; paper §F.4): D⊥ and D_est as for
// `bound`, the held-out targets outside both, and D_shadow ⊆ D_est (workflow::load_chain_data).
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "data_options.hpp"
#include "reconbound/workflow/chain.hpp"
#include "reconbound/workflow/setting_table.hpp"

namespace reconbound::cli {

struct ChainDataOptions {
  DataOptions data;
  std::size_t targets = static_cast<std::size_t>(workflow::default_whole("targets"));
  std::string targets_range, targets_indices;
  std::optional<std::size_t> shadow;  // a random subset of D_est; default all of it
  std::string shadow_indices;
};

void add_chain_data_options(CLI::App& cmd, ChainDataOptions& options);

// The request the options describe (index files are read here).
workflow::ChainDataRequest chain_data_request(const ChainDataOptions& options, bool quick);

}  // namespace reconbound::cli
