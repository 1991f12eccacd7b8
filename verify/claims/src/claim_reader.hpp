#pragma once
// Reading the fields of one claim object (claims library internals): every problem is a
// FileError of one line naming the file, the claim (1-based) and the field, and every field
// read is remembered, so that a misspelt or misplaced field is an error rather than ignored.
#include <fmt/format.h>

#include <cstddef>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>

#include "reconbound/claims/claim_kinds.hpp"
#include "reconbound/error.hpp"

namespace reconbound::claims::detail {

// A JSON value as it appears in a message: one line, at most 40 characters.
inline std::string shown(const nlohmann::json& value) {
  std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return text;
}

class ClaimReader {
 public:
  ClaimReader(const nlohmann::json& object, const std::string& origin, std::size_t index)
      : object_(object), origin_(origin), index_(index) {}

  [[noreturn]] void fail(std::string_view field, std::string_view problem) const {
    throw FileError(fmt::format("{}: claim {}, field \"{}\": {}", origin_, index_, field, problem));
  }

  bool has(const std::string& field) const { return object_.contains(field); }

  const nlohmann::json& field(const std::string& name) {
    const auto it = object_.find(name);
    if (it == object_.end()) fail(name, "missing");
    read_.insert(name);
    return *it;
  }

  double number(const nlohmann::json& value, std::string_view name, const Domain& domain) const {
    if (!value.is_number() || !domain.contains(value.get<double>())) {
      fail(name, fmt::format("must be {} (got {})", domain.describe(), shown(value)));
    }
    return value.get<double>();
  }

  double number(const std::string& name, const Domain& domain) { return number(field(name), name, domain); }

  std::string text(const std::string& name) {
    const nlohmann::json& value = field(name);
    if (!value.is_string()) fail(name, fmt::format("must be a string (got {})", shown(value)));
    return value.get<std::string>();
  }

  // Every field of the object that was never read.
  void reject_unread(std::string_view kind) const {
    for (const auto& [key, value] : object_.items()) {
      if (!read_.contains(key)) fail(key, fmt::format("not a field of a \"{}\" claim", kind));
    }
  }

 private:
  const nlohmann::json& object_;
  const std::string& origin_;
  std::size_t index_;
  std::set<std::string> read_;
};

}  // namespace reconbound::claims::detail
