#pragma once
// Typed key→value parameters handed to plugin factories, parsed from the CLI
// ("key=value,key=value") or a config file. Unknown or ill-typed keys are errors
// that name the key.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>

#include "reconbound/export.hpp"

namespace reconbound {

class RECONBOUND_API Params {
 public:
  using Value = std::variant<bool, std::int64_t, double, std::string>;

  Params() = default;

  // Parses "a=1,b=0.5,c=text". A value is stored as text and typed on access.
  static Params parse(std::string_view text);

  Params& set(const std::string& key, Value value);
  bool has(const std::string& key) const;

  // Typed access: throw InvalidInput naming the key when the value has the wrong type.
  std::string get_string(const std::string& key, std::optional<std::string> fallback = {}) const;
  double get_double(const std::string& key, std::optional<double> fallback = {}) const;
  std::int64_t get_int(const std::string& key, std::optional<std::int64_t> fallback = {}) const;
  bool get_bool(const std::string& key, std::optional<bool> fallback = {}) const;

  // The `arg` of a "plugin:F" spec (e.g. "name:4") as an integer F ≥ 1. Throws
  // InvalidInput naming the plugin, what F is (`meaning`) and an example spec when it is
  // missing, not an integer, or < 1.
  std::size_t get_positive_arg(std::string_view plugin, std::string_view meaning,
                               std::string_view example) const;

  // Throws InvalidInput naming the first key that is not in `known`.
  void require_only(const std::set<std::string>& known, std::string_view owner) const;

  const std::map<std::string, Value>& values() const { return values_; }

 private:
  const Value* find(const std::string& key) const;
  std::map<std::string, Value> values_;
};

}  // namespace reconbound
