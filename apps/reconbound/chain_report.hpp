#pragma once
// Rendering a ChainReport as a readable table or as JSON (the `chain` command's output).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reconbound/chain.hpp"

namespace reconbound::cli {

struct ChainContext {
  std::string data_source;
  std::string representation;
  std::uint64_t seed = 0;
  ChainIndices indices;
  std::vector<std::string> figures;  // paths written
};

void print_chain_table(const ChainReport& report, const ChainContext& context);
nlohmann::json chain_json(const ChainReport& report, const ChainContext& context);

}  // namespace reconbound::cli
