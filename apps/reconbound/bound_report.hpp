#pragma once
// Rendering a BoundReport as a readable table or as JSON (the `bound` command's output).
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "reconbound/bound.hpp"

namespace reconbound::cli {

struct BoundContext {
  std::string data_source;
  std::string representation;
  std::string leakage_source;  // "given" or a description of the schedule
  std::vector<std::pair<std::string, double>> leakage_details;  // Leakage::details of a fitted mechanism
  std::uint64_t seed = 0;
  // The first coordinates of U·p, p = (1, 2, …, m): a data-free fingerprint of the rotation
  // (SPEC §4), so that a test can see which split U was estimated from.
  std::vector<double> rotation_probe;
};

void print_bound_table(const BoundReport& report, const BoundContext& context);
nlohmann::json bound_json(const BoundReport& report, const BoundContext& context);

}  // namespace reconbound::cli
