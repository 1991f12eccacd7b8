#include "lpips_model.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <thread>
#include <cmath>
#include <iterator>

#include <fmt/format.h>
#include <opencv2/core/utils/logger.hpp>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace reconbound::lpips::detail {

namespace {

// AlexNet's spatial sizes H_ℓ = W_ℓ for a 64 × 64 input (mathematics §3: 15, 7, 3, 3, 3).
constexpr std::size_t kAlexSpatial[kLayers] = {15, 7, 3, 3, 3};

constexpr const char* kExportHint = "export the model with tools/export_lpips_onnx.py";

// How long the guarded probe of a model may take (a real LPIPS model: about a second).
constexpr std::chrono::seconds kProbeTimeout{60};

// OpenCV's messages span lines; reconbound's errors are one line.
std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

}  // namespace

const std::vector<std::string>& output_names() {
  static const std::vector<std::string> names = {"relu1", "relu2", "relu3", "relu4", "relu5"};
  return names;
}

LpipsModel::LpipsModel(const std::string& onnx_path, const std::string& weights_path)
    : onnx_path_(onnx_path), onnx_bytes_(reconbound::detail::read_file_bytes(onnx_path)) {
  // OpenCV would print its own diagnostics of a bad model on stderr; the FileError thrown
  // here carries the reason in reconbound's one-line form instead.
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
  check_import_survives();
  probe_layers();
  read_weights(weights_path);
}

std::size_t LpipsModel::output_dim() const {
  std::size_t m = 0;
  for (const LayerShape& layer : layers_) m += layer.size();
  return m;
}

cv::dnn::Net LpipsModel::read_net() const {
  try {
    cv::dnn::Net net = cv::dnn::readNetFromONNX(onnx_bytes_);
    net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    return net;
  } catch (const cv::Exception& e) {
    throw FileError(fmt::format("lpips: OpenCV cannot read the ONNX model {}: {}; {}", onnx_path_, one_line(e.err),
                                kExportHint));
  } catch (const std::exception& e) {  // e.g. std::length_error from a corrupt tensor size
    throw FileError(fmt::format("lpips: OpenCV cannot read the ONNX model {}: {}; {}", onnx_path_, one_line(e.what()),
                                kExportHint));
  }
}

LpipsModel::Lease LpipsModel::borrow() const {
  {
    const std::lock_guard lock(pool_mutex_);
    if (!idle_.empty()) {
      cv::dnn::Net net = std::move(idle_.back());
      idle_.pop_back();
      return Lease(*this, std::move(net));
    }
  }
  return Lease(*this, read_net());
}

void LpipsModel::give_back(cv::dnn::Net net) const {
  const std::lock_guard lock(pool_mutex_);
  idle_.push_back(std::move(net));
}

void LpipsModel::check_import_survives() {
  constexpr int kProbed = 0, kRefused = 3;  // the child's exit codes; anything else is a crash
  const pid_t child = fork();
  if (child < 0) return;  // no process to spare: the probe below runs unguarded
  if (child == 0) {
    // The child only probes (its copy of *this) and leaves with _exit: no destructors, no
    // buffered output.
    try {
      probe_layers();
    } catch (...) {
      _exit(kRefused);  // an ordinary error: the parent's own probe reports it
    }
    _exit(kProbed);
  }
  // A child that does not finish in time (e.g. stuck on a thread pool it inherited without
  // its threads) is stopped, and the probe below runs unguarded as it would without it.
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + kProbeTimeout;
  for (;;) {
    const pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child) break;
    if (done < 0 && errno != EINTR) return;
    if (std::chrono::steady_clock::now() > deadline) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (WIFEXITED(status) && (WEXITSTATUS(status) == kProbed || WEXITSTATUS(status) == kRefused)) return;
  const std::string how = WIFSIGNALED(status) ? fmt::format("signal {}", WTERMSIG(status))
                                              : fmt::format("exit status {}", WEXITSTATUS(status));
  throw FileError(fmt::format("lpips: OpenCV crashes ({}) reading the ONNX model {}: the file is corrupt; {}", how,
                              onnx_path_, kExportHint));
}

void LpipsModel::probe_layers() {
  cv::dnn::Net net = read_net();
  for (const std::string& name : output_names()) {
    if (net.getLayerId(name) < 0) {
      throw InvalidInput(fmt::format("lpips: the ONNX model {} has no output '{}'; the plugin needs the five "
                                     "AlexNet ReLU stages as outputs relu1 … relu5; {}",
                                     onnx_path_, name, kExportHint));
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
                                   onnx_path_, one_line(e.err), kExportHint));
  }
  for (std::size_t l = 0; l < kLayers; ++l) {
    const cv::Mat& out = outputs[l];
    if (out.dims != 4 || out.size[0] != 1 || out.size[2] != static_cast<int>(kAlexSpatial[l]) ||
        out.size[3] != static_cast<int>(kAlexSpatial[l]) || out.size[1] < 1) {
      std::string shape;
      for (int i = 0; i < out.dims; ++i) shape += fmt::format("{}{}", i == 0 ? "" : "×", out.size[i]);
      throw InvalidInput(fmt::format("lpips: output {} of the ONNX model {} has shape {} for a 1 × 3 × 64 × 64 input; "
                                     "AlexNet gives 1 × C × {} × {} (mathematics §3); {}",
                                     output_names()[l], onnx_path_, shape, kAlexSpatial[l], kAlexSpatial[l], kExportHint));
    }
    layers_.push_back({static_cast<std::size_t>(out.size[1]), kAlexSpatial[l], kAlexSpatial[l]});
  }
  give_back(std::move(net));
}

void LpipsModel::read_weights(const std::string& weights_path) {
  const Dataset data = read_npy(weights_path);
  std::size_t expected = 0;
  for (const LayerShape& layer : layers_) expected += layer.channels;
  // A 1-D .npy of length L reads as L records of one value.
  if (data.records.cols() != 1 || static_cast<std::size_t>(data.records.rows()) != expected) {
    throw InvalidInput(fmt::format("lpips: the weights file {} holds {} × {} values; the model {} needs a 1-D array "
                                   "of Σ_ℓ C_ℓ = {} linear-layer weights; {}",
                                   weights_path, data.records.rows(), data.records.cols(), onnx_path_, expected,
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
