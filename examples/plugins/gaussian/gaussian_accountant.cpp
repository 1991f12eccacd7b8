#include "gaussian_accountant.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "reconbound/error.hpp"

namespace gaussian_example {

namespace {

constexpr double kUnitRoundoff = std::numeric_limits<double>::epsilon() / 2;  // u = 2^−53
constexpr double kLargestEpsilon = 700.0;  // e^ε stays finite in double precision
constexpr int kBisectionSteps = 100;

// Φ(x), the standard normal distribution function, as erfc(−x/√2)/2.
double normal_cdf(double x) { return 0.5 * std::erfc(-x * std::numbers::sqrt2 / 2); }

// δ(ε) of μ-GDP (Balle & Wang 2018, Thm 8) with a bound on its rounding error, so that
// value − error ≤ δ(ε) ≤ value + error.
struct DeltaBracket {
  double value = 0.0;
  double error = 0.0;
};

DeltaBracket gaussian_delta(double mu, double epsilon) {
  const double a = normal_cdf(-epsilon / mu + mu / 2);
  const double b = std::exp(epsilon) * normal_cdf(-epsilon / mu - mu / 2);
  // Relative error of each Φ term: ≤ 16u from erfc (glibc documents ≤ 5 ulp), plus an
  // argument error ≤ 10u·s (s = ε/μ + μ/2 ≥ |x|, μ itself from √k/σ) magnified by
  // φ(x)/Φ(x) ≤ |x| + 3 (Mills' ratio); e^ε and the product add ≤ 4u to the second term;
  // the subtraction u·|δ|; erfc's subnormal results an absolute 16 denorm_min each.
  const double s = epsilon / mu + mu / 2;
  const double r = 16 * kUnitRoundoff + 10 * kUnitRoundoff * s * (s + 4);
  const double floor = 16 * std::numeric_limits<double>::denorm_min() * (1 + std::exp(epsilon));
  const double value = a - b;
  const double error = (r + 4 * kUnitRoundoff) * (a + b) * (1 + 2 * r) +
                       kUnitRoundoff * std::abs(value) + floor;
  return {value, error};
}

}  // namespace

double scaled_sigma(double sigma, const reconbound::MechanismInput& input) {
  if (!(input.noise_scale > 0) || !std::isfinite(input.noise_scale)) {
    throw reconbound::InvalidInput(fmt::format(
        "gaussian: the noise factor must be a finite number > 0, got {}", input.noise_scale));
  }
  return input.noise_scale * sigma;
}

std::string GaussianAccountant::method() const {
  return "Gaussian mechanism, exact privacy profile of mu = sqrt(k)/sigma (Balle & Wang 2018, "
         "Thm 8), add/remove";
}

reconbound::EpsilonResult GaussianAccountant::epsilon(const reconbound::MechanismInput& input,
                                                      double delta,
                                                      const reconbound::AccountantOptions& options) const {
  if (!(delta > 0 && delta < 1)) {
    throw reconbound::InvalidInput(fmt::format("gaussian: delta must be in (0, 1), got {}", delta));
  }
  const double mu = std::sqrt(static_cast<double>(releases_)) / scaled_sigma(sigma_, input);
  auto certainly_above = [&](double eps) {  // δ(eps) > delta, so ε(δ) > eps
    const DeltaBracket d = gaussian_delta(mu, eps);
    return d.value - d.error > delta;
  };
  auto certainly_below = [&](double eps) {  // δ(eps) < delta, so ε(δ) < eps (or ε(δ) = 0)
    const DeltaBracket d = gaussian_delta(mu, eps);
    return d.value + d.error < delta;
  };

  // δ(ε) decreases in ε: the first of 0, 1, 2, 4, …, 512, 700 certainly below δ bounds ε(δ).
  double upper = 0.0;
  while (!certainly_below(upper)) {
    if (upper == kLargestEpsilon) {
      throw reconbound::InvalidInput(fmt::format(
          "gaussian: epsilon exceeds {} nats for delta = {} (mu = sqrt(k)/sigma = {}); use more noise",
          kLargestEpsilon, delta, mu));
    }
    upper = upper == 0.0 ? 1.0 : std::min(2 * upper, kLargestEpsilon);
  }
  reconbound::EpsilonResult result;
  result.delta = delta;
  result.binding_direction = "remove";  // the two directions of a Gaussian are equal
  if (upper == 0.0) return result;       // δ(0) < δ: ε(δ) = 0

  // The largest point certainly above δ, by bisection on [0, upper] ...
  double lower = 0.0;
  double not_above = upper;
  for (int i = 0; i < kBisectionSteps; ++i) {
    const double middle = lower + (not_above - lower) / 2;
    if (certainly_above(middle)) lower = middle;
    else not_above = middle;
  }
  // ... and the smallest point certainly below δ, by bisection on [lower, upper].
  double not_below = lower;
  for (int i = 0; i < kBisectionSteps; ++i) {
    const double middle = not_below + (upper - not_below) / 2;
    if (certainly_below(middle)) upper = middle;
    else not_below = middle;
  }
  const double width = std::max(options.epsilon_error, options.relative_epsilon_error * upper);
  if (upper - lower > width) {
    throw reconbound::NumericalError(fmt::format(
        "gaussian: epsilon is only certified in [{}, {}], wider than {}", lower, upper, width));
  }
  result.epsilon = lower + (upper - lower) / 2;
  result.epsilon_lower = lower;
  result.epsilon_upper = upper;
  return result;
}

}  // namespace gaussian_example
