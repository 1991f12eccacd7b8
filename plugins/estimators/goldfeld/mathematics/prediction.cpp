#include "mathematics/prediction.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "mathematics/margins.hpp"
#include "reconbound/error.hpp"

namespace reconbound::goldfeld {

namespace {

void check_prediction_input(const PilotEstimate& pilot, const PredictionTarget& target) {
  if (pilot.sizes.size() != 3 || pilot.h_point.size() != 3) {
    throw InvalidInput(fmt::format("the goldfeld prediction needs the pilot at three sizes n/4, n/2, n; got {} "
                                   "sizes and {} estimates", pilot.sizes.size(), pilot.h_point.size()));
  }
  if (pilot.pair.k < 1 || target.m % pilot.pair.k != 0 || target.m == 0) {
    throw InvalidInput(fmt::format("block size k={} does not divide m={}", pilot.pair.k, target.m));
  }
  if (target.n < 2 || pilot.sizes.back() < 1 || !(pilot.s > 0.0) || !std::isfinite(pilot.s)) {
    throw InvalidInput(fmt::format("the goldfeld prediction needs n_est >= 2, a pilot of >= 1 records and a finite "
                                   "s > 0 (got n_est={}, pilot n={}, s={})", target.n, pilot.sizes.back(), pilot.s));
  }
  if (!(target.alpha > 0.0 && target.alpha < 1.0) ||
      !(target.alpha_mc_fraction > 0.0 && target.alpha_mc_fraction < 1.0)) {
    throw InvalidInput(fmt::format("alpha={} and alpha_mc_fraction={} must lie in (0, 1)", target.alpha,
                                   target.alpha_mc_fraction));
  }
}

}  // namespace

double extrapolate_plugin_entropy(double h_quarter, double h_half, double h_full, double doublings, double cap) {
  const double first = h_half - h_quarter;  // Δ₁
  const double last = h_full - h_half;      // Δ₂
  double gain = 0.0;
  if (doublings <= 0.0) {
    gain = last * doublings;  // interpolation below the pilot size, linear in log n
  } else if (last > 0.0) {
    const double ratio = first > last ? last / first : 1.0;  // r ∈ (0, 1]
    gain = ratio < 1.0 ? last * ratio * (1.0 - std::pow(ratio, doublings)) / (1.0 - ratio)
                       : last * doublings;  // Δ₂·Σ_{j=1..L} r^j   (mathematics §6.6)
  }
  return std::min(h_full + gain, cap);
}

double plugin_cap_bits(std::size_t k, double s, std::size_t n) {
  const double two_pi_e = 2.0 * std::numbers::pi * std::numbers::e;
  // (k/2)·log2(2πe·s²) + log2 n   (mathematics §6.4)
  return 0.5 * static_cast<double>(k) * std::log2(two_pi_e * s * s) + std::log2(static_cast<double>(n));
}

double certification_cost(const GridPair& pair, std::size_t n, std::size_t m) {
  const double nd = static_cast<double>(n);
  return nd * nd * static_cast<double>(m / pair.k);  // n²·N_k kernel terms
}

EntropyPrediction predict_entropy(const PilotEstimate& pilot, const PredictionTarget& target, std::size_t n_mc) {
  check_prediction_input(pilot, target);
  const std::size_t k = pilot.pair.k;
  const std::size_t blocks = target.m / k;  // N_k
  const MarginSettings margins = margin_settings(target.union_size, target.alpha, target.alpha_mc_fraction);
  const double doublings =
      std::log2(static_cast<double>(target.n) / static_cast<double>(pilot.sizes.back()));  // L
  EntropyPrediction out;
  out.h_point = extrapolate_plugin_entropy(pilot.h_point[0], pilot.h_point[1], pilot.h_point[2], doublings,
                                           plugin_cap_bits(k, pilot.s, target.n));
  const std::size_t draws = n_mc > 0 ? n_mc : monte_carlo_budget(k, blocks, target.n, margins);  // §6.7
  const double t_md = mcdiarmid_margin_bits(target.n, margins.union_size, margins.alpha_md);  // eq 35
  const double t_mc = cantelli_margin_bits(monte_carlo_sigma_bits(k, blocks, target.n, draws),
                                           margins.union_size, margins.alpha_mc);  // eq 34
  out.h_lb = out.h_point - t_mc - t_md;  // mathematics §6.4
  out.cost = certification_cost(pilot.pair, target.n, target.m);
  out.details = margin_details(draws, t_mc, t_md);
  return out;
}

}  // namespace reconbound::goldfeld
