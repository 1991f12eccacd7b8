#pragma once
// An estimator's details (reconbound/estimator.hpp) in a JSON object: one key per detail, beside
// the generic keys of the same object.
#include <nlohmann/json.hpp>

#include "reconbound/estimator.hpp"

namespace reconbound::workflow {

// Sets row[name] for every detail: counts as whole numbers, the rest as doubles.
void add_details(nlohmann::json& row, const EstimateDetails& details);

}  // namespace reconbound::workflow
