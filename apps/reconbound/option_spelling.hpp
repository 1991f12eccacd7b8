#pragma once
// How the CLI names the jobs' parameters in core's messages (reconbound/error.hpp's
// parameter()): as the option that sets each, e.g. delta_exponent → --delta-exponent.
#include <string>
#include <string_view>

#include "reconbound/error.hpp"

namespace reconbound::cli {

// The option that sets `parameter`: "--" and the name with '-' for '_', or the option's own
// name where the CLI calls it otherwise (n_perp → --perp, mechanism_params → --mechanism-param):
// the flag of the setting's row (presets/paper_settings.hpp).
std::string option_for(std::string_view parameter);

// option_for, with a value after a space: "--delta 2".
ParameterSpelling option_spelling();

}  // namespace reconbound::cli
