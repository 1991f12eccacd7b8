#include "lpips_features.hpp"

#include <cmath>

#include <fmt/format.h>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "reconbound/error.hpp"

namespace reconbound::lpips::detail {

void preprocess(const ImageShape& shape, const double* record, float* input) {
  const int height = static_cast<int>(shape.height);
  const int width = static_cast<int>(shape.width);
  const std::size_t plane = static_cast<std::size_t>(kSide) * kSide;
  cv::Mat resized;
  for (int c = 0; c < kInputChannels; ++c) {
    // Grey → RGB: the one channel is resized once and reused for all three.
    if (c < static_cast<int>(shape.channels)) {
      // cv::Mat needs a non-const pointer; cv::resize only reads its source.
      const cv::Mat source(height, width, CV_64F,
                           const_cast<double*>(record + static_cast<std::size_t>(c) * shape.height * shape.width));
      cv::resize(source, resized, cv::Size(kSide, kSide), 0.0, 0.0, cv::INTER_LINEAR);
    }
    float* channel = input + static_cast<std::size_t>(c) * plane;
    for (int i = 0; i < kSide; ++i) {
      const double* row = resized.ptr<double>(i);
      for (int j = 0; j < kSide; ++j) {
        const double unit = row[j] / 127.5 - 1.0;  // grey levels [0, 255] → [−1, 1]
        channel[i * kSide + j] = static_cast<float>((unit - kShift[c]) / kScale[c]);
      }
    }
  }
}

void normalise_layer(const float* activations, const LayerShape& layer, const std::vector<double>& weights,
                     std::size_t layer_index, double* out) {
  const std::size_t positions = layer.height * layer.width;
  std::vector<double> factor(layer.channels);
  for (std::size_t c = 0; c < layer.channels; ++c) {
    factor[c] = std::sqrt(weights[c] / static_cast<double>(positions));  // sqrt(w_ℓc/(H_ℓ·W_ℓ))
  }
  for (std::size_t p = 0; p < positions; ++p) {
    double sum_squares = 0.0;
    for (std::size_t c = 0; c < layer.channels; ++c) {
      const double f = activations[c * positions + p];
      if (!(f >= 0.0)) {
        if (std::isnan(f)) {
          throw NumericalError(fmt::format("lpips: the model produced NaN in relu{}; check the ONNX model", layer_index + 1));
        }
        throw InvalidInput(fmt::format("lpips: relu{} produced the negative value {}; the trunk's outputs must be "
                                       "ReLU stages (the bound B = 2·Σ max w assumes non-negative features)",
                                       layer_index + 1, f));
      }
      sum_squares += f * f;
    }
    if (!std::isfinite(sum_squares)) {
      throw NumericalError(fmt::format("lpips: the model produced an infinite activation in relu{}; check the ONNX model",
                                       layer_index + 1));
    }
    const double inverse_norm = 1.0 / (std::sqrt(sum_squares) + kNormEpsilon);
    for (std::size_t c = 0; c < layer.channels; ++c) {
      out[c * positions + p] = activations[c * positions + p] * inverse_norm * factor[c];
    }
  }
}

}  // namespace reconbound::lpips::detail
