#pragma once
// Straightforward references for the downsample, dct and select representations (mathematics §3),
// independent of the plugins: direct sums in long double, no FFT, no shared code. Each maps
// one record (C × H × W, channel-major) and returns Ψ in the plugins' output order.
#include <cstddef>
#include <vector>

#include "reconbound/matrix.hpp"

namespace reconbound::verify {

// Ψ[c, i, j] = (1/F²)·Σ_{a,b<F} x[c, iF+a, jF+b]; F divides H and W. Grey levels.
std::vector<long double> reference_downsample(const ImageShape& shape, const std::vector<double>& record,
                                              std::size_t factor);

// Ψ[c, k, l] = a_k(H)·a_l(W)·Σ_{i,j} x[c, i, j]·cos(π(2i+1)k/(2H))·cos(π(2j+1)l/(2W)), k, l < F,
// a_0(N) = sqrt(1/N), a_k(N) = sqrt(2/N): the orthonormal DCT-II, by the direct O(H·W·F²) sum
// with the cosines reduced exactly (integer argument mod 4N) before evaluation.
std::vector<long double> reference_dct(const ImageShape& shape, const std::vector<double>& record,
                                       std::size_t frequencies);

// The coordinates of `record` where `keep` (C × H × W, 0/1) is 1, in increasing index order.
std::vector<double> reference_select(const std::vector<double>& record, const std::vector<int>& keep);

// `keep` of a rectangle (rows y0..y0+h−1, columns x0..x0+w−1, every channel), of channel c,
// and of an H × W mask applied to every channel.
std::vector<int> reference_rect_keep(const ImageShape& shape, std::size_t y0, std::size_t x0, std::size_t h,
                                     std::size_t w);
std::vector<int> reference_channel_keep(const ImageShape& shape, std::size_t channel);
std::vector<int> reference_plane_mask_keep(const ImageShape& shape, const std::vector<int>& plane_mask);

}  // namespace reconbound::verify
