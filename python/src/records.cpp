#include "records.hpp"

#include <fmt/format.h>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

// The caller's array when it is C-contiguous float64 (no copy), else its one conversion.
py::array_t<double> float64_values(const py::array& array, const std::string& name) {
  const char kind = array.dtype().kind();
  if (kind != 'u' && kind != 'i' && kind != 'f') {
    throw InvalidInput(fmt::format("{}: dtype {} is not a real number type; pass uint8, float32 or float64 records",
                                   name, py::str(array.dtype()).cast<std::string>()));
  }
  return py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(array);
}

ImageShape layout_shape(const py::array& array, const std::string& name) {
  const auto dim = [&](py::ssize_t axis) { return static_cast<std::size_t>(array.shape(axis)); };
  switch (array.ndim()) {
    case 1: return {1, 1, 1};
    case 2: return {1, 1, dim(1)};
    case 3: return {1, dim(1), dim(2)};
    case 4: return {dim(1), dim(2), dim(3)};
    default:
      throw InvalidInput(fmt::format("{}: an array of {} dimensions; records are (N,), (N, W), (N, H, W) or "
                                     "(N, C, H, W)", name, array.ndim()));
  }
}

// The records of `values` (the array's values as float64) as N rows of shape.size() values.
Eigen::Map<const RowMatrix> record_rows(const py::array_t<double>& values, const ImageShape& shape,
                                        const std::string& name) {
  if (values.size() == 0) throw InvalidInput(fmt::format("{}: no records (an empty array)", name));
  const auto n = static_cast<std::size_t>(values.shape(0));
  const auto per_record = static_cast<std::size_t>(values.size()) / n;
  if (per_record != shape.size()) {
    throw InvalidInput(fmt::format("{}: records have {} values but the shape {} has {}", name, per_record,
                                   shape.to_string(), shape.size()));
  }
  return {values.data(), static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(per_record)};
}

}  // namespace

Records::Records(const py::array& array, const std::optional<ImageShape>& shape, const std::string& name)
    : values_(float64_values(array, name)),
      copied_(values_.data() != array.data()),
      shape_(shape ? *shape : layout_shape(array, name)),
      map_(record_rows(values_, shape_, name)) {
  require_finite_records(map_, name);
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
