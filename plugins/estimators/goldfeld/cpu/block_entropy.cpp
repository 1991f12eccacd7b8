#include "cpu/block_entropy.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "cpu/mixture_kernel.hpp"
#include "mathematics/rounding.hpp"
#include "reconbound/compensated_sum.hpp"

namespace reconbound::goldfeld {

BlockPoints::BlockPoints(const MatrixView& rotated, std::size_t k, std::size_t block, std::size_t first_column,
                         std::size_t m)
    : n_(static_cast<std::size_t>(rotated.rows())), k_(k), values_(k * n_) {
  const double blocks = static_cast<double>(m) / static_cast<double>(k);
  const double scale = std::sqrt(blocks);  // Π_b = sqrt(N_k)·P_b·U (mathematics §4)
  for (std::size_t c = 0; c < k; ++c) {
    const auto column = static_cast<Eigen::Index>(block * k + c - first_column);
    double* out = values_.data() + c * n_;
    CompensatedSum total;
    for (std::size_t i = 0; i < n_; ++i) {
      out[i] = scale * rotated(static_cast<Eigen::Index>(i), column);
      total.add(out[i]);
    }
    const double mean = total.value() / static_cast<double>(n_);
    for (std::size_t i = 0; i < n_; ++i) out[i] -= mean;
  }
  double largest = 0.0;  // max_i ‖y_i‖² of the stored points
  for (std::size_t i = 0; i < n_; ++i) {
    double norm2 = 0.0;
    for (std::size_t c = 0; c < k; ++c) norm2 += values_[c * n_ + i] * values_[c * n_ + i];
    largest = std::max(largest, norm2);
  }
  // fl(a − c) = (a − c)(1 + θ), |θ| ≤ u, per coordinate; the norm's own rounding is inside 1.01.
  centring_error_ = 1.01 * detail::kUnitRoundoff * std::sqrt(largest) * (1.0 + detail::gamma(static_cast<double>(k) + 2.0));
}

// The variance bound of mathematics §6.3 (used through block_variance_bound_bits2 in
// margins.hpp; it replaces the paper's eq 33 and the earlier per-record
// bound k + 2·sqrt(k)·D_i/s + D_i²/s²).
//
// Fix the sample, a query index i, and let g_i(w) = −ln f̂_b(y_i + w) (nats), W ∼ N(0, s² I_k).
// With t = y_i + w and posterior weights π_l(t) ∝ φ_s(t − y_l) of the centres,
//   ∇g_i(w) = (t − μ̄(t))/s²,   μ̄(t) = Σ_l π_l(t)·y_l,
// because ∇φ_s(t − y_l) = −φ_s(t − y_l)·(t − y_l)/s². The Gaussian Poincaré inequality
// Var g(W) ≤ s²·E‖∇g(W)‖² gives Var g_i(W) ≤ E‖t − μ̄(t)‖²/s². Averaged over i, t = y_I + W
// with I uniform on the sample is a draw from f̂_b, and μ̄(t) = E[y_I | t], so
//   (1/n)·Σ_i E‖t − μ̄(t)‖² = E‖t − y_I‖² − E‖μ̄(t) − y_I‖² ≤ E‖W‖² = k·s²
// (the conditional mean minimises the squared error). Hence Σ_i Var g_i ≤ n·k, and the
// n·n_MC terms of eq 31 are independent given the sample:
//   Var ĥ_MC(Π_b) ≤ n_MC·n·k/(n·n_MC)² = k/(n·n_MC)  nats²,   /ln²2 for bits².

FastBlockResult monte_carlo_entropy_bits(const BlockPoints& points, double s, std::size_t n_mc, NormalStream& dither) {
  const std::size_t n = points.n();
  const std::size_t k = points.k();
  const double half_inv_s2 = 0.5 / (s * s);
  std::vector<double> queries(kQueryBatch * k);
  std::vector<double> scratch(kQueryBatch * n);
  double terms[kQueryBatch], errors[kQueryBatch], moved[kQueryBatch];
  CompensatedSum sum;  // Σ_q ṽ_q, nats
  double magnitude = 0.0, error = 0.0;  // Σ_q |ṽ_q| and Σ_q e_q
  std::size_t count = 0;
  const auto flush = [&] {
    neg_log_kernel_sums(points.coordinate_major(), n, k, queries.data(), count, half_inv_s2, moved, scratch.data(),
                        terms, errors);
    for (std::size_t q = 0; q < count; ++q) {
      sum.add(terms[q]);
      magnitude += std::abs(terms[q]);
      error += errors[q];
    }
    count = 0;
  };
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n_mc; ++j) {
      double step2 = 0.0, query2 = 0.0;  // ‖fl(s·Z)‖², ‖t̃‖²
      for (std::size_t c = 0; c < k; ++c) {
        const double step = s * dither.next();
        queries[count * k + c] = points.at(i, c) + step;  // y_{b,i} + W_{ij,b}
        step2 += step * step;
        query2 += queries[count * k + c] * queries[count * k + c];
      }
      // (x5) of exact_bound.cpp: the query's two roundings (≤ u·(|s·Z_c| + |t̃_c|) each
      // coordinate) and the centring of its own point and of each centre (BlockPoints).
      moved[count] = 1.01 * detail::kUnitRoundoff * (std::sqrt(step2) + std::sqrt(query2)) *
                         (1.0 + detail::gamma(static_cast<double>(k) + 2.0)) +
                     2.0 * points.centring_error();
      if (++count == kQueryBatch) flush();
    }
  }
  if (count > 0) flush();
  // One Neumaier sum over the N queries: error ≤ 2u·|Σ| + 4N·u²·Σ|ṽ| (Σ|ṽ| exact to 1.01).
  const double queries_total = static_cast<double>(n) * static_cast<double>(n_mc);
  const double aggregation = 1.01 * (2.0 * detail::kUnitRoundoff + 4.0 * queries_total * detail::kUnitRoundoff *
                                                                       detail::kUnitRoundoff) * (1.01 * magnitude);
  // −ln f̂_b(t) = ln n + (k/2)·ln(2π s²) − ln Σ_l exp(−‖t − y_l‖²/(2s²))   (nats; eq 31, bits)
  return block_from_sums(sum.value(), error, aggregation, n, k, n_mc, s);
}

}  // namespace reconbound::goldfeld
