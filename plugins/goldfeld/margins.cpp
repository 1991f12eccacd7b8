#include "margins.hpp"

#include <cmath>
#include <numbers>

#include "reconbound/compensated_sum.hpp"

namespace reconbound::goldfeld {

double binary_entropy_bits(double p) {
  // −(1−p)·log2(1−p) through log1p: accurate for the small p = 1/n used here.
  return (-p * std::log(p) - (1.0 - p) * std::log1p(-p)) / std::numbers::ln2;
}

double mcdiarmid_margin_bits(std::size_t n, std::size_t union_size, double alpha_md) {
  const double nd = static_cast<double>(n);
  const double log_term = std::log(static_cast<double>(union_size) / alpha_md);  // ln(|G|/α₂)
  return binary_entropy_bits(1.0 / nd) * std::sqrt(0.5 * nd * log_term);        // eq 35
}

double cantelli_margin_bits(double sigma_mc_bits, std::size_t union_size, double alpha_mc) {
  return sigma_mc_bits * std::sqrt(static_cast<double>(union_size) / alpha_mc - 1.0);  // eq 34
}

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
  const double sigma_mc = std::sqrt(variance.value()) / blocks;      // bits (SPEC §6.3)
  result.t_mc = cantelli_margin_bits(sigma_mc, settings.union_size, settings.alpha_mc);
  result.t_md = mcdiarmid_margin_bits(result.n, settings.union_size, settings.alpha_md);
  result.t_num = numerical.value() / blocks;  // |mean error| ≤ mean of block errors
  result.h_lb = result.h_mc - result.t_mc - result.t_md - result.t_num;  // SPEC §6.4
  result.complete = true;
}

}  // namespace reconbound::goldfeld
