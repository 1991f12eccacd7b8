// Label files (mathematics §6.10): IDX and NumPy arrays of whole numbers, one per record, and
// files of class names.
#include <fmt/format.h>

#include <cmath>
#include <string_view>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "reconbound/workflow/labels.hpp"

namespace reconbound::workflow {

namespace {

// The largest label accepted: labels index classes, and 2^31 of them is far beyond any data set.
constexpr double kLabelLimit = 2147483648.0;

// A label value checked: a whole number in [0, 2^31).
std::size_t checked_label(double value, std::size_t record, const std::string& origin) {
  if (!(value >= 0.0 && value < kLabelLimit && std::floor(value) == value)) {
    throw FileError(fmt::format("{}: record {} has label {}; labels are whole numbers >= 0 (below 2^31)", origin,
                                record, value));
  }
  return static_cast<std::size_t>(value);
}

}  // namespace

std::vector<std::size_t> parse_idx_labels(std::span<const std::uint8_t> bytes, const std::string& origin) {
  const bool gzipped = bytes.size() >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b;
  const Dataset array = gzipped ? parse_idx(detail::gunzip(bytes, origin), origin) : parse_idx(bytes, origin);
  if (array.shape.size() != 1) {
    throw FileError(fmt::format("{}: a label file holds one number per record, not records of shape {}", origin,
                                array.shape.to_string()));
  }
  std::vector<std::size_t> labels(static_cast<std::size_t>(array.records.rows()));
  for (std::size_t i = 0; i < labels.size(); ++i) {
    labels[i] = checked_label(array.records(static_cast<Eigen::Index>(i), 0), i, origin);
  }
  return labels;
}

std::vector<std::string> parse_label_names(const std::string& text, const std::string& origin) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string_view line = std::string_view(text).substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) {
      throw FileError(fmt::format("{}:{}: the line is empty; give one class name per line, the line of label c "
                                  "naming label c", origin, names.size() + 1));
    }
    names.emplace_back(line);
    start = end + 1;
  }
  if (names.empty()) throw FileError(fmt::format("{}: the file holds no class names (one per line)", origin));
  return names;
}

std::string label_name(const Labels& labels, std::size_t c) {
  return c < labels.names.size() ? labels.names[c] : fmt::format("label {}", c);
}

}  // namespace reconbound::workflow
