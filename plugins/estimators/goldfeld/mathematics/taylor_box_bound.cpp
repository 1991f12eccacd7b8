#include "mathematics/taylor_box_bound.hpp"

#include <fmt/format.h>

#include <cmath>

#include "mathematics/rounding.hpp"
#include "reconbound/error.hpp"

namespace reconbound::goldfeld {

namespace {

using detail::gamma;

// x^P/P!·e^x (x ≥ 0, exp_x ≥ e^x): the relative Taylor remainder bound, step (t).
double remainder_bound(double x, double exp_x, std::size_t terms) {
  double term = 1.0;
  for (std::size_t p = 1; p <= terms; ++p) term *= x / static_cast<double>(p);
  return 1.01 * term * exp_x;
}

}  // namespace

double taylor_box_relative_error(const TaylorBoxQuery& query, double sum, const char* kernel) {
  constexpr double kUnderflowTerm = 1e-200;
  const double limit = query.kept_limit;
  const double radius = query.radius;
  const double x = 1.000001 * limit * radius;
  const double exp_x = std::exp(x) * 1.000001;
  const double delta_r = 1.01 * exp_x * exp_x *
                         (gamma(query.rounding_steps) + 2.0001 * detail::kExpRelativeError +
                          query.exponent_rounding);
  const double shift = 1.01 * gamma(5.0) * (2.0 * limit + query.z_norm) +
                       1.01 * gamma(3.0) * radius;                       // Δ
  const double perturbation = shift * (limit + radius + shift);          // π
  const double delta_skip = 1.01 * static_cast<double>(query.n) * std::exp(-query.skip_nats);
  const double delta =
      1.01 * (delta_r + remainder_bound(x, exp_x, query.terms) + 1.01 * perturbation) +
      delta_skip + kUnderflowTerm;
  if (!(delta <= 1e-3) || !(sum > 0.0)) {
    throw NumericalError(fmt::format(
        "goldfeld fast path ({}): the error bound {} is too large; run with exact=true", kernel,
        delta));
  }
  return delta;
}

}  // namespace reconbound::goldfeld
