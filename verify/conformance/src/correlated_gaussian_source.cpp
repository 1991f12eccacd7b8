#include "reconbound/conformance/correlated_gaussian_source.hpp"

#include <Eigen/Cholesky>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace reconbound::conformance {

CorrelatedGaussianSource::CorrelatedGaussianSource(std::size_t columns) {
  const auto m = static_cast<Eigen::Index>(columns);
  sigma_.resize(m, m);
  const double last = static_cast<double>(std::max<Eigen::Index>(m - 1, 1));
  for (Eigen::Index i = 0; i < m; ++i) {
    for (Eigen::Index j = 0; j < m; ++j) {
      const double d_i = 3.0 * std::pow(4.0, -static_cast<double>(i) / last);
      const double d_j = 3.0 * std::pow(4.0, -static_cast<double>(j) / last);
      sigma_(i, j) = d_i * d_j * std::pow(0.6, static_cast<double>(std::abs(i - j)));
    }
  }
  factor_ = sigma_.llt().matrixL();
}

std::size_t CorrelatedGaussianSource::columns() const {
  return static_cast<std::size_t>(sigma_.rows());
}

double CorrelatedGaussianSource::trace() const { return sigma_.trace(); }

RowMatrix CorrelatedGaussianSource::sample(std::size_t n, std::uint64_t seed) const {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  RowMatrix z(static_cast<Eigen::Index>(n), sigma_.rows());
  for (Eigen::Index i = 0; i < z.size(); ++i) z.data()[i] = normal(rng);
  return z * factor_.transpose();  // rows L·z ∼ N(0, Σ)
}

std::vector<double> CorrelatedGaussianSource::log2_det_ratios(std::size_t k, double s) const {
  const auto kk = static_cast<Eigen::Index>(k);
  const Eigen::Index blocks = sigma_.rows() / kk;  // N_k
  std::vector<double> out;
  for (Eigen::Index b = 0; b < blocks; ++b) {
    // I_k + C_b/s², C_b = N_k·Σ_bb the covariance of Π_b x (mathematics §4 with U = I).
    const Eigen::MatrixXd ratio =
        Eigen::MatrixXd::Identity(kk, kk) +
        static_cast<double>(blocks) * sigma_.block(b * kk, b * kk, kk, kk) / (s * s);
    const Eigen::VectorXd diagonal = ratio.llt().matrixL().toDenseMatrix().diagonal();
    out.push_back(2.0 * diagonal.array().log().sum() / std::numbers::ln2);
  }
  return out;
}

double CorrelatedGaussianSource::block_averaged_entropy(std::size_t k, double s) const {
  // h(N(0, C_b + s² I)) = h(W) + ½·log2 det(I + C_b/s²), h(W) = (k/2)·log2(2πe·s²)  (mathematics §5)
  const double noise = 0.5 * static_cast<double>(k) *
                       std::log2(2.0 * std::numbers::pi * std::numbers::e * s * s);
  const std::vector<double> ratios = log2_det_ratios(k, s);
  double total = 0.0;
  for (const double log2_det : ratios) total += noise + 0.5 * log2_det;
  return total / static_cast<double>(ratios.size());
}

double CorrelatedGaussianSource::plugin_bias_bound(std::size_t k, double s, std::size_t n) const {
  const double log2_n = std::log2(static_cast<double>(n));
  const std::vector<double> ratios = log2_det_ratios(k, s);
  double total = 0.0;
  for (const double log2_det : ratios) {
    // log2(1 + (D − 1)/n) = log2 D + log2(1 + (n − 1)/D) − log2 n, finite for any D ≥ 1.
    const double chi_square_term =
        log2_det + std::log2(1.0 + static_cast<double>(n - 1) * std::exp2(-log2_det)) - log2_n;
    total += std::min(chi_square_term, 0.5 * log2_det);
  }
  return total / static_cast<double>(ratios.size());
}

}  // namespace reconbound::conformance
