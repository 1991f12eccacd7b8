// The NumPy .npy format (versions 1.0, 2.0, 3.0): "\x93NUMPY", major, minor, a little-endian
// header length (2 bytes in 1.0, 4 bytes in 2.0/3.0), a Python dict literal
// {'descr': ..., 'fortran_order': ..., 'shape': (...)}, then the raw values.
#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <cstring>
#include <optional>
#include <string_view>
#include <vector>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "records.hpp"

namespace reconbound {

namespace {

struct NpyHeader {
  std::string descr;
  bool fortran_order = false;
  std::vector<std::uint64_t> shape;
};

// A recursive-descent reader for the small subset of Python literals an .npy header uses:
// strings in single or double quotes, True/False, and tuples of whole numbers.
class HeaderParser {
 public:
  HeaderParser(std::string_view text, const std::string& origin) : text_(text), origin_(origin) {}

  NpyHeader parse() {
    NpyHeader header;
    bool seen_descr = false, seen_fortran = false, seen_shape = false;
    expect('{');
    while (!consume('}')) {
      const std::string key = string_literal();
      expect(':');
      auto mark_seen = [&](bool& seen) {
        if (seen) fail(fmt::format("key '{}' appears twice", key));
        seen = true;
      };
      if (key == "descr") {
        mark_seen(seen_descr);
        header.descr = string_literal();
      } else if (key == "fortran_order") {
        mark_seen(seen_fortran);
        header.fortran_order = boolean_literal();
      } else if (key == "shape") {
        mark_seen(seen_shape);
        header.shape = tuple_literal();
      } else {
        fail(fmt::format("unexpected key '{}' (expected 'descr', 'fortran_order', 'shape')", key));
      }
      if (!consume(',')) {
        expect('}');
        break;
      }
    }
    skip_space();
    if (pos_ != text_.size()) fail("unexpected text after the closing '}'");
    if (!seen_descr || !seen_fortran || !seen_shape) fail("'descr', 'fortran_order' and 'shape' are all required");
    return header;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw FileError(fmt::format("{}: bad NPY header at character {}: {}", origin_, pos_, what));
  }
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool consume(char c) {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!consume(c)) fail(fmt::format("expected '{}'", c));
  }
  std::string string_literal() {
    skip_space();
    if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"')) fail("expected a quoted string");
    const char quote = text_[pos_++];
    const std::size_t end = text_.find(quote, pos_);
    if (end == std::string_view::npos) fail("unterminated string");
    std::string value(text_.substr(pos_, end - pos_));
    pos_ = end + 1;
    return value;
  }
  bool boolean_literal() {
    skip_space();
    for (const auto& [word, value] : {std::pair{std::string_view("True"), true}, {std::string_view("False"), false}}) {
      if (text_.substr(pos_, word.size()) == word) {
        pos_ += word.size();
        return value;
      }
    }
    fail("expected True or False");
  }
  std::vector<std::uint64_t> tuple_literal() {
    std::vector<std::uint64_t> dims;
    expect('(');
    while (!consume(')')) {
      skip_space();
      std::uint64_t dim = 0;
      const char* first = text_.data() + pos_;
      const auto [ptr, ec] = std::from_chars(first, text_.data() + text_.size(), dim);
      if (ec != std::errc() || ptr == first) fail("expected a whole number in 'shape'");
      pos_ += static_cast<std::size_t>(ptr - first);
      if (pos_ < text_.size() && text_[pos_] == 'L') ++pos_;  // Python 2 long suffix, as old NumPy wrote it
      if (dims.size() == 4) fail("'shape' has more than 4 dimensions; records need 1 to 4");
      dims.push_back(dim);
      if (!consume(',')) {
        expect(')');
        break;
      }
    }
    return dims;
  }

  std::string_view text_;
  const std::string& origin_;
  std::size_t pos_ = 0;
};

struct NpyType {
  detail::ElementType type;
  bool big_endian;
};

NpyType npy_element_type(const std::string& descr, const std::string& origin) {
  // One byte has no byte order: NumPy writes '|u1', but '<u1' and '>u1' mean the same.
  if (descr == "|u1" || descr == "<u1" || descr == ">u1") return {detail::ElementType::uint8, false};
  if (descr == "<f4") return {detail::ElementType::float32, false};
  if (descr == ">f4") return {detail::ElementType::float32, true};
  if (descr == "<f8") return {detail::ElementType::float64, false};
  if (descr == ">f8") return {detail::ElementType::float64, true};
  throw FileError(
      fmt::format("{}: unsupported NPY dtype '{}': only uint8 ('|u1'), float32 ('<f4') and float64 "
                  "('<f8') are read; convert with arr.astype(np.float64)",
                  origin, descr));
}

std::uint32_t load_le(const std::uint8_t* p, std::size_t width) {
  std::uint32_t value = 0;
  for (std::size_t i = width; i-- > 0;) value = (value << 8) | p[i];
  return value;
}

}  // namespace

namespace detail {

NpyArray parse_npy_header(std::span<const std::uint8_t> bytes, const std::string& origin) {
  static constexpr std::uint8_t kMagic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
  if (bytes.size() < 8 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
    throw FileError(fmt::format("{}: not an NPY file: it does not start with \"\\x93NUMPY\"", origin));
  }
  const unsigned major = bytes[6], minor = bytes[7];
  if (major < 1 || major > 3 || minor != 0) {
    throw FileError(
        fmt::format("{}: unsupported NPY format version {}.{} (1.0, 2.0 and 3.0 are read)", origin, major, minor));
  }
  // Version 1.0 stores the header length in 2 bytes, versions 2.0 and 3.0 in 4.
  const std::size_t length_width = major == 1 ? 2 : 4;
  const std::size_t header_start = 8 + length_width;
  if (bytes.size() < header_start) throw FileError(fmt::format("{}: truncated NPY header", origin));
  const std::size_t header_length = load_le(bytes.data() + 8, length_width);
  if (bytes.size() - header_start < header_length) {
    throw FileError(fmt::format("{}: truncated NPY header: it declares {} bytes, the file has {} left", origin,
                                header_length, bytes.size() - header_start));
  }
  const std::string_view text(reinterpret_cast<const char*>(bytes.data() + header_start), header_length);
  const NpyHeader header = HeaderParser(text, origin).parse();

  const NpyType type = npy_element_type(header.descr, origin);
  if (header.fortran_order) {
    throw FileError(
        fmt::format("{}: NPY array is in Fortran order; save it in C order "
                    "(np.save(path, np.ascontiguousarray(arr)))",
                    origin));
  }
  const RecordLayout layout = layout_from_dims(header.shape, origin, "NPY");
  // layout_from_dims bounds N·d by 2^31, so this product fits in 64 bits.
  const std::size_t expected = layout.n_records * layout.shape.size() * element_size(type.type);
  const auto data = bytes.subspan(header_start + header_length);
  if (data.size() < expected) {
    throw FileError(
        fmt::format("{}: truncated NPY data: shape needs {} bytes, found {}", origin, expected, data.size()));
  }
  if (data.size() > expected) {
    throw FileError(fmt::format("{}: NPY file has {} trailing bytes after the data; the header and data disagree",
                                origin, data.size() - expected));
  }
  return {type.type, type.big_endian, layout, data};
}

}  // namespace detail

Dataset parse_npy(std::span<const std::uint8_t> bytes, const std::string& origin) {
  const detail::NpyArray array = detail::parse_npy_header(bytes, origin);
  Dataset out = detail::decode_records(array.data, array.type, array.big_endian, array.layout, origin);
  out.source = "npy:" + origin;
  return out;
}

// The file is mapped rather than read into a buffer: only the decoded doubles take memory.
Dataset read_npy(const std::string& path) { return MappedDataset::open_npy(path)->read_all(); }

}  // namespace reconbound
