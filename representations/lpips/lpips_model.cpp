#include "lpips_model.hpp"

#include <cmath>

#include <fmt/format.h>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace reconbound::lpips::detail {

namespace {

// AlexNet's spatial sizes H_ℓ = W_ℓ for a 64 × 64 input (mathematics §3: 15, 7, 3, 3, 3).
constexpr std::size_t kAlexSpatial[kLayers] = {15, 7, 3, 3, 3};

constexpr const char* kExportHint = "export the model with tools/export_lpips_onnx.py";

}  // namespace

const std::vector<std::string>& output_names() {
  static const std::vector<std::string> names = {"relu1", "relu2", "relu3", "relu4", "relu5"};
  return names;
}

LpipsModel::LpipsModel(const std::string& onnx_path, const std::string& weights_path)
    : network_("lpips", onnx_path, kExportHint) {
  // The probe runs in a child process first (OnnxNetwork::check_survives), then here.
  network_.check_survives([this] { probe_layers(); });
  probe_layers();
  read_weights(weights_path);
}

std::size_t LpipsModel::output_dim() const {
  std::size_t m = 0;
  for (const LayerShape& layer : layers_) m += layer.size();
  return m;
}

void LpipsModel::probe_layers() {
  LpipsModel::Lease lease = network_.borrow();
  cv::dnn::Net& net = lease.net();
  for (const std::string& name : output_names()) {
    if (net.getLayerId(name) < 0) {
      throw InvalidInput(fmt::format("lpips: the ONNX model {} has no output '{}'; the plugin needs the five "
                                     "AlexNet ReLU stages as outputs relu1 … relu5; {}",
                                     network_.path(), name, kExportHint));
    }
  }
  const int probe_shape[] = {1, kInputChannels, kSide, kSide};
  const cv::Mat probe(4, probe_shape, CV_32F, cv::Scalar(0.0F));
  std::vector<cv::Mat> outputs;
  try {
    net.setInput(probe);
    net.forward(outputs, output_names());
  } catch (const cv::Exception& e) {
    throw InvalidInput(fmt::format("lpips: the ONNX model {} does not run on a 1 × 3 × 64 × 64 input ({}); the "
                                   "plugin feeds RGB images resized to 64 × 64; {}",
                                   network_.path(), opencv_onnx::one_line(e.err), kExportHint));
  }
  for (std::size_t l = 0; l < kLayers; ++l) {
    const cv::Mat& out = outputs[l];
    if (out.dims != 4 || out.size[0] != 1 || out.size[2] != static_cast<int>(kAlexSpatial[l]) ||
        out.size[3] != static_cast<int>(kAlexSpatial[l]) || out.size[1] < 1) {
      std::string shape;
      for (int i = 0; i < out.dims; ++i) shape += fmt::format("{}{}", i == 0 ? "" : "×", out.size[i]);
      throw InvalidInput(fmt::format("lpips: output {} of the ONNX model {} has shape {} for a 1 × 3 × 64 × 64 input; "
                                     "AlexNet gives 1 × C × {} × {} (mathematics §3); {}",
                                     output_names()[l], network_.path(), shape, kAlexSpatial[l], kAlexSpatial[l],
                                     kExportHint));
    }
    layers_.push_back({static_cast<std::size_t>(out.size[1]), kAlexSpatial[l], kAlexSpatial[l]});
  }
}

void LpipsModel::read_weights(const std::string& weights_path) {
  const Dataset data = read_npy(weights_path);
  std::size_t expected = 0;
  for (const LayerShape& layer : layers_) expected += layer.channels;
  // A 1-D .npy of length L reads as L records of one value.
  if (data.records.cols() != 1 || static_cast<std::size_t>(data.records.rows()) != expected) {
    throw InvalidInput(fmt::format("lpips: the weights file {} holds {} × {} values; the model {} needs a 1-D array "
                                   "of Σ_ℓ C_ℓ = {} linear-layer weights; {}",
                                   weights_path, data.records.rows(), data.records.cols(), network_.path(), expected,
                                   kExportHint));
  }
  Eigen::Index next = 0;
  for (std::size_t l = 0; l < kLayers; ++l) {
    std::vector<double> w(layers_[l].channels);
    for (double& value : w) {
      value = data.records(next, 0);
      // B = 2·Σ_ℓ max_c w_ℓc and the square roots of Ψ need w_ℓc ≥ 0 (mathematics §3, §6.5).
      if (!(value >= 0.0) || !std::isfinite(value)) {
        throw InvalidInput(fmt::format("lpips: weight {} (layer {}) in {} is {}; LPIPS linear-layer weights must be "
                                       "finite and ≥ 0",
                                       next, l + 1, weights_path, value));
      }
      ++next;
    }
    weights_.push_back(std::move(w));
  }
}

}  // namespace reconbound::lpips::detail
