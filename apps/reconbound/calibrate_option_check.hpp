#pragma once
// The options `calibrate --target-epsilon` refuses: it computes no bound, so the data, split and
// bound-pipeline options (and --by-label's) would be ignored silently; a user who gives one means
// --target-rho.
#include <CLI/CLI.hpp>

namespace reconbound::cli {

// InvalidInput naming every such option given on `command` (none: returns).
void refuse_bound_options_for_epsilon(const CLI::App& command);

}  // namespace reconbound::cli
