#pragma once
// An ONNX graph read once from a file and run in OpenCV DNN, shared by the `onnx` and `lpips`
// representation plugins: the file's bytes, a guard against corrupt files that crash OpenCV's
// importer, and a pool of networks, one per concurrent caller (cv::dnn::Net is not thread safe).
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include <opencv2/dnn.hpp>

namespace reconbound::opencv_onnx {

// OpenCV's messages span lines; reconbound's errors are one line.
std::string one_line(std::string text);

class OnnxNetwork {
 public:
  // Reads the file (FileError naming it when it cannot be read). `owner` starts every message
  // ("lpips: …"); `hint` ends the messages about a file OpenCV cannot read (what to do).
  OnnxNetwork(std::string owner, std::string onnx_path, std::string hint);

  const std::string& path() const { return onnx_path_; }

  // A fresh network on OpenCV's CPU backend; FileError naming the file when OpenCV cannot read it.
  cv::dnn::Net read_net() const;

  // Runs `probe` in a child process first, so that a corrupt model which crashes OpenCV (a null
  // read, a division by zero inside readNetFromONNX or a layer) becomes a FileError here instead
  // of taking the whole program down. The child's errors are ignored: the caller runs `probe`
  // itself afterwards and reports them. Without a process to spare, or when the child does not
  // finish within a minute, nothing is checked.
  void check_survives(const std::function<void()>& probe) const;

  // Each caller borrows its own network and gives it back when the lease ends; networks are
  // made on demand from the bytes read once.
  class Lease {
   public:
    Lease(const OnnxNetwork& owner, cv::dnn::Net net) : owner_(owner), net_(std::move(net)) {}
    ~Lease() { owner_.give_back(std::move(net_)); }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    cv::dnn::Net& net() { return net_; }

   private:
    const OnnxNetwork& owner_;
    cv::dnn::Net net_;
  };
  Lease borrow() const;
  void give_back(cv::dnn::Net net) const;

 private:
  std::string owner_;
  std::string onnx_path_;
  std::string hint_;
  std::vector<unsigned char> onnx_bytes_;
  mutable std::mutex pool_mutex_;
  mutable std::vector<cv::dnn::Net> idle_;
};

}  // namespace reconbound::opencv_onnx
