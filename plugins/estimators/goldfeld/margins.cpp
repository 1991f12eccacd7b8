#include "margins.hpp"

#include <cmath>
#include <numbers>

#include "reconbound/compensated_sum.hpp"

namespace reconbound::goldfeld {

void assemble(GridEntropy& result, const MarginSettings& settings) {
  const double blocks = static_cast<double>(result.blocks.size());  // N_k
  CompensatedSum h;
  CompensatedSum variance;
  CompensatedSum numerical;
  for (const BlockEntropy& block : result.blocks) {
    h.add(block.h_mc_bits);
    variance.add(block.variance_bound_bits2);
    numerical.add(block.numerical_error_bits);
  }
  result.h_mc = h.value() / blocks;                                  // bits
  const double sigma_mc = std::sqrt(variance.value()) / blocks;      // bits (mathematics §6.3)
  result.t_mc = cantelli_margin_bits(sigma_mc, settings.union_size, settings.alpha_mc);
  result.t_md = mcdiarmid_margin_bits(result.n, settings.union_size, settings.alpha_md);
  result.t_num = numerical.value() / blocks;  // |mean error| ≤ mean of block errors
  result.h_lb = result.h_mc - result.t_mc - result.t_md - result.t_num;  // mathematics §6.4
  result.complete = true;
}

}  // namespace reconbound::goldfeld
