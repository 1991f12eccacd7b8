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

// Default random split (documented in the README): the paper's sizes where the data set
// allows, |D⊥| = 10,000 and every other record (at least 50,000) in D_est; otherwise, and
// with --quick, the quick-look split of 2,000 + 2,000 records.
inline constexpr std::size_t kPaperPerp = 10000;
inline constexpr std::size_t kPaperMinEst = 50000;
inline constexpr std::size_t kQuickPerp = 2000;
inline constexpr std::size_t kQuickEst = 2000;

void add_data_options(CLI::App& cmd, DataOptions& options);

// Indices from a half-open range "a:b" or from an index file (at most one of the two; `name`
// is the option's stem, e.g. "perp"); nullopt when neither is given.
std::optional<std::vector<std::size_t>> explicit_indices(const std::string& range, const std::string& file,
                                                         std::size_t n, const char* name);

struct SplitData {
  Dataset dataset;
  Split split;
  RowMatrix perp, est;
};

// Loads the data and builds the split; `quick` selects the quick-look sizes for a random split.
SplitData load_split_data(const DataOptions& options, bool quick);

}  // namespace reconbound::cli
