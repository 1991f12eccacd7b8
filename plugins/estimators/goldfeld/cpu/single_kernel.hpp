#pragma once
// The single-precision product kernel (docs/fast_estimator.md, "The single-precision product
// kernel"): the product kernel's sums (shifted_kernel.hpp) with the exponents
//   a_l = c_q + h·N_l − ⟨w_q, y_l⟩   (nats)
// formed in float32 — the centres, N_l and the query's w_q, c_q, h rounded to float, then one
// multiply-add for c_q + h·N_l and k for the inner product, register-blocked like a matrix
// product of 16 lanes per vector — and the exponential in float32 (exp_neg_single.hpp). Each
// term is widened to double and summed in double lanes. The proven bounds on the exponents
// are single_bound.hpp's; the routing (which rows take this kernel) is fast_entropy.cpp's.
#include <cstddef>
#include <vector>

#include "cpu/shifted_kernel.hpp"

namespace reconbound::goldfeld {

// Centres per register block (two FloatVectors); the centre arrays are padded to a multiple.
inline constexpr std::size_t kSingleBlock = 32;

// Smallest exponent a query may have (fits_single, single_bound.hpp): exp_neg_single's range
// starts at −87.5, and a float partial sum of 2·kSingleFlushBlocks terms, each
// ≤ e^{85}·(1 + 3.7e-7) < 8.3e36, stays below 1.4e38 < FLT_MAX.
inline constexpr double kSingleExponentFloor = -85.0;

// Register blocks whose terms a query sums in float before they go to its double lanes:
// each term passes at most this many float additions (its pair, then the running sum).
inline constexpr std::size_t kSingleFlushBlocks = 8;

// Most roundings in double on the way of one term into its sum: the two halves of a float
// partial sum added (1), one lane addition per kSingleFlushBlocks register blocks, the tree of
// depth 3.
inline constexpr std::size_t single_additions(std::size_t n) {
  return (n + kSingleBlock * kSingleFlushBlocks - 1) / (kSingleBlock * kSingleFlushBlocks) + 4;
}

// The centres of one block in float, built once per block from the product kernel's layout:
// ỹ_lc = fl32(y_lc) as k rows of `stride` (n rounded up to kSingleBlock, zero padded),
// Ñ_l = fl32(N_l) with N_l = ProductCentres::norm2, and the maxima the bound needs.
struct SingleCentres {
  std::size_t n = 0;
  std::size_t k = 0;
  std::size_t stride = 0;
  std::vector<float> values;    // k × stride
  std::vector<float> norm2;     // stride (0 in the padding)
  std::vector<double> max_abs;  // k: M_c = max_l |ỹ_lc|
  double max_norm2 = 0.0;       // max_l Ñ_l
};

SingleCentres single_centres(const ProductCentres& centres);

// For `count` queries (weights: count × k floats w̃ = fl32(w_q), offsets c̃ = fl32(c_q), scales
// h̃ = fl32(h), product_query's w_q and c_q rounded) against all centres:
//   sums[q] = Σ_{l kept} exp_neg_single(min(ã_{ql}, kSingleExponentClamp))   (computed),
// where the centres l = 32g..32g+31 (a register block) form group g and a group is skipped
// when all its computed exponents exceed `cut`; skipped[q] counts the skipped centres and
// smallest_skipped[q] is their smallest computed exponent (kSingleExponentClamp when none).
// Every exponent of a query must be ≥ kSingleExponentFloor (fits_single, single_bound.hpp).
// Per query the terms of centres l ≡ t (mod 16) of kSingleFlushBlocks register blocks (the
// centres from 256m on; the last run ends with the last register block) are summed in float lane t, the two halves of
// those lanes (t and t + 8) added in double, and the result goes to lane l mod 8
// (single_additions); the sum depends only on the query and the centres: bit-identical on
// every thread count and tile split.
void single_kernel_sums(const SingleCentres& centres, const float* weights, const float* offsets,
                        const float* scales, std::size_t count, double cut,
                        ShiftedKernelWorkspace& work, double* sums, double* skipped,
                        double* smallest_skipped);

}  // namespace reconbound::goldfeld
