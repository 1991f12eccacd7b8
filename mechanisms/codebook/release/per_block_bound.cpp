// The per-block bound ρ_blk (paper eq 40 with F_blk, Proposition G.1; mathematics §9) at k = 1.
#include "per_block_bound.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "reconbound/error.hpp"

namespace reconbound::codebook {

namespace {

// |Σ_z Pr(Z = z) − 1| allowed for rounding.
constexpr double kProbabilityTolerance = 1e-9;

void check_entropies(const CoordinateEntropies& e) {
  const auto m = e.marginal.size();
  const auto outputs = e.output_probability.size();
  if (m == 0 || outputs == 0) throw InvalidInput("the per-block bound needs entropies of ≥ 1 coordinate and ≥ 1 output");
  if (static_cast<std::size_t>(e.conditional.cols()) != m || static_cast<std::size_t>(e.conditional.rows()) != outputs) {
    throw InvalidInput(fmt::format("conditional entropies are {} × {}, expected outputs × coordinates = {} × {}",
                                   e.conditional.rows(), e.conditional.cols(), outputs, m));
  }
  if (!e.conditional.allFinite() || !std::all_of(e.marginal.begin(), e.marginal.end(), [](double h) { return std::isfinite(h); })) {
    throw InvalidInput("the per-block entropies contain NaN or infinite values");
  }
  double total = 0.0;
  for (const double p : e.output_probability) {
    if (!(p >= 0.0) || !std::isfinite(p)) throw InvalidInput(fmt::format("output probability {} is not in [0, 1]", p));
    total += p;
  }
  if (std::abs(total - 1.0) > kProbabilityTolerance) {
    throw InvalidInput(fmt::format("the output probabilities sum to {}, not 1", total));
  }
}

void check_scalars(double gamma_bits, double trace_sigma, double nu2) {
  if (!(gamma_bits >= 0.0) || !std::isfinite(gamma_bits)) {
    throw InvalidInput(fmt::format("the charged leakage γ = {} bits must be finite and ≥ 0", gamma_bits));
  }
  if (!(trace_sigma > 0.0) || !std::isfinite(trace_sigma)) {
    throw InvalidInput(fmt::format("the normaliser tr Σ̂ = {} must be finite and > 0", trace_sigma));
  }
  if (!(nu2 > 0.0) || !std::isfinite(nu2)) {
    throw InvalidInput(fmt::format("the dither level ν² = {} must be finite and > 0", nu2));
  }
}

// Every cell needs min_records estimation records for its one-dimensional plug-ins (§G.6).
void check_cell_sizes(const std::vector<std::size_t>& cell, std::size_t cells, std::size_t min_records) {
  std::vector<std::size_t> size(cells, 0);
  for (const std::size_t c : cell) {
    if (c < cells) ++size[c];  // out-of-range labels are reported by coordinate_entropies
  }
  for (std::size_t c = 0; c < cells; ++c) {
    if (size[c] < min_records) {
      throw InvalidInput(fmt::format("cell {} holds {} estimation records, fewer than the {} the per-block bound "
                                     "needs; use fewer cells (a smaller R) or more records",
                                     c, size[c], min_records));
    }
  }
}

}  // namespace

PerBlockBound per_block_bound_from_entropies(const CoordinateEntropies& entropies, double gamma_bits,
                                             double trace_sigma, double nu2) {
  check_entropies(entropies);
  check_scalars(gamma_bits, trace_sigma, nu2);
  const std::size_t m = entropies.marginal.size();
  // log2(2πe·tr Σ), the normaliser of eq 40 at k = 1.
  const double log2_normaliser = std::log2(2.0 * std::numbers::pi * std::numbers::e * trace_sigma);
  PerBlockBound result;
  result.nu2 = nu2;
  result.gamma_b.resize(m);
  double sum_f = 0.0;
  double sum_gamma = 0.0;
  double sum_h = 0.0;
  for (std::size_t b = 0; b < m; ++b) {
    const double h = entropies.marginal[b];
    // γ_b = h(z̃_b) − Σ_z Pr(Z = z)·h(z̃_b | Z = z), clipped to [0, γ] (Prop G.1).
    double conditional = 0.0;
    for (std::size_t z = 0; z < entropies.output_probability.size(); ++z) {
      const double p = entropies.output_probability[z];
      if (p > 0.0) conditional += p * entropies.conditional(static_cast<Eigen::Index>(z), static_cast<Eigen::Index>(b));
    }
    const double gamma_b = std::clamp(h - conditional, 0.0, gamma_bits);
    result.gamma_b[b] = gamma_b;
    // F_blk/(2πe·tr Σ) = 2^{2(h(z̃_b) − γ_b)}/(2πe·tr Σ) (eq 40, k = 1).
    sum_f += std::exp2(2.0 * (h - gamma_b) - log2_normaliser);
    sum_gamma += gamma_b;
    sum_h += h;
  }
  const auto count = static_cast<double>(m);
  result.rho_squared = sum_f / count - nu2;  // eq 40
  result.rho = std::sqrt(std::max(result.rho_squared, 0.0));
  result.mean_gamma_b = sum_gamma / count;
  result.mean_marginal_entropy_bits = sum_h / count;
  return result;
}

PerBlockBound per_block_bound(MatrixView y, const std::vector<std::size_t>& cell, const RowMatrix& channel,
                              double gamma_bits, double trace_sigma, const PerBlockConfig& config) {
  check_scalars(gamma_bits, trace_sigma, config.nu2);
  if (cell.size() != static_cast<std::size_t>(y.rows())) {
    throw InvalidInput(fmt::format("{} cell labels for {} records; give one cell per record", cell.size(), y.rows()));
  }
  check_cell_sizes(cell, static_cast<std::size_t>(channel.rows()), config.min_cell_records);
  const double s = std::sqrt(config.nu2 * trace_sigma);  // s = ν·sqrt(tr Σ/k), k = 1 (mathematics §5)
  const CoordinateEntropies entropies = coordinate_entropies(y, cell, channel, s, config.threads);
  return per_block_bound_from_entropies(entropies, gamma_bits, trace_sigma, config.nu2);
}

}  // namespace reconbound::codebook
