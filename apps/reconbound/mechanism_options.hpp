#pragma once
// --mechanism NAME[:k=v,...] and --mechanism-param k=v,... : the mechanism plugin a command
// charges, shared by leakage, epsilon, calibrate, spectrum and bound.
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "reconbound/presets/paper_settings.hpp"
#include "reconbound/workflow/mechanism_request.hpp"

namespace reconbound::cli {

struct MechanismOptions {
  std::string name = presets::front_end_setting("mechanism").default_text;  // "NAME" or "NAME:k=v,..."
  std::string params;  // "k=v,..."
};

void add_mechanism_options(CLI::App& cmd, MechanismOptions& options, const std::string& description);

// The request for the options and the schedule the command's options give (if any).
// InvalidInput for a parameter given both after NAME: and in --mechanism-param.
workflow::MechanismRequest mechanism_request(const MechanismOptions& options, std::optional<Schedule> schedule);

}  // namespace reconbound::cli
