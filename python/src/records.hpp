#pragma once
// NumPy arrays of records as the core reads them: one record per row, values as doubles,
// channel-major (C, H, W) per record, grey levels in [0, 255] (reconbound/dataset.hpp).
//
// A C-contiguous float64 array is viewed in place (Eigen::Map over its buffer: no copy).
// Any other real array (uint8, float32, integers, non-contiguous float64) is converted once,
// by NumPy, into a C-contiguous float64 array that is then viewed the same way.
//
// The jobs read arrays under a RecordEncoding (reconbound/record_encoding.hpp: the `layout` and
// `scale` keywords): an array that looks channels last or scaled to [0, 1] without being said to
// be is refused naming the keyword; one said to be is converted (copied) to the core's records.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "reconbound/dataset.hpp"
#include "reconbound/matrix.hpp"
#include "reconbound/record_encoding.hpp"

namespace reconbound::python {

class Records {
 public:
  // `array`: (N, ...) with the first axis counting records. `shape` (C, H, W) of one record,
  // or nullopt for the layout the NPY reader gives: (N,) → 1×1×1, (N, W) → 1×1×W,
  // (N, H, W) → 1×H×W, (N, C, H, W) → C×H×W. InvalidInput naming `name` for an array that is
  // not real-valued, empty, of another rank, or whose records do not have `shape`'s size.
  // With an `encoding`, the array is read as it says (see above; with `shape`, flat records
  // are (C, H, W), or (H, W, C) for channels last); without, as stored.
  Records(const pybind11::array& array, const std::optional<ImageShape>& shape, const std::string& name,
          const std::optional<RecordEncoding>& encoding = std::nullopt);

  Eigen::Map<const RowMatrix> matrix() const;
  const ImageShape& shape() const { return shape_; }
  // Whether the values had to be converted (false: the core reads the caller's buffer).
  bool copied() const { return copied_; }

 private:
  pybind11::array_t<double> values_;  // the caller's array, or its one conversion
  bool copied_ = false;
  ImageShape shape_;
};

// The records of `array` (as Records takes them) copied into a new data set, converted once
// (for the core's own data sets, e.g. one it splits); errors name `name`, its source is `source`.
Dataset copied_records(const pybind11::array& array, const std::optional<ImageShape>& shape, const std::string& name,
                       const std::string& source, const RecordEncoding& encoding);

// (C, H, W) from a Python sequence of three positive integers, or nullopt for None.
std::optional<ImageShape> image_shape(const pybind11::object& shape);

}  // namespace reconbound::python
