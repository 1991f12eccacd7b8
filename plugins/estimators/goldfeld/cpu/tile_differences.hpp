#pragma once
// The first step of both fast-path kernels (shifted_kernel.cpp, chained_kernel.cpp) for one
// tile of centres: the differences y_i − y_l, coordinate by coordinate, and
// D_l = ‖y_i − y_l‖² (docs/fast_estimator.md, step 1). Formed from the differences directly,
// so there is no cancellation to bound. Inlined into each kernel's clones.
#include <algorithm>
#include <cstddef>

namespace reconbound::goldfeld::detail {

// `centres` is coordinate-major (k rows of n); `diff` receives k rows of `row_stride`.
inline void tile_differences(const double* __restrict centres, std::size_t n, std::size_t k,
                             std::size_t self, std::size_t tile, std::size_t width,
                             std::size_t row_stride, double* __restrict diff,
                             double* __restrict norm2) {
  std::fill(norm2, norm2 + width, 0.0);
  for (std::size_t c = 0; c < k; ++c) {
    const double* __restrict centre = centres + c * n + tile;
    const double own = centres[c * n + self];
    double* __restrict row = diff + c * row_stride;
    for (std::size_t l = 0; l < width; ++l) {
      row[l] = own - centre[l];
      norm2[l] += row[l] * row[l];
    }
  }
}

}  // namespace reconbound::goldfeld::detail
