#pragma once
// One block's share of the goldfeld estimator: the Monte Carlo entropy ĥ_MC(Π_b) (eq 31)
// for a fixed estimation sample. Its variance bound σ_b² = k/(n·n_MC·ln²2) needs no data
// (mathematics §6.3; derivation in block_entropy.cpp, formula in margins.hpp).
#include <cstddef>
#include <vector>

#include "mathematics/block_result.hpp"
#include "mathematics/dither.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound::goldfeld {

// The points y_{b,i} = sqrt(N_k)·rotated(i, b·k .. b·k+k−1) of one block (mathematics §4), minus
// their mean c; `rotated` holds the sample's columns from first_column on, of m in all
// (N_k = m/k). Entropy is translation invariant, so centring changes no result; it keeps
// the squared distances of the hot loop small and accurate. Stored coordinate-major so
// that the loop over the n centres runs over contiguous memory.
class BlockPoints {
 public:
  BlockPoints(const MatrixView& rotated, std::size_t k, std::size_t block, std::size_t first_column,
              std::size_t m);

  std::size_t n() const { return n_; }
  std::size_t k() const { return k_; }
  // All k·n values, coordinate-major: coordinate c of point i at [c·n + i].
  const double* coordinate_major() const { return values_.data(); }
  double at(std::size_t i, std::size_t c) const { return values_[c * n_ + i]; }
  // A bound on how far the stored points lie from the uncentred ones translated by their mean in
  // exact arithmetic: 1.01·u·max_i ‖y_i‖ (one rounding per coordinate of the subtraction).
  double centring_error() const { return centring_error_; }

 private:
  std::size_t n_;
  std::size_t k_;
  std::vector<double> values_;  // k × n
  double centring_error_ = 0.0;
};

// ĥ_MC(Π_b) (bits, eq 31): −(1/(n·n_mc)) Σ_i Σ_j log2 f̂_b(y_{b,i} + s·Z_ij), with log f̂_b
// evaluated by a log-sum-exp over all n centres, and its proven numerical error (bits): the
// kernel's (exact_query_error) with the roundings of the queries y + s·Z and of the centring,
// then the block's aggregation (block_from_sums). The Z_ij are taken from `dither` in the order
// i, then j, then coordinate.
FastBlockResult monte_carlo_entropy_bits(const BlockPoints& points, double s, std::size_t n_mc, NormalStream& dither);

}  // namespace reconbound::goldfeld
