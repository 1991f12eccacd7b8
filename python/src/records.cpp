#include "records.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

void require_real(const py::array& array, const std::string& name) {
  const char kind = array.dtype().kind();
  if (kind != 'u' && kind != 'i' && kind != 'f') {
    throw InvalidInput(fmt::format("{}: dtype {} is not a real number type; pass uint8, float32 or float64 records",
                                   name, py::str(array.dtype()).cast<std::string>()));
  }
}

// The shape of one record: `shape`, or the NPY reader's layout of the array's dimensions.
// InvalidInput for no records, another rank, or records of another size.
ImageShape record_shape(const py::array& array, const std::optional<ImageShape>& shape, const std::string& name) {
  if (array.ndim() < 1 || array.size() == 0) throw InvalidInput(fmt::format("{}: no records (an empty array)", name));
  const auto dim = [&](py::ssize_t axis) { return static_cast<std::size_t>(array.shape(axis)); };
  const auto n = dim(0);
  const auto per_record = static_cast<std::size_t>(array.size()) / n;
  if (!shape && array.ndim() > 4) {
    throw InvalidInput(fmt::format("{}: an array of {} dimensions; records are (N,), (N, W), (N, H, W) or "
                                   "(N, C, H, W)", name, array.ndim()));
  }
  const ImageShape out = shape                ? *shape
                         : array.ndim() == 1 ? ImageShape{1, 1, 1}
                         : array.ndim() == 2 ? ImageShape{1, 1, dim(1)}
                         : array.ndim() == 3 ? ImageShape{1, dim(1), dim(2)}
                                             : ImageShape{dim(1), dim(2), dim(3)};
  if (per_record != out.size()) {
    throw InvalidInput(fmt::format("{}: records have {} values but the shape {} has {}", name, per_record,
                                   out.to_string(), out.size()));
  }
  return out;
}

// The caller's array when it is C-contiguous float64 (no copy), else its one conversion.
py::array_t<double> float64_values(const py::array& array, const std::string& name) {
  require_real(array, name);
  return py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(array);
}

// How a job reads the records `values` of `array` (their shape as stored: `stored`) under
// `encoding`. Flat records with a `shape` are (C, H, W) as said, or (H, W, C) for channels last.
RecordConversion conversion_of(const py::array& array, const std::optional<ImageShape>& shape, const ImageShape& stored,
                               MatrixView values, const RecordEncoding& encoding, const std::string& name) {
  RecordEncoding said = encoding;
  ImageShape as_stored = stored;
  auto rank = static_cast<std::size_t>(array.ndim());
  if (shape) {
    rank = 4;
    if (said.layout == ChannelOrder::last) as_stored = ImageShape{shape->height, shape->width, shape->channels};
    else said.layout = ChannelOrder::first;
  }
  return record_conversion(as_stored, rank, values.minCoeff(), values.maxCoeff(), array.dtype().kind() == 'f', said,
                           name);
}

}  // namespace

Records::Records(const py::array& array, const std::optional<ImageShape>& shape, const std::string& name,
                 const std::optional<RecordEncoding>& encoding)
    : values_(float64_values(array, name)),
      copied_(values_.data() != array.data()),
      shape_(record_shape(array, shape, name)) {
  require_finite_records(matrix(), name);
  if (!encoding) return;
  const RecordConversion conversion = conversion_of(array, shape, shape_, matrix(), *encoding, name);
  shape_ = conversion.shape;
  if (!conversion.changes_values()) return;
  if (!copied_) {  // the caller's buffer is only read: convert a copy
    const auto rows = values_.shape(0);
    const auto cols = static_cast<py::ssize_t>(shape_.size());
    py::array_t<double> copy({rows, cols});
    std::copy(values_.data(), values_.data() + rows * cols, copy.mutable_data());
    values_ = std::move(copy);
    copied_ = true;
  }
  Eigen::Map<RowMatrix> rows(values_.mutable_data(), values_.shape(0), static_cast<Eigen::Index>(shape_.size()));
  convert_records(rows, conversion);
}

Eigen::Map<const RowMatrix> Records::matrix() const {
  return {values_.data(), static_cast<Eigen::Index>(values_.shape(0)), static_cast<Eigen::Index>(shape_.size())};
}

Dataset copied_records(const py::array& array, const std::optional<ImageShape>& shape, const std::string& name,
                       const std::string& source, const RecordEncoding& encoding) {
  require_real(array, name);
  Dataset out{RowMatrix(), record_shape(array, shape, name), source};
  out.records.resize(static_cast<Eigen::Index>(array.shape(0)), static_cast<Eigen::Index>(out.shape.size()));
  // NumPy converts straight into the matrix: the array's dimensions over the matrix's memory.
  const std::vector<py::ssize_t> dims(array.shape(), array.shape() + array.ndim());
  const py::capsule not_owned(out.records.data(), [](void*) {});
  const py::array_t<double> target(dims, out.records.data(), not_owned);
  py::module_::import("numpy").attr("copyto")(target, array, py::arg("casting") = "unsafe");
  require_finite_records(out.records, name);
  const RecordConversion conversion = conversion_of(array, shape, out.shape, out.records, encoding, name);
  convert_records(out.records, conversion);
  out.shape = conversion.shape;
  return out;
}

std::optional<ImageShape> image_shape(const py::object& shape) {
  if (shape.is_none()) return std::nullopt;
  const auto dims = shape.cast<std::vector<py::ssize_t>>();
  if (dims.size() != 3 || dims[0] < 1 || dims[1] < 1 || dims[2] < 1) {
    throw InvalidInput("shape must be three positive integers (C, H, W)");
  }
  return ImageShape{static_cast<std::size_t>(dims[0]), static_cast<std::size_t>(dims[1]),
                    static_cast<std::size_t>(dims[2])};
}

}  // namespace reconbound::python
