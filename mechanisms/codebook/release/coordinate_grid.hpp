#pragma once
// One-dimensional dithered plug-in densities (eq 31 at k = 1) on a uniform grid, and their
// entropies: the fast evaluation behind coordinate_entropies (per_block_bound.hpp).
//
// A density f(t) = Σ_i w_i·φ_s(t − x_i) (Σ w_i = 1) is evaluated at t_j = origin + j·h,
// h = s/16, in two steps:
//  1. Lagrange binning: each x_i = t_{j0} + α·h (α ∈ [0, 1)) puts w_i·ℓ_d(α) on the six nodes
//     t_{j0+d}, d = −2..3, where ℓ_d is the degree-5 Lagrange basis polynomial of those
//     nodes. Then Σ_d ℓ_d(α)·φ_s(t − t_{j0+d}) interpolates x ↦ φ_s(t − x) at x_i, so the
//     binned density differs from f by at most (Cauchy's interpolation remainder)
//       max_α |Π_{d=−2..3}(α − d)|/6!·h⁶·max|φ_s⁽⁶⁾| = (3.516/720)·16⁻⁶·15·φ_s(0)
//       ≈ 4.4e−9·φ_s(0)   (φ_s⁽⁶⁾(u) = He₆(u/s)·φ_s(u)/s⁶, largest in size at u = 0),
//     uniformly in t, and it keeps the total mass (the ℓ_d sum to 1).
//  2. Convolution of the binned weights with the sampled kernel φ_s(j·h) by a real FFT of
//     the grid's length. The grid reaches 10 s beyond every binned node on both sides, so
//     the circular wrap-around adds at most φ_s(10 s) = e⁻⁵⁰·φ_s(0) per unit of mass.
// The entropy −∫ f log2 f is then the trapezoid sum −h·Σ_j f_j log2 f_j: for the smooth,
// Gaussian-tailed integrand at h = s/16 its error is far below the binning error, and the
// mass beyond the grid is below Φ̄(10). The tests hold the total to 1e-6 bits against MPFR
// quadrature of the exact mixture; measured on 54 mixtures of 40 centres (widths 0.2 s to
// 8 s, marginal and binary-symmetric conditionals) it stays below 1.5e-10 bits, while
// linear (two-point) binning at the same h misses by up to 4.8e-4 bits.
#include <complex>
#include <cstddef>
#include <span>
#include <vector>

#include "reconbound/fft_plans.hpp"

namespace reconbound::codebook {

// t_j = origin + j·spacing, j < size.
struct CoordinateGrid {
  double origin = 0;
  double spacing = 0;
  std::size_t size = 0;
};

// The grid for values in [lo, hi] at dither s: spacing s/16, reaching 10 s beyond the
// binning stencil on both sides, its length a fast FFT size.
CoordinateGrid coordinate_grid(double lo, double hi, double s);

// The points that grid needs before rounding up to a fast FFT size (checked by callers
// before they make a grid: the rounding itself takes long for absurd sizes).
double coordinate_grid_points(double lo, double hi, double s);

// histogram[j] += weight·ℓ_d(α) for the six nodes around every value (step 1 above); the
// values must lie in the [lo, hi] the grid was made for.
void bin_values(const CoordinateGrid& grid, std::span<const double> values, double weight,
                std::span<double> histogram);

// Step 2: convolution with the sampled φ_s on one grid, its kernel spectrum computed once.
class GaussianSmoother {
 public:
  GaussianSmoother(const CoordinateGrid& grid, double s);
  // density[j] = Σ_g histogram[g]·φ_s(t_j − t_g) (circular); the view lives until the next call.
  std::span<const double> smooth(std::span<const double> histogram);

 private:
  std::size_t size_;
  FftwBuffer<double> real_;
  FftwBuffer<std::complex<double>> spectrum_;
  std::vector<double> kernel_spectrum_;  // DFT of the sampled kernel / size (real: the kernel is even)
};

// −h·Σ_j f_j·log2 f_j over the grid (trapezoid rule), bits, for the density of dither s:
// values below 1e-15·φ_s(0) (the far tails, where the FFT's rounding may even make them
// negative) are left out, which changes the sum by less than 1e-10 bits on grids narrower
// than 1000 s (bound in coordinate_grid.cpp).
double grid_entropy_bits(const CoordinateGrid& grid, std::span<const double> density, double s);

}  // namespace reconbound::codebook
