#include "records.hpp"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <cstring>

#include "reconbound/error.hpp"

namespace reconbound::detail {

std::size_t element_size(ElementType type) {
  switch (type) {
    case ElementType::uint8:
    case ElementType::int8:
      return 1;
    case ElementType::int16:
      return 2;
    case ElementType::int32:
    case ElementType::float32:
      return 4;
    case ElementType::float64:
      return 8;
  }
  return 0;  // unreachable: every enumerator is handled above
}

RecordLayout layout_from_dims(std::span<const std::uint64_t> dims, const std::string& origin, std::string_view format) {
  if (dims.empty() || dims.size() > 4) {
    throw FileError(fmt::format("{}: {} array has {} dimensions; records need 1 to 4 (N, N×d, N×H×W or N×C×H×W)",
                                origin, format, dims.size()));
  }
  if (dims[0] == 0) throw FileError(fmt::format("{}: {} array holds zero records", origin, format));
  // N·d is accumulated in 64 bits; every factor is first checked ≤ 2^31, so no product of two
  // checked values (≤ 2^62) can overflow.
  std::uint64_t values = 1;
  for (std::size_t k = 0; k < dims.size(); ++k) {
    if (dims[k] == 0) throw FileError(fmt::format("{}: {} dimension {} is 0", origin, format, k));
    const bool too_large = dims[k] > kMaxDatasetValues || (values * dims[k]) > kMaxDatasetValues;
    if (too_large) {
      throw FileError(fmt::format("{}: {} array is larger than the limit of {} values; split the data set", origin,
                                  format, kMaxDatasetValues));
    }
    values *= dims[k];
  }
  RecordLayout layout;
  layout.n_records = static_cast<std::size_t>(dims[0]);
  layout.rank = dims.size();
  const auto dim = [&](std::size_t k) { return static_cast<std::size_t>(dims[k]); };
  switch (dims.size()) {
    case 1:
      layout.shape = ImageShape{1, 1, 1};
      break;
    case 2:
      layout.shape = ImageShape{1, 1, dim(1)};
      break;
    case 3:
      layout.shape = ImageShape{1, dim(1), dim(2)};
      break;
    default:
      layout.shape = ImageShape{dim(1), dim(2), dim(3)};
      break;
  }
  return layout;
}

namespace {

// Reads one value of width sizeof(Bits) stored with the given byte order, as its bit pattern.
template <class Bits>
Bits load_bits(const std::uint8_t* p, bool big_endian) {
  Bits bits;
  std::memcpy(&bits, p, sizeof(Bits));
  if (big_endian != (std::endian::native == std::endian::big)) {
    Bits swapped = 0;
    for (std::size_t i = 0; i < sizeof(Bits); ++i)
      swapped = static_cast<Bits>((swapped << 8) | ((bits >> (8 * i)) & 0xFF));
    bits = swapped;
  }
  return bits;
}

double load_value(const std::uint8_t* p, ElementType type, bool big_endian) {
  switch (type) {
    case ElementType::uint8:
      return static_cast<double>(*p);
    case ElementType::int8:
      return static_cast<double>(static_cast<std::int8_t>(*p));
    case ElementType::int16:
      return static_cast<double>(std::bit_cast<std::int16_t>(load_bits<std::uint16_t>(p, big_endian)));
    case ElementType::int32:
      return static_cast<double>(std::bit_cast<std::int32_t>(load_bits<std::uint32_t>(p, big_endian)));
    case ElementType::float32:
      return static_cast<double>(std::bit_cast<float>(load_bits<std::uint32_t>(p, big_endian)));
    case ElementType::float64:
      return std::bit_cast<double>(load_bits<std::uint64_t>(p, big_endian));
  }
  return 0.0;  // unreachable: every enumerator is handled above
}

}  // namespace

void decode_values(std::span<const std::uint8_t> data, ElementType type, bool big_endian, std::size_t d, double* dst,
                   const std::string& origin, std::size_t first_record) {
  const std::size_t width = element_size(type);
  const std::size_t count = data.size() / width;
  if (type == ElementType::uint8) {  // the common case (MNIST): a plain widening copy
    for (std::size_t i = 0; i < count; ++i) dst[i] = static_cast<double>(data[i]);
    return;
  }
  const bool floating = type == ElementType::float32 || type == ElementType::float64;
  for (std::size_t i = 0; i < count; ++i) {
    const double v = load_value(data.data() + i * width, type, big_endian);
    if (floating && !std::isfinite(v)) {
      throw FileError(fmt::format("{}: record {} holds a non-finite value ({}) at position {}; remove or repair it",
                                  origin, first_record + i / d, v, i % d));
    }
    dst[i] = v;
  }
}

Dataset decode_records(std::span<const std::uint8_t> data, ElementType type, bool big_endian,
                       const RecordLayout& layout, const std::string& origin) {
  Dataset out;
  out.shape = layout.shape;
  out.records.resize(static_cast<Eigen::Index>(layout.n_records), static_cast<Eigen::Index>(layout.shape.size()));
  // Row-major storage: record r occupies data()[r·d, (r+1)·d).
  decode_values(data, type, big_endian, layout.shape.size(), out.records.data(), origin);
  return out;
}

}  // namespace reconbound::detail
