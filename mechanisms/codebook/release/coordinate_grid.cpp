#include "coordinate_grid.hpp"

#include <array>
#include <cmath>
#include <numbers>

namespace reconbound::codebook {

namespace {

constexpr double kStepsPerDither = 16;  // h = s/16
constexpr double kMarginDithers = 10;   // the grid reaches 10 s beyond the stencil
constexpr std::size_t kStencilBelow = 2;  // nodes j0 − 2 .. j0 + 3
constexpr std::size_t kStencilAbove = 3;
// Grid values f < ε = 1e-15·φ_s(0) are left out of the entropy sum (that is where the FFT's
// rounding lives). As f·log2(1/f) increases for f < 1/e, they add at most
// W·ε·log2(1/ε) = (W/s)·4e-16·log2(s/4e-16) bits over a grid of width W: below 1e-10 bits
// while W < 1000 s and s < 2^100.
constexpr double kNegligibleDensity = 1e-15;

// ℓ_d(α) = Π_{e ≠ d} (α − e)/(d − e) for the nodes d = −2..3 (degree-5 Lagrange basis):
// the product of the factors (α − e) left and right of d over the constant Π_{e ≠ d} (d − e).
std::array<double, 6> lagrange_weights(double alpha) {
  constexpr std::array<double, 6> kInverseDenominator{-1.0 / 120, 1.0 / 24, -1.0 / 12, 1.0 / 12, -1.0 / 24, 1.0 / 120};
  const std::array<double, 6> factor{alpha + 2, alpha + 1, alpha, alpha - 1, alpha - 2, alpha - 3};
  std::array<double, 6> left{};  // Π of the factors before d
  left[0] = 1.0;
  for (std::size_t d = 1; d < 6; ++d) left[d] = left[d - 1] * factor[d - 1];
  std::array<double, 6> weights{};
  double right = 1.0;  // Π of the factors after d
  for (std::size_t d = 6; d-- > 0;) {
    weights[d] = left[d] * right * kInverseDenominator[d];
    right *= factor[d];
  }
  return weights;
}

}  // namespace

double coordinate_grid_points(double lo, double hi, double s) {
  const double h = s / kStepsPerDither;
  const double margin = kMarginDithers * s + static_cast<double>(kStencilAbove) * h;
  return std::ceil((hi - lo + 2 * margin) / h) + 1;
}

CoordinateGrid coordinate_grid(double lo, double hi, double s) {
  const double h = s / kStepsPerDither;
  const double margin = kMarginDithers * s + static_cast<double>(kStencilAbove) * h;
  return {lo - margin, h, good_fft_size(static_cast<std::size_t>(coordinate_grid_points(lo, hi, s)))};
}

void bin_values(const CoordinateGrid& grid, std::span<const double> values, double weight,
                std::span<double> histogram) {
  for (const double x : values) {
    const double u = (x - grid.origin) / grid.spacing;
    const double node = std::floor(u);
    const std::array<double, 6> l = lagrange_weights(u - node);
    const auto first = static_cast<std::size_t>(node) - kStencilBelow;
    for (std::size_t d = 0; d < l.size(); ++d) histogram[first + d] += weight * l[d];
  }
}

GaussianSmoother::GaussianSmoother(const CoordinateGrid& grid, double s)
    : size_(grid.size), real_(grid.size), spectrum_(grid.size / 2 + 1), kernel_spectrum_(grid.size / 2 + 1) {
  // φ_s at the circular offsets min(j, L − j)·h.
  const double norm = 1.0 / (std::sqrt(2.0 * std::numbers::pi) * s);
  for (std::size_t j = 0; j < size_; ++j) {
    const double offset = static_cast<double>(std::min(j, size_ - j)) * grid.spacing / s;
    real_[j] = norm * std::exp(-0.5 * offset * offset);
  }
  forward_real_fft(size_, real_.data(), spectrum_.data());
  for (std::size_t k = 0; k < kernel_spectrum_.size(); ++k) {
    kernel_spectrum_[k] = spectrum_[k].real() / static_cast<double>(size_);
  }
}

std::span<const double> GaussianSmoother::smooth(std::span<const double> histogram) {
  std::copy(histogram.begin(), histogram.end(), real_.data());
  forward_real_fft(size_, real_.data(), spectrum_.data());
  for (std::size_t k = 0; k < kernel_spectrum_.size(); ++k) spectrum_[k] *= kernel_spectrum_[k];
  inverse_real_fft(size_, spectrum_.data(), real_.data());
  return {real_.data(), size_};
}

double grid_entropy_bits(const CoordinateGrid& grid, std::span<const double> density, double s) {
  const double negligible = kNegligibleDensity / (std::sqrt(2.0 * std::numbers::pi) * s);
  double sum = 0.0;  // Σ f log2 f
  for (const double f : density) {
    if (f > negligible) sum += f * std::log2(f);
  }
  return -grid.spacing * sum;
}

}  // namespace reconbound::codebook
