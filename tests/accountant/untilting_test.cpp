// The untilting's running product against MPFR (mathematics §8.1, issue 49): every factor
// e^{log_scale − λ·s_c} that UntiltingFactors produces is within its stated relative error of the
// exact exponential of the same doubles, on the extreme tilts the accountant meets (|λs| up to
// ≈ 10⁴, λ up to 1000, 2^24-cell windows far from 0), and the double sum log_scale is within
// log_scale_error of the exact sum.
#include <gtest/gtest.h>

#include <boost/multiprecision/mpfr.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "untilting.hpp"

using reconbound::detail::UntiltingFactors;
using Real = boost::multiprecision::number<boost::multiprecision::mpfr_float_backend<80>>;  // ≈ 266 bits

namespace {

struct Tilt {
  double log_scale;
  double lambda;
  double grid_step;
  std::int64_t first_cell;
};

// The largest |factor/exact − 1| over `cells` cells from first_cell.
double largest_error(const Tilt& t, std::size_t cells) {
  const UntiltingFactors factors(t.log_scale, t.lambda, t.grid_step, t.first_cell);
  double worst = 0.0;
  std::size_t visited = 0;
  factors.for_each(cells, [&](std::size_t j, long double f) {
    EXPECT_EQ(j, visited++);
    const Real c(static_cast<double>(t.first_cell + static_cast<std::int64_t>(j)));
    const Real exact = exp(Real(t.log_scale) - Real(t.lambda) * c * Real(t.grid_step));
    const Real ratio = Real(f) / exact - 1;
    worst = std::max(worst, std::abs(ratio.convert_to<double>()));
  });
  EXPECT_EQ(visited, cells);
  return worst;
}

TEST(Untilting, RunningProductWithinItsBoundOnExtremeTilts) {
  constexpr std::size_t kCells = 5 * UntiltingFactors::kAnchorCells + 17;
  const Tilt tilts[] = {
      // q = 1, σ = 0.3, T = 1e5 scale: ε ≈ 5.6e5 nats, Δ ≈ 0.05, λ ≈ 2e-3, the window at 1.1e7 cells.
      {1100.0, 2.0e-3, 0.05, 11'000'000},
      // λ at the accountant's ceiling 1000 on a fine grid.
      {210.3, 1000.0, 1.0e-4, -5000},
      // A 2^24-cell window far out, |λs| ≈ 1.3e4.
      {12'700.5, 3.0, 5.0e-4, 8'400'000},
      // Negative cells and a negative log_scale.
      {-35.25, 0.7, 2.0e-3, -1'600'000},
  };
  for (const Tilt& t : tilts) {
    const UntiltingFactors factors(t.log_scale, t.lambda, t.grid_step, t.first_cell);
    const double bound = factors.relative_error(kCells);
    const double measured = largest_error(t, kCells);
    std::printf("log_scale %g lambda %g step %g first cell %lld: measured %.0f, bound %.0f units of 2^-63\n",
                t.log_scale, t.lambda, t.grid_step, static_cast<long long>(t.first_cell), measured * 0x1p63,
                bound * 0x1p63);
    EXPECT_LE(measured, bound);
    EXPECT_LT(bound, 1e-13);  // the bound stays far below what the accountant could notice
  }
}

TEST(Untilting, LogScaleSumWithinItsBound) {
  const std::vector<std::pair<double, double>> groups = {{1e5, 0.0123456789012345}, {3.0, 7.1}, {5860.0, 1.7e-3},
                                                         {1e9, 2.5e-7}, {17.0, -0.333}};
  double sum = 0.0;
  double magnitude = 0.0;
  Real exact(0);
  for (const auto& [steps, log_m] : groups) {
    sum += steps * log_m;
    magnitude += std::abs(steps * log_m);
    exact += Real(steps) * Real(log_m);
  }
  const double measured = std::abs(std::expm1((Real(sum) - exact).convert_to<double>()));
  const double bound = reconbound::detail::log_scale_error(magnitude, groups.size());
  std::printf("log_scale %.6f: measured %.3g, bound %.3g\n", sum, measured, bound);
  EXPECT_LE(measured, bound);
}

}  // namespace
