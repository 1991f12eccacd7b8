#pragma once
// A population with four support points a_j in R^4 and probabilities p_j. The dithered block
// Π_b x + W_b is the Gaussian mixture Σ_j p_j·N(sqrt(N_k)·a_j[block b], s² I_k), whose entropy
// the MPFR quadrature of the verification module computes for k ∈ {1, 2}
// (reference_block_averaged_entropy).
#include <vector>

#include "reconbound/conformance/known_entropy_source.hpp"

namespace reconbound::conformance {

class FiniteSupportSource final : public KnownEntropySource {
 public:
  FiniteSupportSource();

  std::size_t columns() const override;
  double trace() const override;
  RowMatrix sample(std::size_t n, std::uint64_t seed) const override;

  // By quadrature (k ∈ {1, 2}); throws NumericalError if the quadrature's error estimate exceeds 1e-9 bits.
  double block_averaged_entropy(std::size_t k, double s) const override;

  // f̂_b is the mixture with the empirical frequencies p̂_j in place of p_j, so by the data
  // processing inequality D(f̂_b ‖ f_b) ≤ D(p̂ ‖ p) ≤ ln(1 + χ²(p̂ ‖ p)), and
  // E χ²(p̂ ‖ p) = Σ_j Var p̂_j / p_j = (J − 1)/n: the bias is at most log2(1 + (J − 1)/n) at
  // every k and s (see KnownEntropySource).
  double plugin_bias_bound(std::size_t k, double s, std::size_t n) const override;

 private:
  RowMatrix support_;
  std::vector<double> probabilities_;
};

}  // namespace reconbound::conformance
