#include "block_entropy.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "reconbound/compensated_sum.hpp"
#include "mixture_kernel.hpp"

namespace reconbound::goldfeld {

BlockPoints::BlockPoints(const MatrixView& rotated, std::size_t k, std::size_t block)
    : n_(static_cast<std::size_t>(rotated.rows())), k_(k), values_(k * n_) {
  const double blocks = static_cast<double>(rotated.cols()) / static_cast<double>(k);
  const double scale = std::sqrt(blocks);  // Π_b = sqrt(N_k)·P_b·U (SPEC §4)
  for (std::size_t c = 0; c < k; ++c) {
    const auto column = static_cast<Eigen::Index>(block * k + c);
    double* out = values_.data() + c * n_;
    CompensatedSum total;
    for (std::size_t i = 0; i < n_; ++i) {
      out[i] = scale * rotated(static_cast<Eigen::Index>(i), column);
      total.add(out[i]);
    }
    const double mean = total.value() / static_cast<double>(n_);
    for (std::size_t i = 0; i < n_; ++i) out[i] -= mean;
  }
}

// The variance bound of SPEC §6.3 (it replaces the paper's eq 33).
//
// Fix the sample and a query index i, and let f_i(w) = −ln f̂_b(y_i + w) (nats) with
// W ∼ N(0, s² I_k). Writing t = y_i + w and π_l(t) ∝ φ_s(t − y_l) for the posterior weights
// of the centres,
//   ∇f_i(w) = (t − μ̄(t)) / s²,   μ̄(t) = Σ_l π_l(t)·y_l,
// because ∇φ_s(t − y_l) = −φ_s(t − y_l)·(t − y_l)/s². For any fixed point c (here the block
// mean, the origin of the centred points), μ̄(t) is a convex combination of the centres, so
// ‖μ̄(t) − c‖ ≤ max_l ‖y_l − c‖ and
//   ‖t − μ̄(t)‖ ≤ ‖w‖ + ‖y_i − c‖ + max_l ‖y_l − c‖ = ‖w‖ + D_i.
// The Gaussian Poincaré inequality Var g(W) ≤ s²·E‖∇g(W)‖² then gives
//   Var f_i(W) ≤ E(‖W‖ + D_i)² / s² = (E‖W‖² + 2·D_i·E‖W‖ + D_i²) / s²
//             ≤ k + 2·sqrt(k)·D_i/s + D_i²/s² =: v_i   (nats²),
// using E‖W‖² = k·s² and E‖W‖ ≤ sqrt(E‖W‖²) = sqrt(k)·s (Jensen). The n·n_mc terms of
// eq 31 are independent given the sample, so
//   Var ĥ_MC(Π_b) ≤ (1/(n·n_mc))²·n_mc·Σ_i v_i / ln²2 = Σ_i v_i / (n²·n_mc·ln²2)  (bits²).
double variance_bound_bits2(const BlockPoints& points, double s, std::size_t n_mc) {
  const std::size_t n = points.n();
  const std::size_t k = points.k();
  std::vector<double> radius(n);
  double max_radius = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    double r2 = 0.0;
    for (std::size_t c = 0; c < k; ++c) r2 += points.at(i, c) * points.at(i, c);
    radius[i] = std::sqrt(r2);
    max_radius = std::max(max_radius, radius[i]);
  }
  const double kd = static_cast<double>(k);
  CompensatedSum total;
  for (std::size_t i = 0; i < n; ++i) {
    const double d_over_s = (radius[i] + max_radius) / s;  // D_i / s
    total.add(kd + 2.0 * std::sqrt(kd) * d_over_s + d_over_s * d_over_s);  // v_i, nats²
  }
  const double nd = static_cast<double>(n);
  const double ln2 = std::numbers::ln2;
  return total.value() / (nd * nd * static_cast<double>(n_mc) * ln2 * ln2);
}

double monte_carlo_entropy_bits(const BlockPoints& points, double s, std::size_t n_mc,
                                NormalStream& dither) {
  const std::size_t n = points.n();
  const std::size_t k = points.k();
  const double half_inv_s2 = 0.5 / (s * s);
  std::vector<double> queries(kQueryBatch * k);
  std::vector<double> scratch(kQueryBatch * n);
  double terms[kQueryBatch];
  CompensatedSum sum;  // Σ_ij −ln f̂_b(y_i + W_ij) − ln n − (k/2)·ln(2πs²), nats
  std::size_t count = 0;
  const auto flush = [&] {
    neg_log_kernel_sums(points.coordinate_major(), n, k, queries.data(), count, half_inv_s2,
                        scratch.data(), terms);
    for (std::size_t q = 0; q < count; ++q) sum.add(terms[q]);
    count = 0;
  };
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n_mc; ++j) {
      for (std::size_t c = 0; c < k; ++c) {
        queries[count * k + c] = points.at(i, c) + s * dither.next();  // y_{b,i} + W_{ij,b}
      }
      if (++count == kQueryBatch) flush();
    }
  }
  if (count > 0) flush();
  // −ln f̂_b(t) = ln n + (k/2)·ln(2π s²) − ln Σ_l exp(−‖t − y_l‖²/(2s²))   (nats)
  const double nd = static_cast<double>(n);
  const double constant =
      std::log(nd) + 0.5 * static_cast<double>(k) * std::log(2.0 * std::numbers::pi * s * s);
  const double mean = sum.value() / (nd * static_cast<double>(n_mc));
  return (constant + mean) / std::numbers::ln2;  // eq 31, bits
}

}  // namespace reconbound::goldfeld
