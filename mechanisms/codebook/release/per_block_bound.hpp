#pragma once
// The per-block bound ρ_blk (paper eq 40, Proposition G.1; mathematics §9) of a release Z of the
// codebook cell Q: at block size k = 1 each rotated coordinate b is charged only the leakage
// γ_b = I(z̃_b; Z) it receives, estimated from one-dimensional dithered plug-in densities
// (eq 31 at k = 1) on the estimation sample. A point estimate: no confidence margins.
#include <cstddef>
#include <vector>

#include "reconbound/matrix.hpp"

namespace reconbound::codebook {

// Dithered plug-in entropies (bits) of one-dimensional Gaussian mixtures, per coordinate.
struct CoordinateEntropies {
  std::vector<double> marginal;            // h(z̃_b) for every coordinate b (size m_pad)
  RowMatrix conditional;                   // outputs × m_pad: h(z̃_b | Z = z); 0 where Pr(Z = z) = 0
  std::vector<double> output_probability;  // Pr(Z = z) = Σ_c Pr(Q = c)·channel(c, z)
};

// y: n × m_pad rotated coordinates at k = 1 (rows = D_est records); cell[i] ∈ [0, cells) the
// release cell Q of row i, every cell holding at least one row; channel: cells × outputs,
// entries ≥ 0, rows sum to 1 (Pr(Z = z | Q = c)); s > 0: the dither standard deviation.
// With f_c(t) = (1/n_c)·Σ_{i∈c} φ_s(t − y_{i,b}) (eq 31 at k = 1) and Pr(Q = c) = n_c/n:
//   h(z̃_b) = h(Σ_c Pr(c)·f_c),   h(z̃_b | Z = z) = h(Σ_c Pr(c | z)·f_c)   (Bayes for Pr(c | z)).
// Each density is evaluated on a uniform grid (spacing s/16, the data range ± 10 s) by
// six-point Lagrange binning and an FFT convolution with φ_s, and −∫ f log2 f by the
// trapezoid rule: within 1e-6 bits of the exact plug-in entropy (tests/per_block).
// threads = 0 uses every hardware thread; the results do not depend on it.
CoordinateEntropies coordinate_entropies(MatrixView y, const std::vector<std::size_t>& cell,
                                         const RowMatrix& channel, double s, std::size_t threads);

struct PerBlockBound {
  double rho = 0;           // ρ_blk = sqrt([ρ_blk²]_+)
  double rho_squared = 0;   // eq 40 with F_blk, before [·]_+ and the square root
  double nu2 = 0.2;
  double mean_gamma_b = 0;  // mean over coordinates of the clipped γ_b (bits)
  double mean_marginal_entropy_bits = 0;
  std::vector<double> gamma_b;  // clipped to [0, γ], per coordinate (bits)
};

struct PerBlockConfig {
  double nu2 = 0.2;
  std::size_t min_cell_records = 20;  // InvalidInput below, naming the cell, its size and the limit
  std::size_t threads = 1;
};

// ρ_blk² = (1/m_pad)·Σ_b 2^{2(h(z̃_b) − γ_b)}/(2πe·tr Σ) − ν² (eq 40, F_blk, k = 1) with
// γ_b = h(z̃_b) − Σ_z Pr(Z = z)·h(z̃_b | Z = z) clipped to [0, γ] (a mutual information is
// ≥ 0, and γ_b ≤ γ by data processing, Prop G.1), at s = ν·sqrt(tr Σ) (mathematics §5, k = 1).
// trace_sigma: the normaliser tr Σ̂ (from D⊥). gamma_bits: the leakage charged (upper clip of γ_b).
PerBlockBound per_block_bound(MatrixView y, const std::vector<std::size_t>& cell, const RowMatrix& channel,
                              double gamma_bits, double trace_sigma, const PerBlockConfig& config);

// The same bound from entropies already estimated (e.g. by coordinate_entropies at
// s = sqrt(nu2·trace_sigma)): output_probability must sum to 1 and match the rows of
// `conditional`, whose columns match `marginal`.
PerBlockBound per_block_bound_from_entropies(const CoordinateEntropies& entropies, double gamma_bits,
                                             double trace_sigma, double nu2);

}  // namespace reconbound::codebook
