#include "reconbound/error.hpp"

#include <fmt/format.h>

namespace reconbound {

// Key functions: the vtables and type info of the exceptions live in the core library.
Error::~Error() = default;
InvalidInput::~InvalidInput() = default;
FileError::~FileError() = default;
PluginError::~PluginError() = default;
NumericalError::~NumericalError() = default;
Cancelled::~Cancelled() = default;

namespace {

// The marks around a parameter in a message, and between its name and a value.
constexpr std::string_view kOpen = "‹";
constexpr std::string_view kClose = "›";
constexpr char kValue = '=';

}  // namespace

std::string parameter(std::string_view name) { return fmt::format("{}{}{}", kOpen, name, kClose); }

std::string parameter(std::string_view name, double value) {
  return fmt::format("{}{}{}{}{}", kOpen, name, kValue, value, kClose);
}

std::string spell_parameters(std::string_view message, const ParameterSpelling& spelling) {
  std::string out;
  for (;;) {
    const std::size_t open = message.find(kOpen);
    const std::size_t close = open == std::string_view::npos ? open : message.find(kClose, open);
    if (close == std::string_view::npos) break;
    out += message.substr(0, open);
    const std::string_view marked = message.substr(open + kOpen.size(), close - open - kOpen.size());
    const std::size_t value = marked.find(kValue);
    out += spelling.name(marked.substr(0, value));
    if (value != std::string_view::npos) out += spelling.value_separator + std::string(marked.substr(value + 1));
    message.remove_prefix(close + kClose.size());
  }
  out += message;
  return out;
}

}  // namespace reconbound
