#pragma once
// The records the representation suite maps (docs/conformance.md, "Records"): structured images
// that reach the corners of the grey-level box [0, 255]^d and the strong edges where a map
// misbehaves, uniform noise, and real records.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "reconbound/dataset.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound::conformance::detail {

// Records as rows, each with a name the details print ("step left 0 | right 255").
struct RecordSet {
  RowMatrix rows;
  std::vector<std::string> names;

  void add(const RowMatrix& records, const std::string& name_prefix);
  Eigen::Index size() const { return rows.rows(); }
};

// Constant images at 0, 1, 128, 254 and 255; step edges across the middle column and row, each
// way (dark→bright and bright→dark) and along the diagonal; one-pixel lines (bright on dark and
// dark on bright) and stripes two pixels wide; checkerboards of 1, 2 and 4 pixels; a bright pixel
// in the centre and in two corners, a dark one on white; salt-and-pepper at 5 % and 50 %; ramps
// across, down and along the diagonal; with several channels, one channel bright.
RecordSet structured_records(const ImageShape& shape);

// `n` records of independent uniform grey levels 0..255.
RowMatrix noise_records(const ImageShape& shape, std::size_t n, std::uint64_t seed);

}  // namespace reconbound::conformance::detail
