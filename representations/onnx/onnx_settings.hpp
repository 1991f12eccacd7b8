#pragma once
// The parameters of the `onnx` representation plugin (docs: README.md, "Representation"):
//   arg=FILE.onnx          the network (CLI: onnx:FILE.onnx)
//   scale, mean, std       the network receives (x·scale − mean)/std for grey levels x, in float32;
//                          each one number or one per channel separated by '/' (mean=0.5/0.4/0.3),
//                          since ',' separates the parameters; defaults 1/255, 0, 1
//   normalize=unit         the flattened output divided by its L2 norm: B = 4
//   clip=a/b               every output coordinate clipped to [a, b]: B = m·(b − a)²
// Exactly one of normalize and clip: without either, B would be a guess.
#include <string>
#include <vector>

#include "reconbound/params.hpp"

namespace reconbound::onnx::detail {

enum class OutputBound { unit_norm, clip_box };

struct OnnxSettings {
  std::string path;
  std::vector<double> scale{1.0 / 255.0};
  std::vector<double> mean{0.0};
  std::vector<double> std{1.0};
  OutputBound bound = OutputBound::unit_norm;
  double clip_low = 0.0;   // clip_box only
  double clip_high = 0.0;
};

// Throws InvalidInput naming the parameter for anything but the form above.
OnnxSettings parse_settings(const Params& params);

// The value of a per-channel list for channel c (a single value serves every channel).
inline double channel_value(const std::vector<double>& values, std::size_t c) {
  return values.size() == 1 ? values.front() : values[c];
}

}  // namespace reconbound::onnx::detail
