#pragma once
// The C++ halves of Ψ_LPIPS around the ONNX trunk (mathematics §3; format in tools/README.md).
#include <cstddef>
#include <vector>

#include "lpips_model.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound::lpips::detail {

// LPIPS' ScalingLayer (lpips/lpips.py), per RGB channel: x ↦ (x − shift_c)/scale_c.
inline constexpr double kShift[kInputChannels] = {-0.030, -0.088, -0.188};
inline constexpr double kScale[kInputChannels] = {0.458, 0.448, 0.450};
// lpips.normalize_tensor: f/(sqrt(Σ_c f²) + ε).
inline constexpr double kNormEpsilon = 1e-10;

// One record (C × H × W grey levels, C ∈ {1, 3}) → the trunk's 3 × 64 × 64 float32 input:
// bilinear resize to 64 × 64 with half-pixel centres and no antialiasing (cv::resize INTER_LINEAR
// on doubles, = torch F.interpolate(mode='bilinear', align_corners=False)), grey replicated to 3
// channels, scaled to [−1, 1] by x/127.5 − 1, then the ScalingLayer.
void preprocess(const ImageShape& shape, const double* record, float* input);

// One record's layer ℓ: activations f (C_ℓ × H_ℓ × W_ℓ float32, ≥ 0) → for every position p and
// channel c, out[c·H_ℓW_ℓ + p] = f_c(p)/(sqrt(Σ_c' f_c'(p)²) + ε) · sqrt(w_ℓc/(H_ℓ·W_ℓ)), so that
// ‖Ψ(x) − Ψ(x')‖² = Σ_ℓ (1/(H_ℓW_ℓ))·Σ_p Σ_c w_ℓc·(unit differences)², the LPIPS distance.
// Throws InvalidInput for a negative activation (the trunk must end each stage in a ReLU:
// the bound B = 2·Σ_ℓ max_c w_ℓc needs non-negative features) and NumericalError for a
// non-finite one.
void normalise_layer(const float* activations, const LayerShape& layer, const std::vector<double>& weights,
                     std::size_t layer_index, double* out);

}  // namespace reconbound::lpips::detail
