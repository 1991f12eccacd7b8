#pragma once
// The confidence margins of the goldfeld estimator (mathematics §6.1–6.4) and the Monte Carlo
// budget (mathematics §6.7), in bits, and the assembly of per-block results into one grid
// pair's h̄_LB. The margins depend only on sizes and levels, never on the data: the estimator
// certifies with them, and its prediction for grid selection (mathematics §6.6) uses them before
// the estimation sample is touched.
#include <cstddef>

#include "reconbound/estimator.hpp"

namespace reconbound::goldfeld {

struct MarginSettings {
  std::size_t union_size = 1;  // |G|
  double alpha_mc = 0.025;     // α₁
  double alpha_md = 0.025;     // α₂
};

// |G|, α₁ = fraction·α and α₂ = α − α₁ (mathematics §6.2).
MarginSettings margin_settings(std::size_t union_size, double alpha, double alpha_mc_fraction);

// H_b(p) = −p·log2 p − (1−p)·log2(1−p), bits, p ∈ (0, 1).
double binary_entropy_bits(double p);

// t_MD = H_b(1/n)·sqrt((n/2)·ln(|G|/α₂)), bits (McDiarmid, eq 35).
double mcdiarmid_margin_bits(std::size_t n, std::size_t union_size, double alpha_md);

// t_MC = σ_MC·sqrt(|G|/α₁ − 1), bits (Cantelli, eq 34).
double cantelli_margin_bits(double sigma_mc_bits, std::size_t union_size, double alpha_mc);

// σ_b² = k/(n·n_MC·ln²2), bits²: the bound on Var[ĥ_MC(Π_b) | sample] of one block with
// n_MC independent draws per sample point (mathematics §6.3, Gaussian Poincaré inequality).
double block_variance_bound_bits2(std::size_t k, std::size_t n, std::size_t n_mc);

// σ_MC = sqrt(k/(N_k·n·n_MC))/ln 2, bits: the bound for the block average with independent
// dither per block (mathematics §6.3; N_k = blocks).
double monte_carlo_sigma_bits(std::size_t k, std::size_t blocks, std::size_t n, std::size_t n_mc);

// The budget rule of mathematics §6.7: the smallest n_MC ≥ 1 with t_MC ≤ t_MD for block size k
// (N_k = blocks) at sample size n and `margins`. Since both margins are data-free, n_MC may be
// fixed after the sample is seen and before any dither is drawn.
std::size_t monte_carlo_budget(std::size_t k, std::size_t blocks, std::size_t n, const MarginSettings& margins);

// The details the estimator reports for one pair (in this order): n_mc (a count), t_mc and
// t_md (bits).
EstimateDetails margin_details(std::size_t n_mc, double t_mc, double t_md);

// The draws per sample point of a result: its n_mc detail (InvalidInput when it has none).
std::size_t draws_of(const GridEntropy& result);

// Fills h_point, t_num, h_lb and the details of `result` from its blocks, which must be all
// N_k blocks sorted by index, drawn with n_mc draws per sample point (mathematics §6.3–6.4):
//   ĥ_MC = (1/N_k)·Σ_b ĥ_MC(Π_b),  σ_MC² = (1/N_k²)·Σ_b σ_b² (independent dither per block),
//   t_num = (1/N_k)·Σ_b numerical error,  h̄_LB = ĥ_MC − t_MC − t_MD − t_num.
// Sums run in block order, so a combined sharded result equals a single call bit for bit.
void assemble(GridEntropy& result, std::size_t n_mc, const MarginSettings& settings);

}  // namespace reconbound::goldfeld
