#pragma once
// One block's ĥ_MC(Π_b) (eq 31) and its proven numerical error, as both paths give it (the exact
// log-sum-exp, block_entropy.hpp, and the fast path, fast_entropy.hpp), and how the fast path's
// tiles of queries add up to it (proofs in block_result.cpp).
#include <cstddef>
#include <vector>

namespace reconbound::goldfeld {

// Sample points per work item of the fast path: threads share out (block, tile) items, and
// the tiles are fixed by n alone, so sums are formed in the same order on any thread count.
inline constexpr std::size_t kTileRows = 32;

// One tile's share for every level v (nats): Σ_q ṽ_q, Σ_q |ṽ_q| and Σ_q e_q over its
// queries q = (i, j), with ṽ_q the computed −ln Σ_l exp(−‖t_q − y_l‖²/(2s²)) and e_q the
// proven bound on its error.
struct TileSums {
  std::vector<double> value;
  std::vector<double> magnitude;
  std::vector<double> error;
};

struct FastBlockResult {
  double h_mc_bits = 0.0;             // ĥ_MC(Π_b), bits (eq 31)
  double numerical_error_bits = 0.0;  // proven bound on |h_mc_bits − exact plug-in|, bits
};

// Combines the tiles of one block (in tile order) for level `level` with dither sd s.
FastBlockResult fast_block_result(const std::vector<TileSums>& tiles, std::size_t level,
                                  std::size_t n, std::size_t k, std::size_t n_mc, double s);

// ĥ_MC(Π_b) (eq 31) from Σ_q ṽ_q over the N = n·n_mc queries, with its bound from Σ_q e_q (the
// queries' bounds) and the error of forming Σ_q ṽ_q (`aggregation`): step (g) of the proof at
// fast_block_result. NumericalError when N·u ≥ 1e-3.
FastBlockResult block_from_sums(double value_sum, double error_sum, double aggregation, std::size_t n, std::size_t k,
                                std::size_t n_mc, double s);

}  // namespace reconbound::goldfeld
