#include "onnx_network.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <thread>

#include <fmt/format.h>
#include <opencv2/core/utils/logger.hpp>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace reconbound::opencv_onnx {

namespace {

// How long the guarded probe of a model may take (a real LPIPS model: about a second).
constexpr std::chrono::seconds kProbeTimeout{60};

}  // namespace

std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

OnnxNetwork::OnnxNetwork(std::string owner, std::string onnx_path, std::string hint)
    : owner_(std::move(owner)),
      onnx_path_(std::move(onnx_path)),
      hint_(std::move(hint)),
      onnx_bytes_(reconbound::detail::read_file_bytes(onnx_path_)) {
  // OpenCV would print its own diagnostics of a bad model on stderr; the errors thrown by the
  // plugins carry the reason in reconbound's one-line form instead.
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
}

cv::dnn::Net OnnxNetwork::read_net() const {
  try {
    cv::dnn::Net net = cv::dnn::readNetFromONNX(onnx_bytes_);
    net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
    net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
    return net;
  } catch (const cv::Exception& e) {
    throw FileError(fmt::format("{}: OpenCV cannot read the ONNX model {}: {}; {}", owner_, onnx_path_, one_line(e.err),
                                hint_));
  } catch (const std::exception& e) {  // e.g. std::length_error from a corrupt tensor size
    throw FileError(fmt::format("{}: OpenCV cannot read the ONNX model {}: {}; {}", owner_, onnx_path_,
                                one_line(e.what()), hint_));
  }
}

OnnxNetwork::Lease OnnxNetwork::borrow() const {
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

void OnnxNetwork::give_back(cv::dnn::Net net) const {
  const std::lock_guard lock(pool_mutex_);
  idle_.push_back(std::move(net));
}

void OnnxNetwork::check_survives(const std::function<void()>& probe) const {
  constexpr int kProbed = 0, kRefused = 3;  // the child's exit codes; anything else is a crash
  const pid_t child = fork();
  if (child < 0) return;  // no process to spare: the caller's probe runs unguarded
  if (child == 0) {
    // The child only probes (on its copy of the caller's state) and leaves with _exit: no
    // destructors, no buffered output.
    try {
      probe();
    } catch (...) {
      _exit(kRefused);  // an ordinary error: the caller's own probe reports it
    }
    _exit(kProbed);
  }
  // A child that does not finish in time (e.g. stuck on a thread pool it inherited without
  // its threads) is stopped, and the caller's probe runs unguarded as it would without it.
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
  throw FileError(fmt::format("{}: OpenCV crashes ({}) reading the ONNX model {}: the file is corrupt; {}", owner_, how,
                              onnx_path_, hint_));
}

}  // namespace reconbound::opencv_onnx
