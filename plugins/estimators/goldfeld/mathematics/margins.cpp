#include "mathematics/margins.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "mathematics/rounding.hpp"
#include "reconbound/compensated_sum.hpp"
#include "reconbound/error.hpp"

namespace reconbound::goldfeld {

MarginSettings margin_settings(std::size_t union_size, double alpha, double alpha_mc_fraction) {
  const double alpha_mc = alpha * alpha_mc_fraction;                          // α₁
  return {.union_size = union_size, .alpha_mc = alpha_mc, .alpha_md = alpha - alpha_mc};  // α₂ = α − α₁
}

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

std::size_t monte_carlo_budget(std::size_t k, std::size_t blocks, std::size_t n, const MarginSettings& margins) {
  const auto [union_size, alpha_mc, alpha_md] = margins;
  if (k < 1 || blocks < 1 || n < 2 || union_size < 1 || !(alpha_mc > 0.0) || !(alpha_md > 0.0)) {
    throw InvalidInput(fmt::format(
        "the Monte Carlo budget needs k, N_k, |G| >= 1, n >= 2 and positive levels (got k={}, "
        "N_k={}, n={}, |G|={}, alpha_mc={}, alpha_md={})",
        k, blocks, n, union_size, alpha_mc, alpha_md));
  }
  // t_MC(n_MC) = t_MC(1)/sqrt(n_MC) ≤ t_MD  ⟺  n_MC ≥ (t_MC(1)/t_MD)²   (mathematics §6.7)
  const double t_md = mcdiarmid_margin_bits(n, union_size, alpha_md);  // eq 35
  const double t_mc_one =
      cantelli_margin_bits(monte_carlo_sigma_bits(k, blocks, n, 1), union_size, alpha_mc);  // eq 34
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

EstimateDetails margin_details(std::size_t n_mc, double t_mc, double t_md) {
  return {{.name = "n_mc", .value = static_cast<double>(n_mc), .count = true},
          {.name = "t_mc", .value = t_mc},
          {.name = "t_md", .value = t_md}};
}

std::size_t draws_of(const GridEntropy& result) {
  const std::optional<double> n_mc = find_detail(result.details, "n_mc");
  if (!n_mc || !(*n_mc >= 1.0)) {
    throw InvalidInput(fmt::format("the result of (k={}, nu2={}) has no draws per sample point (detail n_mc); "
                                   "pass results of the goldfeld estimator",
                                   result.pair.k, result.pair.nu2));
  }
  return static_cast<std::size_t>(*n_mc);
}

void assemble(GridEntropy& result, std::size_t n_mc, const MarginSettings& settings) {
  const double blocks = static_cast<double>(result.blocks.size());  // N_k
  const double block_variance = block_variance_bound_bits2(result.pair.k, result.n, n_mc);  // σ_b², §6.3
  CompensatedSum h;
  CompensatedSum variance;
  CompensatedSum numerical;
  for (const BlockEntropy& block : result.blocks) {
    h.add(block.h_point_bits);
    variance.add(block_variance);
    numerical.add(block.numerical_error_bits);
  }
  result.h_point = h.value() / blocks;                               // ĥ_MC, bits (eq 31)
  const double sigma_mc = std::sqrt(variance.value()) / blocks;      // bits (mathematics §6.3)
  const double t_mc = cantelli_margin_bits(sigma_mc, settings.union_size, settings.alpha_mc);  // eq 34
  const double t_md = mcdiarmid_margin_bits(result.n, settings.union_size, settings.alpha_md);  // eq 35
  const double blocks_error = numerical.value() / blocks;  // |mean error| ≤ mean of block errors
  // The assembly's own rounding: the mean over blocks (a compensated sum and a division, ≤ 4u·|ĥ|),
  // the margins' formulas (a few roundings each, ≤ 12u relative) and the three subtractions below
  // (≤ 3u of the terms' sum): within γ_16 of |ĥ| + t_MC + t_MD + t_num (mathematics §6.9).
  const double assembly = detail::gamma(16.0) * (std::abs(result.h_point) + t_mc + t_md + blocks_error);
  result.t_num = (blocks_error + assembly) * (1.0 + 2.0 * detail::kUnitRoundoff);
  result.h_lb = result.h_point - t_mc - t_md - result.t_num;  // mathematics §6.4
  result.details = margin_details(n_mc, t_mc, t_md);
  result.complete = true;
}

}  // namespace reconbound::goldfeld
