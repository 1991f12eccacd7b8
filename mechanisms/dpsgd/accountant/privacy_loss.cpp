#include "privacy_loss.hpp"

#include <fmt/format.h>

#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <algorithm>
#include <cmath>
#include <limits>

#include "reconbound/error.hpp"

namespace reconbound::detail {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kUnitRoundoff = 0x1p-53;

// P(a ≤ Z ≤ b), Z ∼ N(0,1), from the tail on the side of the interval so that small masses
// keep their relative accuracy.
double standard_normal_mass(double a, double b) {
  if (!(b > a)) return 0.0;
  const double r = 1.0 / std::sqrt(2.0);
  if (a >= 0.0) return 0.5 * (std::erfc(a * r) - std::erfc(b * r));
  if (b <= 0.0) return 0.5 * (std::erfc(-b * r) - std::erfc(-a * r));
  return 1.0 - 0.5 * std::erfc(-a * r) - 0.5 * std::erfc(b * r);
}

double standard_normal_density(double z) {
  return std::exp(-0.5 * z * z) / std::sqrt(2.0 * M_PI);
}

// The law of X under P, for the direction.
struct LawOfX {
  double q;
  double sigma;
  Direction direction;

  double mass(double a, double b) const {
    const double s0 = standard_normal_mass(a / sigma, b / sigma);
    if (direction == Direction::add) return s0;
    return (1.0 - q) * s0 + q * standard_normal_mass((a - 1.0) / sigma, (b - 1.0) / sigma);
  }
  double density(double x) const {
    const double d0 = standard_normal_density(x / sigma) / sigma;
    if (direction == Direction::add) return d0;
    return (1.0 - q) * d0 + q * standard_normal_density((x - 1.0) / sigma) / sigma;
  }
};

}  // namespace

double log_mixture_ratio(double q, double u) {
  // q = 1: the ratio is e^u exactly (log1p(expm1(u)) would be −∞ once e^u < 2^−53).
  if (q == 1.0) return u;
  if (u > 0.0) return u + std::log(q + (1.0 - q) * std::exp(-u));
  return std::log1p(q * std::expm1(u));
}

LossRange loss_range(double q, double sigma, Direction direction, double z_trunc) {
  const double s2 = sigma * sigma;
  const double sign = direction == Direction::remove ? 1.0 : -1.0;
  const double x_lo = -z_trunc * sigma;
  const double x_hi = (direction == Direction::remove ? 1.0 : 0.0) + z_trunc * sigma;
  const double a = sign * log_mixture_ratio(q, (2.0 * x_lo - 1.0) / (2.0 * s2));
  const double b = sign * log_mixture_ratio(q, (2.0 * x_hi - 1.0) / (2.0 * s2));
  return {std::min(a, b), std::max(a, b)};
}

DiscreteLoss discretise_loss(double q, double sigma, Direction direction, double grid_step,
                             double z_trunc) {
  const LawOfX law{q, sigma, direction};
  const double s2 = sigma * sigma;
  const double sign = direction == Direction::remove ? 1.0 : -1.0;
  // u(x) = (2x − 1)/(2σ²) = ln dN(1,σ²)/dN(0,σ²); loss = ±ln(1 − q + q·e^u) (nats).
  auto loss = [&](double x) { return sign * log_mixture_ratio(q, (2.0 * x - 1.0) / (2.0 * s2)); };
  // x(y): the point where the loss equals y (monotone, increasing for remove, decreasing
  // for add); ±∞ where y is beyond the range of the loss.
  auto x_of_loss = [&](double y) {
    if (q == 1.0) return s2 * sign * y + 0.5;  // u = ±y exactly
    const double v = std::expm1(sign * y) + q;  // = q·e^u
    if (!(v > 0.0)) return -kInf;  // beyond the loss at x → −∞ (both directions)
    if (std::isinf(v)) return kInf;
    return s2 * (std::log(v) - std::log(q)) + 0.5;
  };
  const double x_lo = -z_trunc * sigma;
  const double x_hi = (direction == Direction::remove ? 1.0 : 0.0) + z_trunc * sigma;

  DiscreteLoss out;
  out.tail_mass = law.mass(-kInf, x_lo) + law.mass(x_hi, kInf);
  const LossRange range = loss_range(q, sigma, direction, z_trunc);
  const auto c_lo = static_cast<std::int64_t>(std::llround(range.lowest / grid_step));
  const auto c_hi = static_cast<std::int64_t>(std::llround(range.highest / grid_step));
  const std::int64_t n = c_hi - c_lo + 1;
  if (n > (std::int64_t{1} << 27)) {
    throw NumericalError(fmt::format("privacy-loss grid of one step exceeds 2^27 cells; ask for a larger {}",
                                     parameter("epsilon_error")));
  }
  out.first_cell = c_lo;
  out.pmf.assign(static_cast<std::size_t>(n), 0.0);
  // Cell c collects the losses in [(c − ½)Δ, (c + ½)Δ), i.e. X between the two edges.
  auto clip = [&](double x) { return std::clamp(x, x_lo, x_hi); };
  double prev_x = clip(x_of_loss((static_cast<double>(c_lo) - 0.5) * grid_step));
  double total = 0.0;
  double max_abs_loss = 0.0;
  for (std::int64_t j = 0; j < n; ++j) {
    const double y_edge = (static_cast<double>(c_lo + j) + 0.5) * grid_step;
    const double next_x = clip(x_of_loss(y_edge));
    const double m = law.mass(std::min(prev_x, next_x), std::max(prev_x, next_x));
    out.pmf[static_cast<std::size_t>(j)] = m;
    total += m;
    prev_x = next_x;
  }
  if (!(total > 0.0)) throw NumericalError("privacy-loss discretisation lost all mass");
  double rounded_mean = 0.0;
  for (std::int64_t j = 0; j < n; ++j) {
    auto& p = out.pmf[static_cast<std::size_t>(j)];
    p /= total;
    const double y = static_cast<double>(c_lo + j) * grid_step;
    rounded_mean += p * y;
    max_abs_loss = std::max(max_abs_loss, std::abs(y));
  }
  // E[Y | X inside] = ∫ loss·density dx / mass, by adaptive Gauss–Kronrod on pieces split
  // at the means 0 and 1.
  double integral = 0.0;
  double integral_error = 0.0;
  double l1 = 0.0;
  const double cuts[] = {x_lo, std::min(0.0, x_hi), std::clamp(1.0, x_lo, x_hi), x_hi};
  for (int i = 0; i < 3; ++i) {
    if (!(cuts[i + 1] > cuts[i])) continue;
    double err = 0.0;
    double piece_l1 = 0.0;
    integral += boost::math::quadrature::gauss_kronrod<double, 61>::integrate(
        [&](double x) { return loss(x) * law.density(x); }, cuts[i], cuts[i + 1], 10, 1e-12, &err,
        &piece_l1);
    integral_error += err;
    l1 += piece_l1;
  }
  const double mass_in = law.mass(x_lo, x_hi);
  out.bias = integral / mass_in - rounded_mean;
  // Quadrature error, round-off of the integral (relative to its L1 norm) and of the cell
  // masses (absolute ≈ 4u each, times the largest |loss|).
  out.bias_error = (integral_error + 16.0 * kUnitRoundoff * l1) / mass_in +
                   4.0 * kUnitRoundoff * static_cast<double>(n) * max_abs_loss +
                   std::abs(total - mass_in) / mass_in * max_abs_loss;
  return out;
}

}  // namespace reconbound::detail
