// The parameter device=cpu|opencl|opencl:N|auto and the environment's kernel layout
// (RECONBOUND_OPENCL_LAYOUT): parsed the same in builds with and without the OpenCL backend.
#include <fmt/format.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "opencl/device_kernel.hpp"
#include "reconbound/error.hpp"

namespace reconbound::goldfeld {

namespace {

// The whole number `text` spells in decimal digits (at most 9 of them), nullopt for anything else.
// (Not std::from_chars: its digit table is a GNU-unique symbol, which would keep the plugin
// loaded after its registry is gone; tests/soak checks that none is left.)
std::optional<std::size_t> whole_number(std::string_view text) {
  if (text.empty() || text.size() > 9) return std::nullopt;
  std::size_t out = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    out = 10 * out + static_cast<std::size_t>(c - '0');
  }
  return out;
}

}  // namespace

DeviceSetting parse_device_setting(const std::string& value) {
  if (value == "cpu") return {DeviceSetting::Kind::cpu, std::nullopt};
  if (value == "auto") return {DeviceSetting::Kind::automatic, std::nullopt};
  if (value == "opencl") return {DeviceSetting::Kind::opencl, std::nullopt};
  constexpr std::string_view kPrefix = "opencl:";
  if (value.starts_with(kPrefix)) {
    const std::optional<std::size_t> index = whole_number(std::string_view(value).substr(kPrefix.size()));
    if (index.has_value()) return {DeviceSetting::Kind::opencl, *index};
  }
  throw InvalidInput(fmt::format(
      "parameter 'device'='{}' must be cpu, opencl, opencl:N (the N-th OpenCL device of `reconbound plugins`) or auto",
      value));
}

DeviceVariant environment_variant() {
  const char* text = std::getenv("RECONBOUND_OPENCL_LAYOUT");
  if (text == nullptr || *text == '\0') return {};
  const std::string value(text);
  DeviceVariant out;
  const std::size_t comma = value.find(',');
  const std::optional<std::size_t> q = whole_number(std::string_view(value).substr(0, comma));
  const std::optional<std::size_t> group =
      comma == std::string::npos ? std::nullopt : whole_number(std::string_view(value).substr(comma + 1));
  const bool parsed = q.has_value() && group.has_value();
  if (parsed) {
    out.queries_per_item = *q;
    out.group = *group;
  }
  if (!parsed || out.queries_per_item < 1 || out.queries_per_item > 8 || out.group < 1 || out.group > 1024) {
    throw InvalidInput(fmt::format("RECONBOUND_OPENCL_LAYOUT='{}' must be Q,GROUP: queries per work item from 1 to 8 "
                                   "and a work-group size from 1 to 1024 (e.g. 2,128); it changes speed, not results",
                                   value));
  }
  return out;
}

}  // namespace reconbound::goldfeld
