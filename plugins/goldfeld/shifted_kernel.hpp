#pragma once
// The direct kernel of the fast path (docs/fast_estimator.md): the unnormalised Gaussian
// mixture at the n_mc dithered copies t_j = y_i + s·Z_j of one sample point, for every
// dither level s of one block size at once (eq 31), one exponential per level and
// certified truncation. Used for grids without squaring chains and for rows whose draws
// exceed the chained kernel's ‖Z‖² limit (chained_kernel.hpp).
//
// Writing t_j − y_l = (y_i − y_l) + s·Z_j,
//   ‖t_j − y_l‖²/(2s²) = ‖Z_j‖²/2 + a_{jl},   a_{jl} = D_l·h + G_{jl}·r,
//   D_l = ‖y_i − y_l‖²,  G_{jl} = ⟨Z_j, y_i − y_l⟩,  h = 1/(2s²),  r = 1/s     (nats).
// D_l is computed once per centre for all draws and levels, G_{jl} once per draw for all
// levels, so a level costs one multiply-add and one exponential per (draw, centre). The
// own centre l = i has a = 0 exactly, so the sums below are ≥ 1 and never underflow.
#include <cstddef>
#include <vector>

#include "exp_neg.hpp"

namespace reconbound::goldfeld {

using detail::kExpRelativeError;
using detail::kExponentClamp;

// The scales of one dither level: h = 0.5/(s·s), r = 1/s.
struct LevelScale {
  double half_inv_s2 = 0.0;
  double inv_s = 0.0;
};

// Partial sums per (level, draw) of shifted_kernel_sums: lane l mod 8 takes centre l.
inline constexpr std::size_t kDirectLanes = 8;

// Most additions on the way of one term into its sum: along its lane, then a tree of depth 3.
inline constexpr std::size_t direct_additions(std::size_t n) {
  return (n + kDirectLanes - 1) / kDirectLanes + 3;
}

// Buffers of one thread, reused across calls (of this kernel, chained_kernel_sums and
// series_sums).
struct ShiftedKernelWorkspace {
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

}  // namespace reconbound::goldfeld
