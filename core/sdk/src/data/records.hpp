#pragma once
// Private helpers shared by the IDX and NPY readers: the record layout implied by an array's
// dimensions, and the decoding of its values into a Dataset.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reconbound/dataset.hpp"

namespace reconbound::detail {

enum class ElementType { uint8, int8, int16, int32, float32, float64 };

std::size_t element_size(ElementType type);

// Records and shape of one record for an array whose first axis counts records:
// 1 dim → (1, 1, 1), 2 dims (N, W) → (1, 1, W), 3 dims (N, H, W) → (1, H, W),
// 4 dims (N, C, H, W) → (C, H, W).
struct RecordLayout {
  std::size_t n_records = 0;
  ImageShape shape;
  std::size_t rank = 1;  // the array's dimensions, the first counting records
};

// FileError naming origin and format (e.g. "IDX") when there are not 1 to 4 dimensions, a
// dimension is 0, or N·d exceeds kMaxDatasetValues (checked without overflow).
RecordLayout layout_from_dims(std::span<const std::uint64_t> dims, const std::string& origin, std::string_view format);

// Decodes data.size() / element_size(type) values (whole records of d values each) into dst,
// which must have room for them. FileError naming origin and the record (counted from
// first_record) when a floating-point value is NaN or infinite.
void decode_values(std::span<const std::uint8_t> data, ElementType type, bool big_endian, std::size_t d, double* dst,
                   const std::string& origin, std::size_t first_record = 0);

// Decodes layout.n_records × layout.shape.size() values of the given type from data (which must
// hold exactly that many bytes; the caller checks), big- or little-endian, into a Dataset.
// FileError naming origin and the record when a floating-point value is NaN or infinite.
Dataset decode_records(std::span<const std::uint8_t> data, ElementType type, bool big_endian,
                       const RecordLayout& layout, const std::string& origin);

// An IDX array whose header has been checked: its element type, record layout, and data bytes
// (exactly n_records · d · element_size bytes).
struct IdxArray {
  ElementType type;
  RecordLayout layout;
  std::span<const std::uint8_t> data;
};

// An NPY array whose header has been checked: its element type and byte order, record layout,
// and data bytes (exactly n_records · d · element_size bytes).
struct NpyArray {
  ElementType type;
  bool big_endian;
  RecordLayout layout;
  std::span<const std::uint8_t> data;
};

// Checks an NPY header (versions 1.0 to 3.0, parse_npy's dtypes, C order) and the data length;
// FileError naming origin otherwise.
NpyArray parse_npy_header(std::span<const std::uint8_t> bytes, const std::string& origin);

// Checks an IDX header and the data length; FileError naming origin otherwise.
IdxArray parse_idx_header(std::span<const std::uint8_t> bytes, const std::string& origin);

}  // namespace reconbound::detail
