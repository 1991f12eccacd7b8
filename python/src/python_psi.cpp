#include "python_psi.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <fmt/format.h>

#include <cstring>
#include <tuple>

#include "reconbound/error.hpp"
#include "reconbound/grey_levels.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

py::tuple shape_tuple(const ImageShape& shape) { return py::make_tuple(shape.channels, shape.height, shape.width); }

// The batch as a new read-only (n, C, H, W) float64 array: a copy, so a callable that keeps its
// argument keeps no pointer into the job's records.
py::array_t<double> batch_array(const ImageShape& shape, MatrixView batch) {
  const auto rows = static_cast<std::size_t>(batch.rows());
  py::array_t<double> out({rows, shape.channels, shape.height, shape.width});
  double* data = out.mutable_data();
  const std::size_t size = shape.size();
  for (std::size_t r = 0; r < rows; ++r) {
    Eigen::Map<Eigen::RowVectorXd>(data + r * size, static_cast<Eigen::Index>(size)) =
        batch.row(static_cast<Eigen::Index>(r));
  }
  out.attr("setflags")(py::arg("write") = false);
  return out;
}

}  // namespace

SharedPythonObject::~SharedPythonObject() {
  const py::gil_scoped_acquire gil;
  object_ = py::object();
}

bool PythonPsi::accepts(const ImageShape& input_shape, std::string& why) const {
  const py::gil_scoped_acquire gil;
  const py::object reason = psi_->get().attr("_accepts")(shape_tuple(input_shape));
  if (reason.is_none()) return true;
  why = reason.cast<std::string>();
  return false;
}

RepresentationInfo PythonPsi::describe(const ImageShape& input_shape) const {
  require_accepted(*this, input_shape);
  const py::gil_scoped_acquire gil;
  const auto [output_dim, max_squared_distance, unit] =
      psi_->get().attr("_describe")(shape_tuple(input_shape)).cast<std::tuple<std::size_t, double, std::string>>();
  RepresentationInfo info;
  info.output_dim = output_dim;
  info.max_squared_distance = max_squared_distance;
  info.unit = unit;
  return info;
}

void PythonPsi::map(const ImageShape& input_shape, MatrixView batch, MutableMatrixView out) const {
  // B is a bound over the grey levels [0, 255] (mathematics §6.5): other records are refused, as
  // every plugin refuses them, before the callable sees them.
  require_grey_levels(batch, spec_);
  const py::gil_scoped_acquire gil;
  const py::object answer = psi_->get().attr("_map")(batch_array(input_shape, batch), out.cols());
  // _map answers a C-contiguous float64 (n, output_dim) array; anything else is a defect here.
  const auto features = py::array_t<double, py::array::c_style>::ensure(answer);
  if (!features || features.ndim() != 2 || features.shape(0) != out.rows() || features.shape(1) != out.cols()) {
    throw PluginError(fmt::format("representation {}: its _map did not answer a ({}, {}) float64 array", spec_,
                                  out.rows(), out.cols()));
  }
  out = Eigen::Map<const RowMatrix>(features.data(), out.rows(), out.cols());
}

}  // namespace reconbound::python
