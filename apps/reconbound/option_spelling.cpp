#include "option_spelling.hpp"

#include <algorithm>

#include "reconbound/presets/paper_settings.hpp"

namespace reconbound::cli {

std::string option_for(std::string_view parameter) {
  // A setting's row names its option (its own spelling, as n_perp's --perp), for its list too.
  const auto& table = presets::front_end_settings();
  const auto row = std::find_if(table.begin(), table.end(), [&](const workflow::Setting& s) {
    return s.name == parameter || (!s.plural.empty() && s.plural == parameter);
  });
  return row != table.end() ? row->flag : workflow::flag_of(parameter);
}

ParameterSpelling option_spelling() { return {option_for, " "}; }

}  // namespace reconbound::cli
