#pragma once
// Reductions across the lanes of FloatVectors for the single-precision kernel's skip test
// (single_kernel.cpp), written as shuffles and minima or maxima so that they compile to a few
// vector operations (a loop over the lanes compiles to one extraction and branch per lane).
// Always inlined into the kernel's clones.
#include "cpu/kernel_clones.hpp"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace reconbound::goldfeld::detail {

// The smallest lane of each of eight FloatVectors, vector v's in lanes 2v and 2v + 1: each
// step halves the lanes per vector and merges two vectors into one (23 operations for all
// eight, against 8 per vector for separate trees).
[[gnu::always_inline]] inline FloatVector smallest_lanes(const FloatVector (&v)[8]) {
  FloatVector halves[4];  // vector 2p in lanes 0..7, 2p + 1 in lanes 8..15
  for (int p = 0; p < 4; ++p) {
    const FloatVector low = __builtin_shufflevector(v[2 * p], v[2 * p + 1], 0, 1, 2, 3, 4, 5, 6, 7,
                                                    16, 17, 18, 19, 20, 21, 22, 23);
    const FloatVector high = __builtin_shufflevector(v[2 * p], v[2 * p + 1], 8, 9, 10, 11, 12, 13, 14, 15,
                                                     24, 25, 26, 27, 28, 29, 30, 31);
    halves[p] = low < high ? low : high;
  }
  FloatVector quarters[2];  // vectors 4p..4p + 3, four lanes each
  for (int p = 0; p < 2; ++p) {
    const FloatVector low = __builtin_shufflevector(halves[2 * p], halves[2 * p + 1], 0, 1, 2, 3, 8, 9, 10, 11,
                                                    16, 17, 18, 19, 24, 25, 26, 27);
    const FloatVector high = __builtin_shufflevector(halves[2 * p], halves[2 * p + 1], 4, 5, 6, 7, 12, 13, 14,
                                                     15, 20, 21, 22, 23, 28, 29, 30, 31);
    quarters[p] = low < high ? low : high;
  }
  const FloatVector low = __builtin_shufflevector(quarters[0], quarters[1], 0, 1, 4, 5, 8, 9, 12, 13, 16, 17,
                                                  20, 21, 24, 25, 28, 29);
  const FloatVector high = __builtin_shufflevector(quarters[0], quarters[1], 2, 3, 6, 7, 10, 11, 14, 15, 18,
                                                   19, 22, 23, 26, 27, 30, 31);
  const FloatVector pairs = low < high ? low : high;  // vector v in lanes 2v, 2v + 1
  const FloatVector swapped = __builtin_shufflevector(pairs, pairs, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13,
                                                      12, 15, 14);
  return pairs < swapped ? pairs : swapped;
}

// The largest lane of v.
[[gnu::always_inline]] inline float largest_lane(FloatVector v) {
  FloatVector s = __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
  v = v > s ? v : s;
  s = __builtin_shufflevector(v, v, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11);
  v = v > s ? v : s;
  s = __builtin_shufflevector(v, v, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
  v = v > s ? v : s;
  s = __builtin_shufflevector(v, v, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
  v = v > s ? v : s;
  return v[0];
}

}  // namespace reconbound::goldfeld::detail

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
