#include "checkpoint_header.hpp"

#include <fmt/format.h>

#include <string_view>
#include <vector>

#include "reconbound/error.hpp"

namespace reconbound {

namespace {

constexpr std::string_view kFormatLine = "reconbound checkpoint 1";

// Fields and values are one line each: tabs and line breaks become spaces.
std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  }
  return text;
}

}  // namespace

std::string checkpoint_header_text(const Fingerprint& fingerprint) {
  std::string text = std::string(kFormatLine) + "\n";
  for (const auto& [field, value] : fingerprint) text += one_line(field) + "\t" + one_line(value) + "\n";
  return text + "\n";
}

std::size_t check_checkpoint_header(const std::string& bytes, const Fingerprint& fingerprint,
                                    const std::string& path) {
  const auto not_ours = [&] {
    return InvalidInput(fmt::format("{} is not a reconbound checkpoint (or was written by another version); give "
                                    "another {} file or delete it",
                                    path, parameter("checkpoint")));
  };
  const std::size_t end = bytes.find("\n\n");
  if (end == std::string::npos || bytes.compare(0, kFormatLine.size() + 1, std::string(kFormatLine) + "\n") != 0) {
    throw not_ours();
  }
  std::vector<std::pair<std::string, std::string>> on_file;
  for (std::size_t at = kFormatLine.size() + 1; at <= end;) {
    const std::size_t line_end = bytes.find('\n', at);
    const std::string_view line(bytes.data() + at, line_end - at);
    const std::size_t tab = line.find('\t');
    if (tab == std::string_view::npos) throw not_ours();
    on_file.emplace_back(std::string(line.substr(0, tab)), std::string(line.substr(tab + 1)));
    at = line_end + 1;
  }
  for (std::size_t i = 0; i < std::max(on_file.size(), fingerprint.size()); ++i) {
    const std::string field = i < fingerprint.size() ? one_line(fingerprint[i].first) : on_file[i].first;
    const std::string now = i < fingerprint.size() ? one_line(fingerprint[i].second) : "(none)";
    const std::string then = i < on_file.size() && on_file[i].first == field ? on_file[i].second : "(none)";
    if (now != then || (i < on_file.size() && on_file[i].first != field)) {
      throw InvalidInput(fmt::format("checkpoint {} was written for another run: {} was '{}' there and is '{}' now; "
                                     "rerun with the same inputs, or give another {} file",
                                     path, field, then, now, parameter("checkpoint")));
    }
  }
  return end + 2;
}

}  // namespace reconbound
