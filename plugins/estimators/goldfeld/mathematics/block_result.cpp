#include "mathematics/block_result.hpp"

#include <fmt/format.h>

#include <cmath>
#include <numbers>

#include "mathematics/rounding.hpp"
#include "reconbound/compensated_sum.hpp"
#include "reconbound/error.hpp"

namespace reconbound::goldfeld {

using detail::gamma;
using detail::kUnitRoundoff;

// Aggregation, with N = n·n_mc queries and T = kTileRows·n_mc queries per tile:
//   Σ_q ṽ_q is formed by plain sums inside each tile (error ≤ γ_T·Σ_{q∈tile}|ṽ_q|) and a
//   Neumaier sum over the ⌈n/kTileRows⌉ =: M tiles (error ≤ 2u·|Σ| + 4M·u²·Σ|x|), so the
//   total error is ≤ 1.01·(γ_T + 2u + 4M·u²)·Σ_q|ṽ_q|. Σ e_q and Σ|ṽ_q| are sums of
//   non-negative numbers, exact up to a factor 1 + γ_N ≤ 1.01 (N·u < 1e-3, checked).
//   ĥ = (C + Σ/N)/ln2 with C = ln n + (k/2)·ln(2πs²): C carries ≤ 10u·(ln n + (k/2)·
//   (|ln(2πs²)| + 1)), the division by N, the addition and the division by ln2 (rounded
//   itself) ≤ 4u·(|C| + |Σ/N|). So
//     |ĥ − ĥ_exact| ≤ 1.01·[ (Σ e_q + aggregation)/N + C error + 4u·(|C| + |Σ/N|) ] / ln2,
//   where ĥ_exact is eq 31 evaluated in exact arithmetic on the same draws Z.
FastBlockResult fast_block_result(const std::vector<TileSums>& tiles, std::size_t level,
                                  std::size_t n, std::size_t k, std::size_t n_mc, double s) {
  CompensatedSum value;
  double magnitude = 0.0;
  double error = 0.0;
  for (const TileSums& tile : tiles) {
    value.add(tile.value[level]);
    magnitude += tile.magnitude[level];
    error += tile.error[level];
  }
  const double tile_count = static_cast<double>(tiles.size());  // M
  const double aggregation =
      1.01 * (gamma(static_cast<double>(kTileRows * n_mc)) + 2.0 * kUnitRoundoff +
              4.0 * tile_count * kUnitRoundoff * kUnitRoundoff) *
      (1.01 * magnitude);
  return block_from_sums(value.value(), error, aggregation, n, k, n_mc, s);
}

FastBlockResult block_from_sums(double value_sum, double error_sum, double aggregation, std::size_t n, std::size_t k,
                                std::size_t n_mc, double s) {
  const double nd = static_cast<double>(n);
  const double queries = nd * static_cast<double>(n_mc);  // N
  if (!(queries * kUnitRoundoff < 1e-3)) {
    throw NumericalError(fmt::format(
        "goldfeld: n·n_mc = {} queries are too many for its error bound; lower n_mc", queries));
  }
  const double error = error_sum;
  const double half_k = 0.5 * static_cast<double>(k);
  const double log_scale = std::log(2.0 * std::numbers::pi * s * s);
  const double constant = std::log(nd) + half_k * log_scale;  // nats
  const double constant_error = 10.0 * kUnitRoundoff * (std::log(nd) + half_k * (std::abs(log_scale) + 1.0));
  const double mean = value_sum / queries;
  FastBlockResult out;
  out.h_mc_bits = (constant + mean) / std::numbers::ln2;  // eq 31, bits
  out.numerical_error_bits =
      1.01 *
      ((1.01 * error + aggregation) / queries + constant_error +
       4.0 * kUnitRoundoff * (std::abs(constant) + std::abs(mean))) /
      std::numbers::ln2;
  return out;
}

}  // namespace reconbound::goldfeld
