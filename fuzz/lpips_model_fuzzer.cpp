// Fuzz target for the ONNX-model input of the `lpips` representation (LpipsModel: OpenCV DNN
// reads the graph, one probe run on a 1 × 3 × 64 × 64 input, output-shape and weight checks).
// The first two input bytes (little endian, mod 4097) give the length L of the linear-layer
// weights file written beside the model (L ones); the rest is MODEL.onnx. The pair either
// loads to a consistent model (five layers with AlexNet's spatial sizes 15, 7, 3, 3, 3 (mathematics §3),
// C_ℓ ≥ 1, C_ℓ finite weights ≥ 0 per layer, output_dim = Σ_ℓ C_ℓ·H_ℓ·W_ℓ) or throws
// reconbound::Error; anything else aborts.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "../representations/lpips/lpips_model.hpp"
#include "reconbound/error.hpp"
#include "scratch_folder.hpp"

namespace {

namespace lp = reconbound::lpips::detail;

constexpr std::size_t kAlexSpatial[lp::kLayers] = {15, 7, 3, 3, 3};
constexpr std::size_t kMaxWeights = 4096;

// A 1-D float64 .npy of `count` ones (NumPy format 1.0; header padded to a multiple of 64).
std::string ones_npy(std::size_t count) {
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(count) + ",), }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out = "\x93NUMPY\x01";
  out += '\0';
  out += static_cast<char>(header.size() & 0xFF);
  out += static_cast<char>(header.size() >> 8);
  out += header;
  const double one = 1.0;
  for (std::size_t i = 0; i < count; ++i) out.append(reinterpret_cast<const char*>(&one), sizeof one);
  return out;
}

bool consistent(const lp::LpipsModel& model) {
  if (model.layers().size() != lp::kLayers || model.weights().size() != lp::kLayers) return false;
  std::size_t dim = 0;
  for (std::size_t l = 0; l < lp::kLayers; ++l) {
    const lp::LayerShape& layer = model.layers()[l];
    if (layer.channels < 1 || layer.height != kAlexSpatial[l] || layer.width != kAlexSpatial[l]) return false;
    if (model.weights()[l].size() != layer.channels) return false;
    for (const double w : model.weights()[l]) {
      if (!(w >= 0.0) || !std::isfinite(w)) return false;
    }
    dim += layer.channels * layer.height * layer.width;
  }
  return model.output_dim() == dim;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  static const reconbound::fuzz::ScratchFolder folder;
  folder.clear();
  const std::size_t weights = (data[0] | (std::size_t{data[1]} << 8)) % (kMaxWeights + 1);
  const std::string onnx = folder.write("model.onnx", std::string_view(reinterpret_cast<const char*>(data) + 2, size - 2));
  const std::string lin = folder.write("model.lin.npy", ones_npy(weights));
  try {
    if (!consistent(lp::LpipsModel(onnx, lin))) std::abort();
  } catch (const reconbound::Error&) {
  }
  return 0;
}
