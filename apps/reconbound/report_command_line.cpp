#include "report_command_line.hpp"

namespace reconbound::cli {

namespace {

// `text` as one word of a POSIX shell: as it is when it needs no quoting, else in single quotes.
std::string shell_word(const std::string& text) {
  const bool plain = !text.empty() && text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                                             "0123456789_./:=,+-@%") == std::string::npos;
  if (plain) return text;
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::string command_line(const CLI::App& command) {
  std::string out = "reconbound " + command.get_name();
  for (const CLI::Option* option : command.get_options()) {
    if (option->count() == 0) continue;
    const std::string name = option->get_name();
    if (option->get_expected_max() == 0) {  // a flag
      out += " " + name;
      continue;
    }
    for (const std::string& value : option->results()) out += " " + name + " " + shell_word(value);
  }
  return out;
}

}  // namespace reconbound::cli
