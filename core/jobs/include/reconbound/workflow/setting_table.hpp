#pragma once
// The one home of the jobs' settings (docs/settings-route.md): for each, its name (Python's
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
// a flag, a whole number, a number, a text or a list of numbers.
using SettingValue = std::variant<std::monostate, bool, std::int64_t, double, std::string, std::vector<double>>;

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
  std::string plural;        // the keyword of a list of it, spelled as the same flag (spectrum's representations=)
};

// A row whose CLI option is flag_of(name) and whose default_text is value_text(value).
RECONBOUND_API Setting make_setting(std::string name, SettingValue value, std::string help);

// The settings the bound jobs take (BoundSettings), in the order of the CLI's help.
RECONBOUND_API const std::vector<Setting>& bound_setting_table();

// The row named `name` of `table`; std::logic_error for a name it lacks (a caller's mistake).
RECONBOUND_API const Setting& setting_named(const std::vector<Setting>& table, std::string_view name);
RECONBOUND_API const Setting& bound_setting(std::string_view name);

// The settings the jobs take beside the bound pipeline's (job_setting_table.cpp): the data's split
// sizes and seed, the chain's held-out targets, the mechanism's parameters, δ, the calibration's
// tolerances and the spectrum's targets; each default is read from the job's request, where the
// job keeps it.
RECONBOUND_API const std::vector<Setting>& job_setting_table();

// The row named `name` in bound_setting_table() or job_setting_table().
RECONBOUND_API const Setting& job_setting(std::string_view name);

// The CLI's option for a name: "--" + name with '-' for '_'.
RECONBOUND_API std::string flag_of(std::string_view name);

// The default as text: "0.05", "pilot", "false", "1,2,4"; empty for none.
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

// The defaults, typed, for BoundSettings' members and the front ends' options (read from the row
// of job_setting).
RECONBOUND_API double default_number(std::string_view name);
RECONBOUND_API std::int64_t default_whole(std::string_view name);
RECONBOUND_API std::string default_choice(std::string_view name);
RECONBOUND_API bool default_flag(std::string_view name);

}  // namespace reconbound::workflow
