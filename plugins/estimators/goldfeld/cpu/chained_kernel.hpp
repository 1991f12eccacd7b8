#pragma once
// The hot loop of the fast path with squaring chains (level_plan.hpp,
// docs/fast_estimator.md): the same sums as shifted_kernel_sums, for every level of a
// chained plan, with one exponential per (draw, centre) for each top level and two
// multiplications for each chained level:
//   e^{−a_v} = (e^{−a_p}·F_p)²,  F_p = e^{−D·h_p}   (a_v = 2(a_p + D·h_p), nats),
// F_p computed once per centre for all draws (an exponential for a top p, two squarings of
// its parent's factor otherwise: F_p = F_q⁴). Nothing is truncated: every centre is summed.
#include <cstddef>

#include "cpu/shifted_kernel.hpp"
#include "mathematics/level_plan.hpp"

namespace reconbound::goldfeld {

// Centres per tile of the kernel's passes.
inline constexpr std::size_t kChainTile = 128;

// Partial sums per (level, draw): lane l mod kChainLanes takes centre l, summed per tile in
// registers and then added to the lane's running sum; at the end the lanes are added in a
// fixed binary tree, so the order depends only on n.
inline constexpr std::size_t kChainLanes = 8;

// Most additions on the way of one term into its sum (error bound of the summation,
// query_bound.cpp): within its tile, into the running sum once per tile, and the tree.
inline constexpr std::size_t chained_additions(std::size_t n) {
  return kChainTile / kChainLanes + (n + kChainTile - 1) / kChainTile + 3;  // log2(8) = 3
}

// For sample point `self` (0 ≤ self < n) with draws Z_j (row-major, draws × k) and the
// centres y_l (coordinate-major: centres[c·n + l]), for level v and draw j (q = v·draws + j):
//   sums[q] = Σ_l (computed e^{−a_{jl}})   (≥ 1: the own centre's term is exactly 1).
// Tops use exp_neg of the exponent clamped to kExponentClamp; chained levels the squaring
// step. Bit-identical on every thread count (kernel_clones.hpp: the x86-64 levels).
void chained_kernel_sums(const double* centres, std::size_t n, std::size_t k, std::size_t self,
                         const double* draws_z, std::size_t draws, const LevelPlan& plan,
                         ShiftedKernelWorkspace& work, double* sums);

}  // namespace reconbound::goldfeld
