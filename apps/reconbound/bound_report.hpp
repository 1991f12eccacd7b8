#pragma once
// The `bound` command's table (its JSON is workflow::to_json).
#include "reconbound/workflow/bound.hpp"

namespace reconbound::cli {

void print_bound_table(const workflow::BoundOutput& output);

}  // namespace reconbound::cli
