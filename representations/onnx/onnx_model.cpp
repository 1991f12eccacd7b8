#include "onnx_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <fmt/format.h>

#include "reconbound/error.hpp"

namespace reconbound::onnx::detail {

namespace {

constexpr const char* kExportHint = "write one with reconbound.export_representation (docs/python.md)";

std::string shape_text(const cv::Mat& mat) {
  std::string text;
  for (int i = 0; i < mat.dims; ++i) text += fmt::format("{}{}", i == 0 ? "" : " × ", mat.size[i]);
  return text;
}

}  // namespace

OnnxModel::OnnxModel(OnnxSettings settings)
    : settings_(std::move(settings)), network_("onnx", settings_.path, kExportHint) {
  // Reading the graph runs in a child process first (OnnxNetwork::check_survives), then here,
  // where the network read is kept in the pool.
  network_.check_survives([this] { static_cast<void>(network_.read_net()); });
  network_.give_back(network_.read_net());
}

ShapeProbe OnnxModel::probe(const ImageShape& shape) const {
  const std::lock_guard lock(probe_mutex_);
  const auto key = std::make_tuple(shape.channels, shape.height, shape.width);
  const auto found = probes_.find(key);
  if (found != probes_.end()) return found->second;
  return probes_.emplace(key, run_probe(shape)).first->second;
}

ShapeProbe OnnxModel::run_probe(const ImageShape& shape) const {
  const RowMatrix zeros = RowMatrix::Zero(1, static_cast<Eigen::Index>(shape.size()));
  const std::string input = fmt::format("{} × {} × {} × {}", kChunk, shape.channels, shape.height, shape.width);
  cv::Mat output;
  try {
    opencv_onnx::OnnxNetwork::Lease lease = network_.borrow();
    lease.net().setInput(input_blob(shape, zeros, 0, 1));
    output = lease.net().forward();
  } catch (const cv::Exception& e) {
    return {.why = fmt::format("onnx: the network {} does not run on a {} input ({}); export it for records of "
                               "shape {}",
                               origin(), input, opencv_onnx::one_line(e.err), shape.to_string())};
  } catch (const std::exception& e) {
    return {.why = fmt::format("onnx: the network {} does not run on a {} input ({})", origin(), input,
                               opencv_onnx::one_line(e.what()))};
  }
  if (output.dims < 2 || output.size[0] != kChunk || output.total() == 0) {
    return {.why = fmt::format("onnx: the network {} gives an output of shape {} for a {} input; the plugin needs the "
                               "batch of {} as its first axis (export with a dynamic batch axis)",
                               origin(), shape_text(output), input, kChunk)};
  }
  return {.runs = true, .output_dim = output.total() / static_cast<std::size_t>(kChunk), .why = {}};
}

cv::Mat OnnxModel::input_blob(const ImageShape& shape, const MatrixView& batch, Eigen::Index first,
                              Eigen::Index count) const {
  const int blob_shape[] = {kChunk, static_cast<int>(shape.channels), static_cast<int>(shape.height),
                            static_cast<int>(shape.width)};
  cv::Mat blob(4, blob_shape, CV_32F, cv::Scalar(0.0F));
  const std::size_t plane = shape.height * shape.width;
  for (Eigen::Index i = 0; i < count; ++i) {
    const double* record = batch.row(first + i).data();
    float* input = blob.ptr<float>() + static_cast<std::size_t>(i) * shape.size();
    for (std::size_t c = 0; c < shape.channels; ++c) {
      const double scale = channel_value(settings_.scale, c);
      const double mean = channel_value(settings_.mean, c);
      const double std = channel_value(settings_.std, c);
      for (std::size_t p = c * plane; p < (c + 1) * plane; ++p) {
        input[p] = static_cast<float>((record[p] * scale - mean) / std);  // the network's input (mathematics §3)
      }
    }
  }
  return blob;
}

void OnnxModel::map_chunk(cv::dnn::Net& net, const ImageShape& shape, std::size_t m, const MatrixView& batch,
                          Eigen::Index first, Eigen::Index count, MutableMatrixView& out) const {
  cv::Mat output;
  try {
    net.setInput(input_blob(shape, batch, first, count));
    output = net.forward();
  } catch (const cv::Exception& e) {
    throw NumericalError(
        fmt::format("onnx: OpenCV failed to run the network {}: {}", origin(), opencv_onnx::one_line(e.err)));
  }
  if (output.total() != m * static_cast<std::size_t>(kChunk) || output.type() != CV_32F) {
    throw NumericalError(fmt::format("onnx: the network {} gave an output of shape {} for {} records of shape {}, "
                                     "{} values each when probed",
                                     origin(), shape_text(output), kChunk, shape.to_string(), m));
  }
  for (Eigen::Index i = 0; i < count; ++i) {
    bound_output(output.ptr<float>() + static_cast<std::size_t>(i) * m, m, first + i, out.row(first + i).data());
  }
}

void OnnxModel::bound_output(const float* raw, std::size_t m, Eigen::Index record, double* out) const {
  double sum_squares = 0.0;
  for (std::size_t j = 0; j < m; ++j) {
    if (!std::isfinite(raw[j])) {
      throw NumericalError(fmt::format("onnx: the network {} gave {} at output coordinate {} for record {}; Ψ must be "
                                       "finite (check the network and its input scale, mean and std)",
                                       origin(), raw[j], j, record));
    }
    out[j] = raw[j];
    sum_squares += out[j] * out[j];
  }
  if (settings_.bound == OutputBound::clip_box) {
    // Every coordinate in [a, b], so ‖Ψ(x) − Ψ(x')‖² ≤ m·(b − a)² = B (mathematics §6.5).
    for (std::size_t j = 0; j < m; ++j) out[j] = std::clamp(out[j], settings_.clip_low, settings_.clip_high);
    return;
  }
  // normalize=unit: u = v/‖v‖, and u = 0 for v = 0. Every u has ‖u‖ ≤ 1, so by the triangle
  // inequality ‖u − u'‖² ≤ (‖u‖ + ‖u'‖)² ≤ (1 + 1)² = 4 = B (mathematics §6.5), a zero output
  // included. The divisor is enlarged by (m + 4)·ε, more than the relative rounding of the sum of
  // m squares, the square root and the division, so that ‖u‖ ≤ 1 holds for the computed u too.
  if (sum_squares == 0.0) return;
  const double slack = 1.0 + (static_cast<double>(m) + 4.0) * std::numeric_limits<double>::epsilon();
  const double inverse_norm = 1.0 / (std::sqrt(sum_squares) * slack);
  for (std::size_t j = 0; j < m; ++j) out[j] *= inverse_norm;
}

}  // namespace reconbound::onnx::detail
