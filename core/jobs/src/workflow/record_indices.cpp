// Record indices from the command line ("a:b") and from index files.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string_view>
#include <utility>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "reconbound/workflow/record_indices.hpp"

namespace reconbound::workflow {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// A whole decimal number filling the whole of text, or nothing.
bool parse_whole(std::string_view text, std::size_t& out) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return !text.empty() && ec == std::errc() && ptr == end;
}

bool is_separator(char c) { return c == ',' || std::isspace(static_cast<unsigned char>(c)); }

}  // namespace

IndexRange parse_index_range(const std::string& text) {
  const auto colon = text.find(':');
  IndexRange range;
  const bool ok = colon != std::string::npos &&
                  parse_whole(trim(std::string_view(text).substr(0, colon)), range.begin) &&
                  parse_whole(trim(std::string_view(text).substr(colon + 1)), range.end) && range.begin < range.end;
  if (!ok) {
    throw InvalidInput(fmt::format("index range '{}' is not 'a:b' with whole numbers a < b (records a to b-1)", text));
  }
  return range;
}

std::vector<std::size_t> range_indices(const IndexRange& range, std::size_t n_records) {
  if (range.begin >= range.end || range.end > n_records) {
    throw InvalidInput(
        fmt::format("index range {}:{} is empty or runs past the {} records of the data set "
                    "(valid ranges lie within 0:{})",
                    range.begin, range.end, n_records, n_records));
  }
  std::vector<std::size_t> indices(range.end - range.begin);
  for (std::size_t i = 0; i < indices.size(); ++i) indices[i] = range.begin + i;
  return indices;
}

std::vector<std::size_t> parse_index_list(const std::string& text, const std::string& origin) {
  std::vector<std::pair<std::size_t, std::size_t>> entries;  // (index, line number)
  std::size_t line_no = 1;
  bool in_comment = false;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const char c = text[pos];
    if (c == '\n') {
      ++line_no;
      in_comment = false;
      ++pos;
    } else if (in_comment || is_separator(c)) {
      ++pos;
    } else if (c == '#') {
      in_comment = true;
      ++pos;
    } else {
      std::size_t end = pos;
      while (end < text.size() && !is_separator(text[end]) && text[end] != '#') ++end;
      const std::string_view token = std::string_view(text).substr(pos, end - pos);
      std::size_t index = 0;
      if (!parse_whole(token, index)) {
        throw FileError(fmt::format("{}:{}: '{}' is not a record index (a whole number ≥ 0)", origin, line_no, token));
      }
      entries.emplace_back(index, line_no);
      pos = end;
    }
  }
  if (entries.empty()) throw FileError(fmt::format("{}: the index list holds no record indices", origin));
  std::vector<std::pair<std::size_t, std::size_t>> sorted = entries;
  std::sort(sorted.begin(), sorted.end());
  const auto repeat =
      std::adjacent_find(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first == b.first; });
  if (repeat != sorted.end()) {
    throw FileError(fmt::format("{}:{}: record index {} is listed again (first on line {}); list each record once",
                                origin, std::next(repeat)->second, repeat->first, repeat->second));
  }
  std::vector<std::size_t> indices(entries.size());
  std::transform(entries.begin(), entries.end(), indices.begin(), [](const auto& e) { return e.first; });
  return indices;
}

std::vector<std::size_t> read_index_file(const std::string& path) {
  const std::vector<std::uint8_t> bytes = detail::read_file_bytes(path);
  return parse_index_list(std::string(bytes.begin(), bytes.end()), path);
}

}  // namespace reconbound::workflow
