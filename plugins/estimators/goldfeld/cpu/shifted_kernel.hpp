#pragma once
// The direct kernels of the fast path (docs/fast_estimator.md): the unnormalised Gaussian
// mixture at dithered copies t_j = y_i + s·Z_j of sample points (eq 31), one exponential
// per (query, centre) and certified truncation, for plans without squaring chains (a lone
// dither level included) and for rows whose draws exceed the chained kernel's ‖Z‖² limit
// (chained_kernel.hpp). Two forms:
//
// * the product kernel (product_kernel_sums, the default): the exponents of a tile of
//   queries against all centres from inner products with the centres, register-blocked
//   like a matrix product, with one proven bound per query on the exponents' rounding;
// * the difference kernel (shifted_kernel_sums, the fallback for rows whose product bound
//   is too loose, i.e. points far from the block's mean), as follows.
//
// Writing t_j − y_l = (y_i − y_l) + s·Z_j,
//   ‖t_j − y_l‖²/(2s²) = ‖Z_j‖²/2 + a_{jl},   a_{jl} = D_l·h + G_{jl}·r,
//   D_l = ‖y_i − y_l‖²,  G_{jl} = ⟨Z_j, y_i − y_l⟩,  h = 1/(2s²),  r = 1/s     (nats).
// D_l is computed once per centre for all draws and levels, G_{jl} once per draw for all
// levels, so a level costs one multiply-add and one exponential per (draw, centre). The
// own centre l = i has a = 0 exactly, so the sums below are ≥ 1 and never underflow.
#include <cstddef>
#include <vector>

#include "cpu/exp_neg.hpp"
#include "mathematics/level_plan.hpp"

namespace reconbound::goldfeld {

using detail::kExpRelativeError;
using detail::kExponentClamp;

// Partial sums per (level, draw) of shifted_kernel_sums: lane l mod 8 takes centre l.
inline constexpr std::size_t kDirectLanes = 8;

// Most additions on the way of one term into its sum: along its lane, then a tree of depth 3.
inline constexpr std::size_t direct_additions(std::size_t n) {
  return (n + kDirectLanes - 1) / kDirectLanes + 3;
}

// Buffers of one thread, reused across calls (of this kernel, single_kernel_sums,
// chained_kernel_sums and series_sums).
struct ShiftedKernelWorkspace {
  std::vector<double> weight;    // product kernel: queries × k weights w (padded)
  std::vector<double> offset;    // product kernel: per query c
  std::vector<double> scale;     // product kernel: per query h
  std::vector<double> product_lanes;    // product kernels: queries × 8 partial sums
  std::vector<double> product_minima;   // product kernel: queries × 8 skipped minima
  std::vector<double> product_skipped;  // product kernels: per query skipped centres
  std::vector<float> single_weight;     // single kernel: queries × k weights w̃ (padded)
  std::vector<float> single_offset;     // single kernel: per query c̃
  std::vector<float> single_scale;      // single kernel: per query h̃
  std::vector<float> single_minima;     // single kernel: queries × 16 skipped minima
  std::vector<double> diff;      // k × tile differences y_i − y_l
  std::vector<double> norm2;     // tile values D_l
  std::vector<double> cross;     // tile values G_{jl}
  std::vector<double> terms;     // (levels ×) tile terms e^{−a_{jl}}
  std::vector<double> factor;    // levels × tile factors e^{−D_l·h_p} (chained kernel)
  std::vector<double> lanes;     // levels × draws × lanes partial sums
  std::vector<double> series;    // per-box values of series_sums (k = 1)
  std::vector<std::size_t> series_rows;  // the sample row of each Taylor-box query
};

// For sample point `self` (0 ≤ self < n) with draws Z_j (row-major, draws × k) and the
// centres y_l (coordinate-major: centres[c·n + l]), for level v and draw j (q = v·draws + j):
//   sums[q] = Σ_{l kept} exp(−min(a_{jl}, kExponentClamp))   (computed; ≥ 1),
// where the centres l = 8g..8g+7 form group g and a group is skipped when all its computed
// exponents exceed `cut` (the own centre, a = 0, is never skipped for cut ≥ 0). For skipped
// groups, skipped[q] counts their centres and smallest_skipped[q] is their smallest computed
// exponent (kExponentClamp when none). The exponential is exp_neg; partial sums run in 8
// lanes in an order that depends only on n (bit-identical on every thread count; see
// kernel_clones.hpp for the x86-64 levels).
void shifted_kernel_sums(const double* centres, std::size_t n, std::size_t k, std::size_t self,
                         const double* draws_z, std::size_t draws, const LevelScale* levels,
                         std::size_t level_count, double cut, ShiftedKernelWorkspace& work,
                         double* sums, double* skipped, double* smallest_skipped);

// ---- The product kernel ----------------------------------------------------------------
//
// For query q = (sample point i, draw Z, level with h = 1/(2s²), r = 1/s) the exponent of
// centre l is, with N_l = ‖y_l‖² (y centred on the block's mean, block_entropy.hpp),
//   a_l = D_l·h + G_l·r = c_q + h·N_l − ⟨w_q, y_l⟩,
//   w_q = 2h·y_i + r·Z,   c_q = h·N_i + r·⟨Z, y_i⟩            (nats),
// so a query costs k multiply-adds per centre, and a tile of queries against a tile of
// centres is a matrix product. Its rounding error is bounded uniformly over l by the
// largest norm (product_exponent_error): no cancellation-free form is needed as long as
// the points are not far from the block's mean relative to s — rows where they are take
// the difference kernel.

// Centres per register block of the product kernel (two LaneVectors); the centre arrays
// are padded to a multiple of it.
inline constexpr std::size_t kProductBlock = 16;

// The centres of one block in the product kernel's layout, built once per block: the k
// coordinates, each a row of `stride` (n rounded up to kProductBlock, zero padded), and
// N_l = fl(‖y_l‖²) (0 in the padding).
struct ProductCentres {
  std::size_t n = 0;
  std::size_t k = 0;
  std::size_t stride = 0;
  std::vector<double> values;  // k × stride
  std::vector<double> norm2;   // stride
  double max_norm2 = 0.0;      // max_l N_l
};

// From centres in coordinate-major order (centres[c·n + l]).
ProductCentres product_centres(const double* centres, std::size_t n, std::size_t k);

// Forms query q: writes w_q (k values) to `weight` and returns c_q, for the sample point
// with coordinates y_i (k values, stride `y_stride`), N_i = fl(‖y_i‖²) as in
// product_centres, draw z (k values) and level `scale`.
double product_query(const double* y_i, std::size_t y_stride, double norm2_i, const double* z,
                     std::size_t k, const LevelScale& scale, double* weight);

// Proven bound ε_q on |ã_l − a_l| for every centre l of query q (nats; derivation in
// shifted_kernel.cpp): the sample point's N_i, the centres' max_l N_l, ‖Z‖² (all computed).
double product_exponent_error(std::size_t k, double norm2_i, double max_norm2, double z_norm2,
                              const LevelScale& scale);

// For `count` queries (weights: count × k, offsets c_q, scales h_q) against all centres:
//   sums[q] = Σ_{l kept} exp(−min(ã_{ql}, kExponentClamp))   (computed),
// where the centres l = 8g..8g+7 form group g and a group is skipped when all its computed
// exponents exceed `cut`; skipped[q] counts the skipped centres and smallest_skipped[q] is
// their smallest computed exponent (kExponentClamp when none). Each query's terms are
// summed in 8 lanes (lane l mod 8, in increasing l) and a tree of depth 3, as the
// difference kernel (direct_additions), so its sum depends only on the query and the
// centres: bit-identical on every thread count and tile split (kernel_clones.hpp: the
// x86-64 levels).
void product_kernel_sums(const ProductCentres& centres, const double* weights,
                         const double* offsets, const double* scales, std::size_t count,
                         double cut, ShiftedKernelWorkspace& work, double* sums, double* skipped,
                         double* smallest_skipped);

}  // namespace reconbound::goldfeld
