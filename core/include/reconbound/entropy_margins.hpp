#pragma once
// The confidence margins of the entropy lower bound (mathematics §6.1–6.3) and the Monte Carlo
// budget (mathematics §6.7), in bits. They depend only on sizes and levels, never on the data:
// the goldfeld estimator certifies with them, and grid selection (mathematics §6.6) predicts with
// them before the estimation sample is touched.
#include <cstddef>

#include "reconbound/export.hpp"

namespace reconbound {

// H_b(p) = −p·log2 p − (1−p)·log2(1−p), bits, p ∈ (0, 1).
RECONBOUND_API double binary_entropy_bits(double p);

// t_MD = H_b(1/n)·sqrt((n/2)·ln(|G|/α₂)), bits (McDiarmid, eq 35).
RECONBOUND_API double mcdiarmid_margin_bits(std::size_t n, std::size_t union_size, double alpha_md);

// t_MC = σ_MC·sqrt(|G|/α₁ − 1), bits (Cantelli, eq 34).
RECONBOUND_API double cantelli_margin_bits(double sigma_mc_bits, std::size_t union_size,
                                           double alpha_mc);

// σ_b² = k/(n·n_MC·ln²2), bits²: the bound on Var[ĥ_MC(Π_b) | sample] of one block with
// n_MC independent draws per sample point (mathematics §6.3, Gaussian Poincaré inequality).
RECONBOUND_API double block_variance_bound_bits2(std::size_t k, std::size_t n, std::size_t n_mc);

// σ_MC = sqrt(k/(N_k·n·n_MC))/ln 2, bits: the bound for the block average with independent
// dither per block (mathematics §6.3; N_k = blocks).
RECONBOUND_API double monte_carlo_sigma_bits(std::size_t k, std::size_t blocks, std::size_t n,
                                             std::size_t n_mc);

// The budget rule of mathematics §6.7: the smallest n_MC ≥ 1 with t_MC ≤ t_MD for block size k
// (N_k = blocks) at sample size n, union size |G| and levels α₁ (Monte Carlo), α₂
// (sampling). Since both margins are data-free, n_MC may be fixed after the sample is seen
// and before any dither is drawn.
RECONBOUND_API std::size_t monte_carlo_budget(std::size_t k, std::size_t blocks, std::size_t n,
                                              std::size_t union_size, double alpha_mc,
                                              double alpha_md);

}  // namespace reconbound
