#pragma once
// An LPIPS model in the format of tools/lpips_onnx_format.py (documented in tools/README.md):
//   MODEL.onnx     the AlexNet trunk: input N × 3 × 64 × 64 float32 (already scaled, see
//                  lpips_features.hpp), outputs "relu1" … "relu5" (N × C_ℓ × H_ℓ × W_ℓ);
//   MODEL.lin.npy  the linear-layer weights w_ℓc ≥ 0, 1-D, concatenated over ℓ = 1..5.
// Layer shapes are read from the model by one probe run, so reduced-width test models work;
// the spatial sizes must be AlexNet's for a 64 × 64 input (15, 7, 3, 3, 3; mathematics §3).
#include <cstddef>
#include <string>
#include <vector>

#include <opencv2/dnn.hpp>

#include "../onnx/onnx_network.hpp"

namespace reconbound::lpips::detail {

inline constexpr std::size_t kLayers = 5;
inline constexpr int kSide = 64;        // mathematics §3: inputs are resized to 64 × 64
inline constexpr int kInputChannels = 3;

struct LayerShape {
  std::size_t channels = 0;
  std::size_t height = 0;
  std::size_t width = 0;
  std::size_t size() const { return channels * height * width; }
};

// The graph's output names, in layer order.
const std::vector<std::string>& output_names();

class LpipsModel {
 public:
  // Throws FileError when a file cannot be read, InvalidInput when the graph or the weights
  // do not have the expected form (naming the file and what to do).
  LpipsModel(const std::string& onnx_path, const std::string& weights_path);

  const std::vector<LayerShape>& layers() const { return layers_; }
  // w_ℓc for layer ℓ, C_ℓ values each.
  const std::vector<std::vector<double>>& weights() const { return weights_; }
  std::size_t output_dim() const;
  const std::string& origin() const { return network_.path(); }

  // cv::dnn::Net is not thread safe: each caller borrows its own network from a pool and
  // gives it back when the lease ends (opencv_onnx::OnnxNetwork).
  using Lease = opencv_onnx::OnnxNetwork::Lease;
  Lease borrow() const { return network_.borrow(); }

 private:
  void probe_layers();
  void read_weights(const std::string& weights_path);

  opencv_onnx::OnnxNetwork network_;
  std::vector<LayerShape> layers_;
  std::vector<std::vector<double>> weights_;
};

}  // namespace reconbound::lpips::detail
