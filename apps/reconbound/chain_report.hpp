#pragma once
// The `chain` command's table (its JSON is workflow::to_json).
#include "reconbound/workflow/chain.hpp"

namespace reconbound::cli {

void print_chain_table(const workflow::ChainOutput& output);

}  // namespace reconbound::cli
