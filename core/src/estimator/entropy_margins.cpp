#include "reconbound/entropy_margins.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "reconbound/error.hpp"

namespace reconbound {

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

double block_variance_bound_bits2(std::size_t k, std::size_t n, std::size_t n_mc) {
  const double ln2 = std::numbers::ln2;
  // Var ≤ k/(n·n_MC) nats² (mathematics §6.3), converted to bits².
  return static_cast<double>(k) /
         (static_cast<double>(n) * static_cast<double>(n_mc) * ln2 * ln2);
}

double monte_carlo_sigma_bits(std::size_t k, std::size_t blocks, std::size_t n, std::size_t n_mc) {
  // σ_MC² = (1/N_k²)·Σ_b σ_b² = k/(N_k·n·n_MC·ln²2)   (mathematics §6.3)
  return std::sqrt(block_variance_bound_bits2(k, n, n_mc) / static_cast<double>(blocks));
}

std::size_t monte_carlo_budget(std::size_t k, std::size_t blocks, std::size_t n,
                               std::size_t union_size, double alpha_mc, double alpha_md) {
  if (k < 1 || blocks < 1 || n < 2 || union_size < 1 || !(alpha_mc > 0.0) || !(alpha_md > 0.0)) {
    throw InvalidInput(fmt::format(
        "the Monte Carlo budget needs k, N_k, |G| >= 1, n >= 2 and positive levels (got k={}, "
        "N_k={}, n={}, |G|={}, alpha_mc={}, alpha_md={})",
        k, blocks, n, union_size, alpha_mc, alpha_md));
  }
  // t_MC(n_MC) = t_MC(1)/sqrt(n_MC) ≤ t_MD  ⟺  n_MC ≥ (t_MC(1)/t_MD)²   (mathematics §6.7)
  const double t_md = mcdiarmid_margin_bits(n, union_size, alpha_md);
  const double t_mc_one =
      cantelli_margin_bits(monte_carlo_sigma_bits(k, blocks, n, 1), union_size, alpha_mc);
  const double ratio2 = (t_mc_one / t_md) * (t_mc_one / t_md);
  auto n_mc = static_cast<std::size_t>(std::max(1.0, std::ceil(ratio2)));
  // Guard the last ulp: the rule is checked on the margins themselves.
  while (n_mc > 1 && cantelli_margin_bits(monte_carlo_sigma_bits(k, blocks, n, n_mc - 1),
                                          union_size, alpha_mc) <= t_md) {
    --n_mc;
  }
  while (cantelli_margin_bits(monte_carlo_sigma_bits(k, blocks, n, n_mc), union_size, alpha_mc) >
         t_md) {
    ++n_mc;
  }
  return n_mc;
}

}  // namespace reconbound
