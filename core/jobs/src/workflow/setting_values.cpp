// A setting's values as text, its checks and its typed defaults (workflow/setting_table.hpp).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "reconbound/error.hpp"
#include "reconbound/workflow/setting_table.hpp"

namespace reconbound::workflow {

namespace {

template <class T>
const T& typed_default(std::string_view name) {
  const SettingValue& value = job_setting(name).default_value;
  if (!std::holds_alternative<T>(value)) throw std::logic_error(fmt::format("setting {} has another type", name));
  return std::get<T>(value);
}

bool in_range(const SettingRange& r, double x) {
  if (std::isnan(x) || (r.whole && std::floor(x) != x)) return false;
  const bool above_low = r.low_open ? x > r.low : x >= r.low;
  const bool below_high = r.high_open ? x < r.high : x <= r.high;
  return above_low && below_high;
}

}  // namespace

std::string value_text(const SettingValue& value) {
  struct Text {
    std::string operator()(std::monostate) const { return ""; }
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(std::int64_t n) const { return fmt::format("{}", n); }
    std::string operator()(double x) const { return fmt::format("{}", x); }
    std::string operator()(const std::string& s) const { return s; }
    std::string operator()(const std::vector<double>& xs) const { return fmt::format("{}", fmt::join(xs, ",")); }
  };
  return std::visit(Text{}, value);
}

std::string range_text(const SettingRange& r) {
  if (std::isinf(r.high)) return fmt::format("{} {}", r.low_open ? ">" : ">=", r.low);
  return fmt::format("{}{}, {}{}", r.low_open ? "(" : "[", r.low, r.high, r.high_open ? ")" : "]");
}

std::string bad_choice_message(const Setting& s, std::string_view given) {
  std::string names;
  for (const auto& c : s.choices) names += (names.empty() ? "" : ",") + c;
  return fmt::format("{}: {} not in {{{}}}", parameter(s.name), given, names);
}

std::string whole_number_problem(const SettingRange& r, std::string_view given) {
  std::int64_t value = 0;
  const char* end = given.data() + given.size();
  const auto [stop, ec] = std::from_chars(given.data(), end, value);
  if (ec == std::errc() && stop == end && in_range(r, static_cast<double>(value))) return "";
  return fmt::format("'{}' is not a whole number {}{}", given, std::isinf(r.high) ? "" : "in ", range_text(r));
}

std::string bad_number_message(const Setting& s, double given) {
  const SettingRange& r = s.range.value();
  const std::string note = s.note.empty() ? "" : ": " + s.note;
  if (r.whole) return fmt::format("{}: {}{}", parameter(s.name), whole_number_problem(r, fmt::format("{}", given)), note);
  const std::string where = std::isinf(r.high) ? range_text(r) : "in " + range_text(r);
  return fmt::format("{} must be {}{}", parameter(s.name, given), where, note);
}

void check_choice(const Setting& s, const std::string& given) {
  if (std::find(s.choices.begin(), s.choices.end(), given) == s.choices.end()) {
    throw InvalidInput(bad_choice_message(s, given));
  }
}

void check_number(const Setting& s, double given) {
  if (!in_range(s.range.value(), given)) throw InvalidInput(bad_number_message(s, given));
}

double default_number(std::string_view name) { return typed_default<double>(name); }
std::int64_t default_whole(std::string_view name) { return typed_default<std::int64_t>(name); }
std::string default_choice(std::string_view name) { return typed_default<std::string>(name); }
bool default_flag(std::string_view name) { return typed_default<bool>(name); }

}  // namespace reconbound::workflow
