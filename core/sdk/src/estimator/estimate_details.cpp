#include <algorithm>

#include "reconbound/estimator.hpp"

namespace reconbound {

std::optional<double> find_detail(const EstimateDetails& details, std::string_view name) {
  const auto it = std::find_if(details.begin(), details.end(),
                               [&](const EstimateDetail& detail) { return detail.name == name; });
  if (it == details.end()) return std::nullopt;
  return it->value;
}

}  // namespace reconbound
