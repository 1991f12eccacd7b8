#include "reconbound/workflow/setting_text.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <sstream>

#include "reconbound/error.hpp"

namespace reconbound::workflow {

namespace {

template <class T>
std::vector<T> parse_list(const std::string& text, const std::string& what) {
  std::vector<T> out;
  std::stringstream items(text);
  std::string item;
  while (std::getline(items, item, ',')) {
    T value{};
    const auto* end = item.data() + item.size();
    const auto [ptr, ec] = std::from_chars(item.data(), end, value);
    if (item.empty() || ec != std::errc() || ptr != end) {
      throw InvalidInput(fmt::format("{}: '{}' is not a number in the list '{}'", what, item, text));
    }
    out.push_back(value);
  }
  if (out.empty()) throw InvalidInput(fmt::format("{}: the list is empty", what));
  return out;
}

}  // namespace

std::vector<std::size_t> parse_size_list(const std::string& text, const std::string& what) {
  return parse_list<std::size_t>(text, what);
}

std::vector<double> parse_number_list(const std::string& text, const std::string& what) {
  return parse_list<double>(text, what);
}

std::size_t parse_memory_size(const std::string& text) {
  double value = 0.0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  const auto [end, error] = std::from_chars(first, last, value);
  const std::string unit = error == std::errc() ? std::string(end, last) : std::string();
  const double scale = unit.empty() ? 1.0
                       : unit == "K" ? 0x1p10
                       : unit == "M" ? 0x1p20
                       : unit == "G" ? 0x1p30
                       : unit == "T" ? 0x1p40
                                     : 0.0;
  const double bytes = value * scale;
  if (error != std::errc() || !(bytes >= 1.0) || !std::isfinite(bytes) || bytes > 0x1p62) {
    throw InvalidInput(fmt::format("{} = '{}' must be a size such as 512M, 8G or a number of bytes",
                                   parameter("memory_limit"), text));
  }
  return static_cast<std::size_t>(bytes);
}

}  // namespace reconbound::workflow
