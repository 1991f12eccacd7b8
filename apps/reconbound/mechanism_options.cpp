#include "mechanism_options.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"
#include "setting_option.hpp"

namespace reconbound::cli {

void add_mechanism_options(CLI::App& cmd, MechanismOptions& options, const std::string& description) {
  const workflow::Setting& mechanism = presets::front_end_setting("mechanism");
  cmd.add_option(mechanism.flag, options.name, description + " (NAME or NAME:k=v,..., as in `reconbound chain`)")
      ->default_str(mechanism.default_text);
  add_setting_option(cmd, presets::front_end_setting("mechanism_params"), options.params);
}

workflow::MechanismRequest mechanism_request(const MechanismOptions& options, std::optional<Schedule> schedule) {
  // "NAME:k=v,..." names the mechanism with its parameters; --mechanism-param adds more.
  const std::size_t colon = options.name.find(':');
  const std::string name = options.name.substr(0, colon);
  Params params = colon == std::string::npos ? Params{} : Params::parse(options.name.substr(colon + 1));
  const Params extra = Params::parse(options.params);
  for (const auto& [key, value] : extra.values()) {
    if (params.has(key)) {
      throw InvalidInput(fmt::format("mechanism parameter {} is given in --mechanism and in --mechanism-param", key));
    }
    params.set(key, value);
  }
  return {name, std::move(params), std::move(schedule)};
}

}  // namespace reconbound::cli
