// Noise calibration (mathematics §8): bracketing and bisection on ln σ of a monotone criterion.
#include "reconbound/calibration.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <tuple>
#include <utility>

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

constexpr const char* kEpsilonCalibrationStage = "calibrating sigma (accountant runs)";
// The guess's accountant resolves ε this many times more coarsely (mathematics §8.2).
constexpr double kCoarseFactor = 10.0;

AccountantOptions coarse_accountant(const AccountantOptions& fine) {
  return {fine.epsilon_error * kCoarseFactor, fine.relative_epsilon_error * kCoarseFactor};
}

// `input` with the mechanism's noise multiplied by `factor`.
MechanismInput scaled_input(const MechanismInput& input, double factor) {
  MechanismInput out = input;
  out.noise_scale = factor;
  return out;
}

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

// The certified evaluations of an ε calibration: the value at each factor, +∞ where the
// accountant refused (NumericalError).
class EpsilonEvaluations {
 public:
  void record(double factor, double value) { values_[factor] = value; }

  // The factors below `answer` left undecided (mathematics §8.2): from the largest one evaluated
  // as failing (or the range's floor) to the largest refused one above it; {0, 0} when none.
  std::pair<double, double> undecided_below(double answer, double target, double sigma_min) const {
    double failed = 0.0;
    double refused = 0.0;
    for (const auto& [factor, value] : values_) {
      if (!(factor < answer)) break;
      if (std::isinf(value)) refused = factor;
      else if (value > target) failed = factor;
    }
    if (!(refused > failed)) return {0.0, 0.0};
    return {failed > 0.0 ? failed : sigma_min, refused};
  }

 private:
  std::map<double, double> values_;
};

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

const PrivacyAccountant& require_accountant(const Mechanism& mechanism, const std::string& name) {
  const PrivacyAccountant* accountant = mechanism.accountant();
  if (accountant == nullptr) {
    throw InvalidInput(fmt::format("mechanism {} provides no (epsilon, delta) accounting", name));
  }
  return *accountant;
}

void require_noise_scale(const Mechanism& mechanism, const std::string& name) {
  if (!mechanism.needs().noise_scale) {
    throw InvalidInput(fmt::format("mechanism {} has no noise to calibrate", name));
  }
}

CalibrationOptions noise_scale_range(const std::string& name, const Mechanism& mechanism,
                                     const MechanismInput& input, const CalibrationOptions& options) {
  require_noise_scale(mechanism, name);
  const CalibrationOptions factors =
      input.schedule != nullptr ? noise_scale_options(*input.schedule, options) : options;
  return accepted_sigma_range(
      [&](double factor) { static_cast<void>(mechanism.leakage(scaled_input(input, factor))); }, factors);
}

EpsilonCalibration calibrate_noise_scale_for_epsilon(const std::string& name, const Mechanism& mechanism,
                                                     const MechanismInput& input, double target_epsilon,
                                                     double delta, const CalibrationOptions& range) {
  if (!(target_epsilon > 0.0 && target_epsilon <= 200.0)) {
    throw InvalidInput(fmt::format("{} is outside (0, 200]", parameter("target_epsilon", target_epsilon)));
  }
  const PrivacyAccountant& accountant = require_accountant(mechanism, name);
  // ε at factor c with the accountant's options; a factor whose ε the accountant cannot certify
  // (NumericalError) fails the target, and the factors it leaves undecided are reported.
  std::map<double, EpsilonResult> evaluated;
  auto epsilon_at = [&](double factor, const AccountantOptions& options) -> std::optional<EpsilonResult> {
    try {
      return checked_epsilon(accountant, name, scaled_input(input, factor), delta, options);
    } catch (const NumericalError&) {
      return std::nullopt;
    }
  };
  ThresholdCriterion criterion;
  criterion.target = target_epsilon;
  criterion.what = "target epsilon";
  criterion.stage = kEpsilonCalibrationStage;
  // The certified criterion: ε_upper at the requested precision, never overshooting (§8); a
  // refusal is recorded, to report the factors it leaves undecided.
  EpsilonEvaluations certified;
  criterion.value = [&](double factor) {
    const auto e = epsilon_at(factor, range.accountant);
    const double value = e ? e->epsilon_upper : std::numeric_limits<double>::infinity();
    certified.record(factor, value);
    if (e) evaluated[factor] = *e;
    return value;
  };
  // The guess (§8.2): the coarse accountant's estimate plus half the requested bar's width,
  // where the certified ε_upper would lie; the requested precision's estimate where the coarse
  // grid cannot resolve δ.
  const AccountantOptions coarse = coarse_accountant(range.accountant);
  criterion.guess = [&](double factor) {
    auto e = epsilon_at(factor, coarse);
    if (!e) e = epsilon_at(factor, range.accountant);
    if (!e) return std::numeric_limits<double>::infinity();
    return e->epsilon + 0.5 * range.accountant.target_width(e->epsilon);
  };
  const ThresholdAnswer answer = smallest_sigma_meeting(criterion, range);
  EpsilonCalibration out;
  out.sigma = answer.sigma;
  out.at_sigma_min = answer.at_sigma_min;
  out.evaluations = answer.evaluations;
  out.coarse_evaluations = answer.guesses;
  out.epsilon = evaluated.at(answer.sigma);
  std::tie(out.undecided_sigma_min, out.undecided_sigma_max) =
      certified.undecided_below(answer.sigma, target_epsilon, range.sigma_min);
  return out;
}

GammaCalibration calibrate_noise_scale_for_gamma(const Mechanism& mechanism, const MechanismInput& input,
                                                 double max_gamma_bits, const CalibrationOptions& range) {
  // γ(c) + its numerical error bound, of the mechanism with its noise scaled by c (e.g. Theorem 4.1
  // for noisy gradient descent), decreasing in c: what the converse is charged (mathematics §6.8).
  auto charged_of = [&](double factor) {
    const Leakage leakage = mechanism.leakage(scaled_input(input, factor));
    return leakage.gamma_bits + leakage.abs_error_bits;
  };
  GammaCalibration out;
  out.sigma = calibrate_sigma_for_gamma(charged_of, max_gamma_bits, range);
  out.at_sigma_min = out.sigma == range.sigma_min;
  const Leakage at = mechanism.leakage(scaled_input(input, out.sigma));
  out.gamma_bits = at.gamma_bits;
  out.gamma_error_bits = at.abs_error_bits;
  return out;
}

double calibrate_sigma_for_gamma(const std::function<double(double)>& gamma_bits_of_sigma,
                                 double max_gamma_bits, const CalibrationOptions& options) {
  if (!(max_gamma_bits > 0.0)) {
    throw InvalidInput(fmt::format("the admissible leakage {} bits must be > 0", max_gamma_bits));
  }
  ThresholdCriterion criterion;
  criterion.value = gamma_bits_of_sigma;
  criterion.target = max_gamma_bits;
  criterion.what = "admissible leakage";
  return smallest_sigma_meeting(criterion, options).sigma;
}

}  // namespace reconbound
