#pragma once
// A CLI option made from a row of the settings table (workflow/setting_table.hpp): its flag, its
// help (with the default's rule, or the range of a number), the default shown, and for whole
// numbers the check of the text against the row's range, with the table's message.
#include <CLI/CLI.hpp>
#include <string>

#include "reconbound/workflow/setting_table.hpp"

namespace reconbound::cli {

// The help of `setting`: its line, then its rule or range where the option shows no default.
std::string setting_help(const workflow::Setting& setting);

// The whole-number check of `setting`'s range, on the text (CLI11 would read "-1" into a
// std::size_t as 2^64 - 1); no check for a setting that takes other values.
CLI::Validator whole_number_check(const workflow::Setting& setting);

// The option of `setting`, bound to `value` (which holds the setting's default).
template <class T>
CLI::Option* add_setting_option(CLI::App& cmd, const workflow::Setting& setting, T& value) {
  CLI::Option* option = cmd.add_option(setting.flag, value, setting_help(setting));
  if (!std::holds_alternative<std::monostate>(setting.default_value)) option->default_str(setting.default_text);
  if (setting.range && setting.range->whole) option->check(whole_number_check(setting));
  return option;
}

// The flag of a setting whose default is false.
CLI::Option* add_setting_flag(CLI::App& cmd, const workflow::Setting& setting, bool& value);

}  // namespace reconbound::cli
