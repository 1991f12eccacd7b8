#pragma once
// The confidence margins of the goldfeld estimator (mathematics §6.1–6.4) and the assembly of
// per-block results into one grid pair's h̄_LB.
#include <cstddef>
#include <vector>

#include "reconbound/entropy_margins.hpp"
#include "reconbound/estimator.hpp"

namespace reconbound::goldfeld {

struct MarginSettings {
  std::size_t union_size = 1;  // |G|
  double alpha_mc = 0.025;     // α₁
  double alpha_md = 0.025;     // α₂
};

// Fills h_mc, t_mc, t_md, t_num and h_lb of `result` from its blocks, which must be all
// N_k blocks sorted by index (mathematics §6.3–6.4):
//   ĥ_MC = (1/N_k)·Σ_b ĥ_MC(Π_b),  σ_MC² = (1/N_k²)·Σ_b σ_b² (independent dither per block),
//   t_num = (1/N_k)·Σ_b numerical error,  h̄_LB = ĥ_MC − t_MC − t_MD − t_num.
// Sums run in block order, so a combined sharded result equals a single call bit for bit.
void assemble(GridEntropy& result, const MarginSettings& settings);

}  // namespace reconbound::goldfeld
