#include "coordinate_grid.hpp"

#include <array>
#include <cmath>
#include <numbers>

namespace reconbound::detail {

namespace {

constexpr double kStepsPerDither = 16;  // h = s/16
constexpr double kMarginDithers = 10;   // the grid reaches 10 s beyond the stencil
constexpr int kStencilBelow = 2;        // nodes j0 − 2 .. j0 + 3
constexpr int kStencilAbove = 3;

// ℓ_d(α) = Π_{e ≠ d} (α − e)/(d − e) for the nodes d = −2..3 (degree-5 Lagrange basis).
std::array<double, 6> lagrange_weights(double alpha) {
  std::array<double, 6> weights{};
  for (int d = -kStencilBelow; d <= kStencilAbove; ++d) {
    double numerator = 1.0;
    double denominator = 1.0;
    for (int e = -kStencilBelow; e <= kStencilAbove; ++e) {
      if (e == d) continue;
      numerator *= alpha - e;
      denominator *= d - e;
    }
    weights[static_cast<std::size_t>(d + kStencilBelow)] = numerator / denominator;
  }
  return weights;
}

}  // namespace

double coordinate_grid_points(double lo, double hi, double s) {
  const double h = s / kStepsPerDither;
  const double margin = kMarginDithers * s + kStencilAbove * h;
  return std::ceil((hi - lo + 2 * margin) / h) + 1;
}

CoordinateGrid coordinate_grid(double lo, double hi, double s) {
  const double h = s / kStepsPerDither;
  const double margin = kMarginDithers * s + kStencilAbove * h;
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

double grid_entropy_bits(const CoordinateGrid& grid, std::span<const double> density) {
  double sum = 0.0;  // Σ f log2 f
  for (const double f : density) {
    if (f > 0.0) sum += f * std::log2(f);
  }
  return -grid.spacing * sum;
}

}  // namespace reconbound::detail
