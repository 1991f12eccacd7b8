// The IDX format (LeCun's MNIST files): 00 00 <type> <ndims>, ndims big-endian uint32 sizes,
// then the values, big-endian, in C order.
#include <fmt/format.h>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "records.hpp"

namespace reconbound {

namespace {

detail::ElementType idx_element_type(std::uint8_t code, const std::string& origin) {
  switch (code) {
    case 0x08:
      return detail::ElementType::uint8;
    case 0x09:
      return detail::ElementType::int8;
    case 0x0B:
      return detail::ElementType::int16;
    case 0x0C:
      return detail::ElementType::int32;
    case 0x0D:
      return detail::ElementType::float32;
    case 0x0E:
      return detail::ElementType::float64;
    default:
      throw FileError(
          fmt::format("{}: unknown IDX element type 0x{:02X} (expected 08, 09, 0B, 0C, 0D or 0E)", origin, code));
  }
}

std::uint64_t load_be32(const std::uint8_t* p) {
  return (std::uint64_t{p[0]} << 24) | (std::uint64_t{p[1]} << 16) | (std::uint64_t{p[2]} << 8) | p[3];
}

}  // namespace

namespace detail {

IdxArray parse_idx_header(std::span<const std::uint8_t> bytes, const std::string& origin) {
  if (bytes.size() < 4) {
    throw FileError(
        fmt::format("{}: not an IDX file: only {} bytes, shorter than the 4-byte magic number", origin, bytes.size()));
  }
  if (bytes[0] != 0 || bytes[1] != 0) {
    throw FileError(fmt::format("{}: not an IDX file: bad magic number (starts {:02X} {:02X}, expected 00 00)", origin,
                                bytes[0], bytes[1]));
  }
  const ElementType type = idx_element_type(bytes[2], origin);
  const std::size_t ndims = bytes[3];
  if (ndims < 1 || ndims > 4) {
    throw FileError(fmt::format("{}: IDX file has {} dimensions; records need 1 to 4", origin, ndims));
  }
  const std::size_t header = 4 + 4 * ndims;
  if (bytes.size() < header) {
    throw FileError(fmt::format("{}: truncated IDX header: {} bytes, the {} dimension sizes need {}", origin,
                                bytes.size(), ndims, header));
  }
  std::uint64_t dims[4] = {};
  for (std::size_t k = 0; k < ndims; ++k) dims[k] = load_be32(bytes.data() + 4 + 4 * k);
  const RecordLayout layout = layout_from_dims(std::span(dims, ndims), origin, "IDX");
  // layout_from_dims bounds N·d by 2^31, so this product fits in 64 bits.
  const std::size_t expected = layout.n_records * layout.shape.size() * element_size(type);
  const std::size_t found = bytes.size() - header;
  if (found < expected) {
    throw FileError(fmt::format("{}: truncated IDX file: {} records of {} values need {} data bytes, found {}", origin,
                                layout.n_records, layout.shape.size(), expected, found));
  }
  if (found > expected) {
    throw FileError(
        fmt::format("{}: IDX file has {} trailing bytes after the data of {} record(s); the header and data disagree",
                    origin, found - expected, layout.n_records));
  }
  return IdxArray{type, layout, bytes.subspan(header)};
}

}  // namespace detail

Dataset parse_idx(std::span<const std::uint8_t> bytes, const std::string& origin) {
  const detail::IdxArray array = detail::parse_idx_header(bytes, origin);
  Dataset out = detail::decode_records(array.data, array.type, /*big_endian=*/true, array.layout, origin);
  out.source = "idx:" + origin;
  return out;
}

// Inflated (or mapped) and decoded as for a bound that keeps it encoded: one reader of files.
Dataset read_idx(const std::string& path) { return MappedDataset::open_idx(path)->read_all(); }

}  // namespace reconbound
