#include "json_details.hpp"

#include <cstdint>

namespace reconbound::workflow {

void add_details(nlohmann::json& row, const EstimateDetails& details) {
  for (const EstimateDetail& detail : details) {
    if (detail.count) {
      row[detail.name] = static_cast<std::uint64_t>(detail.value);
    } else {
      row[detail.name] = detail.value;
    }
  }
}

}  // namespace reconbound::workflow
