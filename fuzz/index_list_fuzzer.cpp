// Fuzz target for the record-index list parser (parse_index_list): any input either parses to a
// non-empty list without repeats or throws reconbound::Error; anything else aborts.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "reconbound/error.hpp"
#include "reconbound/workflow/record_indices.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    std::vector<std::size_t> indices = reconbound::workflow::parse_index_list(text, "fuzz");
    if (indices.empty()) std::abort();
    std::sort(indices.begin(), indices.end());
    if (std::adjacent_find(indices.begin(), indices.end()) != indices.end()) std::abort();
  } catch (const reconbound::Error&) {
  }
  return 0;
}
