#include "reconbound/calibration.hpp"

#include <fmt/format.h>

#include <algorithm>
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
        throw InvalidInput(fmt::format("no sigma <= {:.6g} reaches the {}", options.sigma_max, what));
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

namespace {

bool accepted(const std::function<void(double)>& evaluate, double sigma) {
  try {
    evaluate(sigma);
    return true;
  } catch (const InvalidInput&) {
    return false;
  }
}

// The accepted end between `inside` (accepted) and `outside` (refused): bisection on ln σ.
double accepted_end(const std::function<void(double)>& evaluate, double inside, double outside) {
  while (std::abs(std::log(inside / outside)) > kSupportTolerance) {
    const double mid = std::sqrt(inside * outside);
    if (accepted(evaluate, mid)) inside = mid;
    else outside = mid;
  }
  return inside;
}

}  // namespace

CalibrationOptions accepted_sigma_range(const std::function<void(double)>& evaluate,
                                        const CalibrationOptions& options) {
  const double start = std::clamp(1.0, options.sigma_min, options.sigma_max);
  evaluate(start);  // a refused start point is the caller's error: its message propagates
  CalibrationOptions out = options;
  if (!accepted(evaluate, options.sigma_min)) out.sigma_min = accepted_end(evaluate, start, options.sigma_min);
  if (!accepted(evaluate, options.sigma_max)) out.sigma_max = accepted_end(evaluate, start, options.sigma_max);
  return out;
}

CalibrationOptions noise_scale_options(const Schedule& shape, const CalibrationOptions& options) {
  if (shape.empty()) throw InvalidInput("calibration needs a schedule with at least one step");
  const auto [lo, hi] = shape.sigma_range();
  if (!(lo > 0.0) || !std::isfinite(hi)) {
    throw InvalidInput("every sigma of a schedule shape must be finite and > 0");
  }
  CalibrationOptions scaled = options;
  scaled.sigma_min = options.sigma_min / lo;
  scaled.sigma_max = options.sigma_max / hi;
  if (!(scaled.sigma_max > scaled.sigma_min)) {
    throw InvalidInput(fmt::format(
        "the schedule's sigma ratio {:.4g} leaves no common factor within [{}, {}]", hi / lo,
        options.sigma_min, options.sigma_max));
  }
  return scaled;
}

EpsilonCalibration calibrate_noise_scale_for_epsilon(const Schedule& shape, double target_epsilon,
                                                     double delta, const CalibrationOptions& options) {
  if (!(target_epsilon > 0.0 && target_epsilon <= 200.0)) {
    throw InvalidInput(fmt::format("--target-epsilon {} is outside (0, 200]", target_epsilon));
  }
  check_accountant_schedule(shape);
  const CalibrationOptions scaled = noise_scale_options(shape, options);
  EpsilonCalibration out;
  // A factor whose ε the accountant cannot certify (NumericalError, at very small σ where ε is
  // far beyond any target) counts as failing the target: the search never overshoots.
  auto ok = [&](double factor) {
    ++out.evaluations;
    try {
      const EpsilonResult r = compute_epsilon(shape.with_noise_scale(factor), delta, options.accountant);
      return r.epsilon_upper <= target_epsilon;
    } catch (const NumericalError&) {
      return false;
    }
  };
  out.sigma = smallest_sigma_where(ok, scaled, "target epsilon");
  out.at_sigma_min = out.sigma == scaled.sigma_min;
  out.epsilon = compute_epsilon(shape.with_noise_scale(out.sigma), delta, options.accountant);
  return out;
}

EpsilonCalibration calibrate_sigma_for_epsilon(double q, std::uint64_t steps, double target_epsilon,
                                               double delta, const CalibrationOptions& options) {
  return calibrate_noise_scale_for_epsilon(Schedule::constant(q, 1.0, steps), target_epsilon, delta,
                                           options);
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
