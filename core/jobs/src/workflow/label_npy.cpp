// A NumPy .npy file of labels (mathematics §6.10): one dimension, a signed or unsigned integer
// type of 1, 2, 4 or 8 bytes, either byte order. The header is the dictionary
// {'descr': '<i8', 'fortran_order': False, 'shape': (N,)} (NumPy's format 1.0, 2.0 or 3.0).
#include <fmt/format.h>

#include <charconv>
#include <cstring>
#include <string_view>

#include "reconbound/error.hpp"
#include "reconbound/workflow/labels.hpp"

namespace reconbound::workflow {

namespace {

struct IntegerType {
  bool is_signed = false;
  bool big_endian = false;
  std::size_t bytes = 0;
};

// The value of `key` in the header dictionary, up to the next ',' outside parentheses or '}'.
std::string_view header_value(std::string_view header, std::string_view key, const std::string& origin) {
  const std::string quoted = fmt::format("'{}'", key);
  const auto at = header.find(quoted);
  const auto colon = at == std::string_view::npos ? at : header.find(':', at + quoted.size());
  if (colon == std::string_view::npos) throw FileError(fmt::format("{}: NPY header has no '{}'", origin, key));
  std::size_t end = colon + 1;
  for (int depth = 0; end < header.size(); ++end) {
    const char c = header[end];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth == 0 && (c == ',' || c == '}')) break;
  }
  std::string_view value = header.substr(colon + 1, end - colon - 1);
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
  return value;
}

IntegerType integer_type(std::string_view descr, const std::string& origin) {
  const bool quoted = descr.size() == 5 && (descr.front() == '\'' || descr.front() == '"') && descr.back() == descr.front();
  const std::string_view d = quoted ? descr.substr(1, 3) : std::string_view();
  const bool order_ok = !d.empty() && (d[0] == '<' || d[0] == '>' || d[0] == '|');
  const bool kind_ok = !d.empty() && (d[1] == 'i' || d[1] == 'u');
  const bool size_ok = !d.empty() && (d[2] == '1' || d[2] == '2' || d[2] == '4' || d[2] == '8');
  if (!order_ok || !kind_ok || !size_ok) {
    throw FileError(fmt::format("{}: labels must be integers (NPY type i1, i2, i4, i8, u1, u2, u4 or u8), not {}",
                                origin, descr));
  }
  return {d[1] == 'i', d[0] == '>', static_cast<std::size_t>(d[2] - '0')};
}

// N of a one-dimensional shape "(N,)".
std::size_t one_dimension(std::string_view shape, const std::string& origin) {
  std::size_t n = 0;
  const bool framed = shape.size() >= 3 && shape.front() == '(' && shape.back() == ')';
  std::string_view inside = framed ? shape.substr(1, shape.size() - 2) : std::string_view();
  while (!inside.empty() && (inside.back() == ' ' || inside.back() == ',')) inside.remove_suffix(1);
  const auto [end, ec] = std::from_chars(inside.data(), inside.data() + inside.size(), n);
  if (!framed || inside.empty() || ec != std::errc() || end != inside.data() + inside.size() || n == 0) {
    throw FileError(fmt::format("{}: a label file is one non-empty dimension (N,), not the shape {}", origin, shape));
  }
  return n;
}

// Value i of `data` as a label: FileError for a negative one or one of 2^31 or more.
std::size_t label_at(std::span<const std::uint8_t> data, std::size_t i, const IntegerType& type,
                     const std::string& origin) {
  std::uint64_t raw = 0;
  for (std::size_t b = 0; b < type.bytes; ++b) {
    const std::size_t byte = type.big_endian ? b : type.bytes - 1 - b;
    raw = (raw << 8) | data[i * type.bytes + byte];
  }
  const bool negative = type.is_signed && (raw >> (8 * type.bytes - 1)) != 0;
  if (negative || raw >= (std::uint64_t{1} << 31)) {
    throw FileError(fmt::format("{}: record {} has a label {}; labels are whole numbers >= 0 (below 2^31)", origin, i,
                                negative ? "below 0" : "of 2^31 or more"));
  }
  return static_cast<std::size_t>(raw);
}

}  // namespace

std::vector<std::size_t> parse_npy_labels(std::span<const std::uint8_t> bytes, const std::string& origin) {
  constexpr std::string_view kMagic("\x93NUMPY", 6);
  if (bytes.size() < 10 || std::memcmp(bytes.data(), kMagic.data(), kMagic.size()) != 0) {
    throw FileError(fmt::format("{}: not an NPY file: it does not start with \"\\x93NUMPY\"", origin));
  }
  const bool long_header = bytes[6] >= 2;  // format 2.0 and 3.0: a 4-byte header length
  const std::size_t length_end = long_header ? 12 : 10;
  if (bytes.size() < length_end) throw FileError(fmt::format("{}: truncated NPY header", origin));
  std::size_t header_length = std::size_t{bytes[8]} | (std::size_t{bytes[9]} << 8);
  if (long_header) header_length |= (std::size_t{bytes[10]} << 16) | (std::size_t{bytes[11]} << 24);
  if (bytes.size() - length_end < header_length) throw FileError(fmt::format("{}: truncated NPY header", origin));
  const std::string_view header(reinterpret_cast<const char*>(bytes.data()) + length_end, header_length);
  const IntegerType type = integer_type(header_value(header, "descr", origin), origin);
  const std::size_t n = one_dimension(header_value(header, "shape", origin), origin);
  const std::span<const std::uint8_t> data = bytes.subspan(length_end + header_length);
  if (data.size() % type.bytes != 0 || data.size() / type.bytes != n) {
    throw FileError(fmt::format("{}: the NPY data holds {} bytes, not the {} labels of {} bytes its shape says",
                                origin, data.size(), n, type.bytes));
  }
  std::vector<std::size_t> labels(n);
  for (std::size_t i = 0; i < n; ++i) labels[i] = label_at(data, i, type, origin);
  return labels;
}

}  // namespace reconbound::workflow
