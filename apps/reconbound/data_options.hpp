#pragma once
// Options that pick the data set and its disjoint D⊥/D_est split (mathematics §7), shared by
// every command that estimates a bound; the split itself is workflow::load_split_data.
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "reconbound/workflow/data.hpp"
#include "reconbound/workflow/setting_table.hpp"

namespace reconbound::cli {

struct DataOptions {
  std::string data = "fashion-mnist";
  std::optional<std::size_t> perp;   // random split sizes
  std::optional<std::size_t> est;
  std::string perp_range, est_range;      // "a:b"
  std::string perp_indices, est_indices;  // files
  std::uint64_t seed = static_cast<std::uint64_t>(workflow::default_whole("seed"));
  std::optional<std::string> layout;  // "NCHW" | "NHWC": how an npy: file's records are stored
  std::optional<double> scale;        // 255 | 1: the values' range, grey levels or [0, 1]
};

void add_data_options(CLI::App& cmd, DataOptions& options);

// An explicit set from a range "a:b" or an index file (read here); empty when neither is given.
workflow::IndexChoice index_choice(const std::string& range, const std::string& file);

// The request the options describe; `quick` selects the quick-look sizes for a random split.
workflow::DataRequest data_request(const DataOptions& options, bool quick);

}  // namespace reconbound::cli
