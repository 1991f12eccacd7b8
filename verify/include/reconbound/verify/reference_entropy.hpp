#pragma once
// MPFR references for the goldfeld estimator (mathematics §6), independent of the plugin.
//
// The plugin estimates entropies by Monte Carlo; these references compute the quantities it
// estimates by deterministic quadrature (no random numbers), and its margins from their
// definitions, at ≥ 80 bits. Each value carries an error estimate from two precisions and
// two quadrature rules (README.md, "Verification").
#include <cstddef>
#include <vector>

#include "reconbound/matrix.hpp"
#include "reconbound/verify/reference_value.hpp"

namespace reconbound::verify {

// h(f) in bits of the Gaussian mixture f = Σ_l w_l·N(c_l, s² I_k), k ∈ {1, 2}: the rows of
// `centres` (at most 50, k columns) are the c_l, `weights` the w_l ≥ 0 (normalised here;
// empty means uniform, the plug-in density f̂ of Goldfeld et al. 2020). Tensor-product
// Gauss–Legendre on cells of width s/2 (k = 1) or s (k = 2) over the box of all centres
// ± 10 s; the error adds |10-point rule at digits10 − 15-point rule at 1.5·digits10| and a
// proven bound on the neglected tails. Throws InvalidInput outside that scope.
ReferenceValue reference_mixture_entropy(const RowMatrix& centres,
                                         const std::vector<double>& weights, double s,
                                         unsigned digits10 = 24);

// (1/N_k)·Σ_b h(Σ_l w_l·N(sqrt(N_k)·points(l, b·k .. b·k+k−1), s² I_k)), bits: the block-
// averaged entropy of dithered, blocked points (mathematics §5–6). With the estimation sample as
// `points` and uniform weights it is the plug-in entropy ĥ_n = E[ĥ_MC | sample] (eq 31, since
// y_{b,i} + W ∼ f̂_b for a uniform i); with the support of a finite source and its
// probabilities it is the true h̄_U(k).
ReferenceValue reference_block_averaged_entropy(const RowMatrix& points,
                                                const std::vector<double>& weights,
                                                std::size_t k, double s,
                                                unsigned digits10 = 24);

// σ_b² = k/(n·n_MC·ln²2), bits² (mathematics §6.3): the data-free bound on the variance of one
// block's ĥ_MC given the sample.
ReferenceValue reference_block_variance_bound(std::size_t k, std::size_t n, std::size_t n_mc,
                                              unsigned digits10 = 40);

// σ_MC = sqrt(k/(N_k·n·n_MC))/ln 2 (bits, mathematics §6.3, independent dither per block).
ReferenceValue reference_sigma_mc(std::size_t k, std::size_t blocks, std::size_t n,
                                  std::size_t n_mc, unsigned digits10 = 40);

struct ReferenceMargins {
  ReferenceValue t_md;  // H_b(1/n)·sqrt((n/2)·ln(|G|/α₂)), bits (eq 35)
  ReferenceValue t_mc;  // σ_MC·sqrt(|G|/α₁ − 1), bits (eq 34)
};

ReferenceMargins reference_margins(std::size_t n, std::size_t union_size, double alpha_mc,
                                   double alpha_md, double sigma_mc_bits,
                                   unsigned digits10 = 40);

// The Monte Carlo budget of mathematics §6.7: the smallest n_MC ≥ 1 whose t_MC (with σ_MC above)
// is ≤ t_MD, both evaluated in MPFR.
std::size_t reference_monte_carlo_budget(std::size_t k, std::size_t blocks, std::size_t n,
                                         std::size_t union_size, double alpha_mc,
                                         double alpha_md, unsigned digits10 = 40);

}  // namespace reconbound::verify
