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
};

void print_bound_table(const BoundReport& report, const BoundContext& context);
nlohmann::json bound_json(const BoundReport& report, const BoundContext& context);

}  // namespace reconbound::cli
