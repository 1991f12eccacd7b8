#pragma once
// Options that pick the data set and its disjoint D⊥/D_est split (SPEC §7), shared by
// every command that estimates a bound.
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "reconbound/dataset.hpp"
#include "reconbound/split.hpp"

namespace reconbound::cli {

struct DataOptions {
  std::string data = "fashion-mnist";
  std::optional<std::size_t> perp;   // random split sizes
  std::optional<std::size_t> est;
  std::string perp_range, est_range;      // "a:b"
  std::string perp_indices, est_indices;  // files
  std::uint64_t seed = 0;
};

// Default sizes of the random split (documented in the README): quick enough for a few
// minutes on 2 cores; --full uses the paper's sizes.
inline constexpr std::size_t kDefaultPerp = 2000;
inline constexpr std::size_t kDefaultEst = 2000;
inline constexpr std::size_t kFullPerp = 10000;
inline constexpr std::size_t kFullEst = 50000;

void add_data_options(CLI::App& cmd, DataOptions& options);

struct SplitData {
  Dataset dataset;
  Split split;
  RowMatrix perp, est;
};

// Loads the data and builds the split; `full` selects the paper's sizes for a random split.
SplitData load_split_data(const DataOptions& options, bool full);

}  // namespace reconbound::cli
