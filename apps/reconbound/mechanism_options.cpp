#include "mechanism_options.hpp"

namespace reconbound::cli {

void add_mechanism_options(CLI::App& cmd, MechanismOptions& options, const std::string& description) {
  cmd.add_option("--mechanism", options.name, description)->capture_default_str();
  cmd.add_option("--mechanism-param", options.params,
                 "Mechanism parameters k=v,... (e.g. bits=4 for the codebook)");
}

workflow::MechanismRequest mechanism_request(const MechanismOptions& options, std::optional<Schedule> schedule) {
  return {options.name, Params::parse(options.params), std::move(schedule)};
}

}  // namespace reconbound::cli
