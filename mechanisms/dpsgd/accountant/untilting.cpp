// The untilting factors and their rounding error (mathematics §8.1).
#include "untilting.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace reconbound::detail {

namespace {

// Unit roundoff of long double (64-bit significand) and of double.
constexpr double kLongUnit = 0x1p-64;
constexpr double kDoubleUnit = 0x1p-53;
// Relative error charged to libm's expl (glibc lists ≤ 1 ulp): 4 units.
constexpr double kExplError = 4.0 * kLongUnit;

}  // namespace

UntiltingFactors::UntiltingFactors(double log_scale, double lambda, double grid_step, std::int64_t first_cell)
    : log_scale_(log_scale),
      lambda_(lambda),
      grid_step_(grid_step),
      first_cell_(first_cell),
      cell_factor_(std::exp(-static_cast<long double>(lambda) * grid_step)) {}

double UntiltingFactors::relative_error(std::size_t cells) const {
  // §8.1. An anchor's exponent log_scale − (λ·c)·Δ rounds three times in long double: by
  // ≤ 2^−64·(|log_scale| + 3·|λ·s_c|), which exp turns into the same relative error, plus expl's
  // own. e^{−λΔ} is off by ≤ 2^−64·λΔ + expl's error, and each of the ≤ kAnchorCells − 1
  // products since the anchor adds that and one rounding.
  const double last = static_cast<double>(first_cell_) + static_cast<double>(cells);
  const double largest_cell = std::max(std::abs(static_cast<double>(first_cell_)), std::abs(last));
  const double largest_exponent = std::abs(lambda_) * largest_cell * grid_step_;
  const double anchor = kLongUnit * (std::abs(log_scale_) + 3.0 * largest_exponent) + kExplError;
  const double per_cell = kLongUnit * (std::abs(lambda_) * grid_step_ + 1.0) + kExplError;
  const double products = static_cast<double>(std::min(cells, kAnchorCells) - (cells > 0 ? 1 : 0));
  const double first_order = anchor + products * per_cell;
  return first_order * (1.0 + first_order);  // Π(1 + e_i) − 1 ≤ Σe_i·(1 + Σe_i) for Σe_i ≤ ½
}

double log_scale_error(double sum_of_magnitudes, std::size_t terms) {
  return std::expm1((static_cast<double>(terms) + 1.0) * kDoubleUnit * sum_of_magnitudes);
}

}  // namespace reconbound::detail
