#include "reconbound/calibration.hpp"

#include <fmt/format.h>

#include <cmath>

#include "reconbound/error.hpp"

namespace reconbound {

double smallest_sigma_where(const std::function<bool(double)>& ok, const CalibrationOptions& options,
                            const char* what) {
  if (!(options.sigma_tolerance > 0.0) || !(options.sigma_min > 0.0) ||
      !(options.sigma_max > options.sigma_min)) {
    throw InvalidInput("calibration needs sigma_tolerance > 0 and 0 < sigma_min < sigma_max");
  }
  // Bracket [lo, hi] with ok(hi) true and ok(lo) false, from σ = 1 by factors of 2.
  double hi = std::clamp(1.0, options.sigma_min, options.sigma_max);
  double lo = 0.0;
  if (ok(hi)) {
    for (;;) {
      if (hi <= options.sigma_min) return hi;
      const double next = std::max(options.sigma_min, hi / 2.0);
      if (!ok(next)) {
        lo = next;
        break;
      }
      hi = next;
    }
  } else {
    lo = hi;
    for (;;) {
      if (hi >= options.sigma_max) {
        throw InvalidInput(fmt::format("no sigma <= {} reaches the {}", options.sigma_max, what));
      }
      hi = std::min(options.sigma_max, hi * 2.0);
      if (ok(hi)) break;
      lo = hi;
    }
  }
  // Bisection on ln σ until hi/lo − 1 ≤ tolerance; hi always satisfies ok.
  while (hi / lo - 1.0 > options.sigma_tolerance) {
    const double mid = std::sqrt(lo * hi);
    if (ok(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

EpsilonCalibration calibrate_sigma_for_epsilon(double q, std::uint64_t steps, double target_epsilon,
                                               double delta, const CalibrationOptions& options) {
  if (!(target_epsilon > 0.0 && target_epsilon <= 200.0)) {
    throw InvalidInput(fmt::format("--target-epsilon {} is outside (0, 200]", target_epsilon));
  }
  EpsilonCalibration out;
  // A σ whose ε the accountant cannot certify (NumericalError, at very small σ where ε is far
  // beyond any target) counts as failing the target: the search never overshoots.
  auto ok = [&](double sigma) {
    ++out.evaluations;
    try {
      const EpsilonResult r =
          compute_epsilon(Schedule::constant(q, sigma, steps), delta, options.accountant);
      return r.epsilon_upper <= target_epsilon;
    } catch (const NumericalError&) {
      return false;
    }
  };
  out.sigma = smallest_sigma_where(ok, options, "target epsilon");
  out.epsilon = compute_epsilon(Schedule::constant(q, out.sigma, steps), delta, options.accountant);
  return out;
}

double calibrate_sigma_for_gamma(const std::function<double(double)>& gamma_bits_of_sigma,
                                 double max_gamma_bits, const CalibrationOptions& options) {
  if (!(max_gamma_bits > 0.0)) {
    throw InvalidInput(fmt::format("the admissible leakage {} bits must be > 0", max_gamma_bits));
  }
  return smallest_sigma_where(
      [&](double sigma) { return gamma_bits_of_sigma(sigma) <= max_gamma_bits; }, options,
      "admissible leakage");
}

}  // namespace reconbound
