#pragma once
// One block's ĥ_MC(Π_b) (eq 31) and its proven numerical error, as both paths give it (the exact
// log-sum-exp, block_entropy.hpp, and the fast path, fast_entropy.hpp).
#include <cstddef>

namespace reconbound::goldfeld {

struct FastBlockResult {
  double h_mc_bits = 0.0;             // ĥ_MC(Π_b), bits (eq 31)
  double numerical_error_bits = 0.0;  // proven bound on |h_mc_bits − exact plug-in|, bits
};

// ĥ_MC(Π_b) (eq 31) from Σ_q ṽ_q over the N = n·n_mc queries, with its bound from Σ_q e_q (the
// queries' bounds) and the error of forming Σ_q ṽ_q (`aggregation`): step (g) of the proof at
// fast_block_result. NumericalError when N·u ≥ 1e-3.
FastBlockResult block_from_sums(double value_sum, double error_sum, double aggregation, std::size_t n, std::size_t k,
                                std::size_t n_mc, double s);

}  // namespace reconbound::goldfeld
