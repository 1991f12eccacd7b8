#pragma once
// A Gaussian population N(0, Σ) in R^m with a fixed non-isotropic, correlated covariance
// Σ_ij = d_i·d_j·0.6^|i−j|, d_i = 3·4^(−i/(m−1)) (standard deviations from 3 down to 0.75).
// The dithered block Π_b x + W_b is Gaussian, N(0, C_b + s²·I_k) with C_b = N_k·Σ_bb, so
// h̄_U(k) is known in closed form at every k dividing m and every s.
#include <vector>

#include "reconbound/conformance/known_entropy_source.hpp"

namespace reconbound::conformance {

class CorrelatedGaussianSource final : public KnownEntropySource {
 public:
  explicit CorrelatedGaussianSource(std::size_t columns);

  std::size_t columns() const override;
  double trace() const override;
  RowMatrix sample(std::size_t n, std::uint64_t seed) const override;

  // (1/N_k)·Σ_b ½·log2((2πe)^k·det(C_b + s² I_k)), bits.
  double block_averaged_entropy(std::size_t k, double s) const override;

  // Per block, with D_b = det(I_k + C_b/s²) (see KnownEntropySource):
  //   E χ²(f̂_b ‖ f_b) = (D_b − 1)/n,   h(f_b) − h(W) = ½·log2 D_b,
  // because ∫ E_y[φ_s(z − y)²]/f_b(z) dz = Π_i (1 + λ_i/s²) over the eigenvalues λ_i of C_b
  // (one Gaussian integral per eigen-direction).
  double plugin_bias_bound(std::size_t k, double s, std::size_t n) const override;

 private:
  // log2 det(I_k + C_b/s²) for every block b of size k.
  std::vector<double> log2_det_ratios(std::size_t k, double s) const;

  Eigen::MatrixXd sigma_;
  Eigen::MatrixXd factor_;  // Σ = L·Lᵀ
};

}  // namespace reconbound::conformance
