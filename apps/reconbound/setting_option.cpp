#include "setting_option.hpp"

#include <fmt/format.h>

#include <cmath>

namespace reconbound::cli {

std::string setting_help(const workflow::Setting& s) {
  if (std::holds_alternative<std::monostate>(s.default_value) && !s.default_text.empty()) {
    return fmt::format("{} (default: {})", s.help, s.default_text);
  }
  if (s.range && !s.range->whole) return fmt::format("{}; in {}", s.help, workflow::range_text(*s.range));
  return s.help;
}

CLI::Validator whole_number_check(const workflow::Setting& s) {
  const workflow::SettingRange range = s.range.value();
  return CLI::Validator([range](std::string& text) { return workflow::whole_number_problem(range, text); },
                        fmt::format("INT {}{}", std::isinf(range.high) ? "" : "in ", workflow::range_text(range)));
}

CLI::Option* add_setting_flag(CLI::App& cmd, const workflow::Setting& setting, bool& value) {
  return cmd.add_flag(setting.flag, value, setting.help);
}

}  // namespace reconbound::cli
