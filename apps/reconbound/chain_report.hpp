#pragma once
// The `chain` command's table, in the paper's columns (its JSON is presets::paper_chain_json).
#include "reconbound/workflow/chain.hpp"

namespace reconbound::cli {

void print_chain_table(const workflow::ChainOutput& output);

// Each of the report's violations (attacks that beat ρ*, mathematics §9), named as the paper's
// columns (presets::paper_violations), as one line on stderr, and the exit status 3
// (result_status.hpp).
void report_violations(const ChainReport& report);

}  // namespace reconbound::cli
