#include "reconbound/params.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include "reconbound/error.hpp"

namespace reconbound {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

template <class T>
bool parse_number(std::string_view text, T& out) {
  const auto* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end;
}

}  // namespace

Params Params::parse(std::string_view text) {
  Params params;
  while (!text.empty()) {
    const auto comma = text.find(',');
    const auto item = trim(text.substr(0, comma));
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0) {
      throw InvalidInput(fmt::format("parameter '{}' is not of the form key=value", item));
    }
    params.set(std::string(trim(item.substr(0, eq))), std::string(trim(item.substr(eq + 1))));
  }
  return params;
}

Params& Params::set(const std::string& key, Value value) {
  values_[key] = std::move(value);
  return *this;
}

bool Params::has(const std::string& key) const { return values_.count(key) != 0; }

const Params::Value* Params::find(const std::string& key) const {
  const auto it = values_.find(key);
  return it == values_.end() ? nullptr : &it->second;
}

std::string Params::get_string(const std::string& key, std::optional<std::string> fallback) const {
  const Value* v = find(key);
  if (v == nullptr) {
    if (fallback) return *fallback;
    throw InvalidInput(fmt::format("missing parameter '{}'", key));
  }
  if (const auto* s = std::get_if<std::string>(v)) return *s;
  throw InvalidInput(fmt::format("parameter '{}' must be text", key));
}

double Params::get_double(const std::string& key, std::optional<double> fallback) const {
  const Value* v = find(key);
  if (v == nullptr) {
    if (fallback) return *fallback;
    throw InvalidInput(fmt::format("missing parameter '{}'", key));
  }
  double out = 0.0;
  if (const auto* d = std::get_if<double>(v)) out = *d;
  else if (const auto* i = std::get_if<std::int64_t>(v)) out = static_cast<double>(*i);
  else if (const auto* s = std::get_if<std::string>(v); s == nullptr || !parse_number(*s, out)) {
    throw InvalidInput(fmt::format("parameter '{}' must be a number", key));
  }
  if (!std::isfinite(out)) throw InvalidInput(fmt::format("parameter '{}' must be finite", key));
  return out;
}

std::int64_t Params::get_int(const std::string& key, std::optional<std::int64_t> fallback) const {
  const Value* v = find(key);
  if (v == nullptr) {
    if (fallback) return *fallback;
    throw InvalidInput(fmt::format("missing parameter '{}'", key));
  }
  std::int64_t out = 0;
  if (const auto* i = std::get_if<std::int64_t>(v)) return *i;
  if (const auto* s = std::get_if<std::string>(v); s != nullptr && parse_number(*s, out)) return out;
  throw InvalidInput(fmt::format("parameter '{}' must be an integer", key));
}

std::size_t Params::get_positive_arg(std::string_view plugin, std::string_view meaning,
                                    std::string_view example) const {
  if (!has("arg")) {
    throw InvalidInput(fmt::format("{0}: missing {1}; write {0}:F with an integer F ≥ 1 (e.g. {2})", plugin,
                                   meaning, example));
  }
  const std::int64_t value = get_int("arg");
  if (value < 1) throw InvalidInput(fmt::format("{}: {} F = {} must be an integer ≥ 1", plugin, meaning, value));
  return static_cast<std::size_t>(value);
}

bool Params::get_bool(const std::string& key, std::optional<bool> fallback) const {
  const Value* v = find(key);
  if (v == nullptr) {
    if (fallback) return *fallback;
    throw InvalidInput(fmt::format("missing parameter '{}'", key));
  }
  if (const auto* b = std::get_if<bool>(v)) return *b;
  if (const auto* s = std::get_if<std::string>(v)) {
    if (*s == "true" || *s == "1" || *s == "yes") return true;
    if (*s == "false" || *s == "0" || *s == "no") return false;
  }
  throw InvalidInput(fmt::format("parameter '{}' must be true or false", key));
}

void Params::require_only(const std::set<std::string>& known, std::string_view owner) const {
  for (const auto& [key, value] : values_) {
    if (known.count(key) == 0) {
      throw InvalidInput(fmt::format("unknown parameter '{}' for {} (accepted: {})", key, owner,
                                     known.empty() ? "none" : fmt::format("{}", fmt::join(known, ", "))));
    }
  }
}

}  // namespace reconbound
