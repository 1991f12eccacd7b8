#pragma once
// The one home of the bound pipeline's settings (docs/settings-route.md): for each, its name (Python's
// keyword; the CLI's option is derived from it), its default, its valid choices or range, its help
// and the one-line message for a bad value. BoundSettings takes its defaults from here, the CLI
// builds its options and help from it and Python its keyword defaults (reconbound._settings); the
// plugins' defaults are the front ends' presets (presets/paper_settings.hpp adds their rows).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/export.hpp"

namespace reconbound::workflow {

// A typed default: none (the setting is not given: its default is a rule, said in default_text),
// a flag, a whole number, a number or a text.
using SettingValue = std::variant<std::monostate, bool, std::int64_t, double, std::string>;

// The numbers a setting takes: [low, high] with each end open or closed; `whole` for whole numbers.
struct SettingRange {
  double low = 0.0;
  double high = 0.0;  // infinity: no upper end
  bool low_open = false;
  bool high_open = false;
  bool whole = false;
};

struct Setting {
  std::string name;          // Python's keyword and core's parameter() name
  std::string flag;          // the CLI's option: "--" + name with '-' for '_', or its own spelling
  SettingValue default_value;
  std::string default_text;  // the default as the help says it (for none: the rule, in words)
  std::vector<std::string> choices;   // empty: any value of the type
  std::optional<SettingRange> range;  // none: any value of the type
  std::string help;          // one line
  std::string note;          // said after a bad number's range ("the share of alpha ..."); may be empty
};

// The settings the bound jobs take (BoundSettings), in the order of the CLI's help.
RECONBOUND_API const std::vector<Setting>& bound_setting_table();

// The row named `name` of `table`; std::logic_error for a name it lacks (a caller's mistake).
RECONBOUND_API const Setting& setting_named(const std::vector<Setting>& table, std::string_view name);
RECONBOUND_API const Setting& bound_setting(std::string_view name);

// The CLI's option for a name: "--" + name with '-' for '_'.
RECONBOUND_API std::string flag_of(std::string_view name);

// The default as text: "0.05", "pilot", "false"; empty for none.
RECONBOUND_API std::string value_text(const SettingValue& value);

// The range as the messages write it: "(0, 1)", "[1, 1000]", ">= 1".
RECONBOUND_API std::string range_text(const SettingRange& range);

// The one-line message for a bad value (core's parameter() marks the name, each front end spells
// it): "‹rotation›: bogus not in {auto,eigenbasis,signs}", "‹alpha=1.5› must be in (0, 1)",
// "‹mc_samples›: '0' is not a whole number >= 1".
RECONBOUND_API std::string bad_choice_message(const Setting& setting, std::string_view given);
RECONBOUND_API std::string bad_number_message(const Setting& setting, double given);

// What is wrong with a whole number as typed ("'-1' is not a whole number >= 1"); empty when it is
// a whole number in `range`. The CLI's options check their text with it (CLI11 puts the option
// before it, as parameter() does).
RECONBOUND_API std::string whole_number_problem(const SettingRange& range, std::string_view given);

// InvalidInput with the table's message unless `given` is one of the choices / in the range.
RECONBOUND_API void check_choice(const Setting& setting, const std::string& given);
RECONBOUND_API void check_number(const Setting& setting, double given);

// The defaults, typed, for BoundSettings' members (each read from the table's row).
RECONBOUND_API double default_number(std::string_view name);
RECONBOUND_API std::int64_t default_whole(std::string_view name);
RECONBOUND_API std::string default_choice(std::string_view name);
RECONBOUND_API bool default_flag(std::string_view name);

}  // namespace reconbound::workflow
