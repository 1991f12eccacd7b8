// The threshold search of noise calibration (mathematics §8.2): the smallest σ whose certified
// criterion meets its target, in few evaluations of the criterion. Secant steps on
// y(x) = ln(value(e^x)/target), x = ln σ, from a start placed by a cheap guess, kept inside the
// bracket of evaluated points, nudged to close the bracket, and bisection when they stall
// (Brent's rule).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "reconbound/calibration.hpp"
#include "reconbound/error.hpp"

namespace reconbound {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kDefaultSlope = -1.0;  // d ln value / d ln σ before two points give one
constexpr double kLargestStep = 1.3862943611198906;  // ln 4: a step before the bracket closes
constexpr int kStallEvaluations = 3;  // a bracket that has not halved in these many: bisect
constexpr int kMostEvaluations = 200;
constexpr double kGuessTolerance = 1e-3;  // how far the guess's own search resolves its root

struct Point {
  double x;  // ln σ
  double y;  // ln(value/target); +∞ where the criterion cannot be computed (it fails there)
};

// The evaluated points so far: the bracket [lo, hi] (lo fails, hi meets the target; ±∞ before
// one is found), the latest point with a finite y and the slope through the last two such
// points (the secant), and the step sizes and halvings the safeguards watch.
class SearchState {
 public:
  SearchState(double x_min, double x_max, double width) : x_min_(x_min), x_max_(x_max), width_(width) {}

  void add(Point p) {
    if (p.y <= 0.0) hi_ = std::min(hi_, p.x);
    else lo_ = std::max(lo_, p.x);
    if (std::isfinite(p.y)) {
      if (has_latest_ && latest_.x != p.x) {
        const double s = (p.y - latest_.y) / (p.x - latest_.x);
        if (s < 0.0 && std::isfinite(s)) slope_ = s;  // the criterion decreases: keep a sane slope
      }
      latest_ = p;
      has_latest_ = true;
    }
    const double bracket = hi_ - lo_;
    if (!std::isfinite(halved_at_) || bracket <= halved_at_ / 2.0) {
      halved_at_ = bracket;
      stalled_ = 0;
    } else {
      ++stalled_;
    }
    step_before_ = last_step_;
    last_step_ = evaluated_ ? std::abs(p.x - last_x_) : kInf;
    last_x_ = p.x;
    evaluated_ = true;
  }

  void set_slope(double slope) { slope_ = slope; }
  bool closed() const { return hi_ - lo_ <= width_; }
  bool meets_at_floor() const { return hi_ <= x_min_; }
  bool fails_at_ceiling() const { return lo_ >= x_max_; }
  double hi() const { return hi_; }

  // Evaluations a bisection would still need at most: the progress's remaining work.
  int remaining() const {
    if (!std::isfinite(hi_ - lo_)) return 2 + static_cast<int>(std::ceil(std::log2((x_max_ - x_min_) / width_)));
    return 1 + static_cast<int>(std::ceil(std::log2(std::max(1.0, (hi_ - lo_) / width_))));
  }

  // The next point: the secant's root, nudged a bracket width past the nearest end it would
  // only creep towards; before the bracket closes, a step from the end found so far of at
  // least 0.99 widths (growing fourfold a step from the third) and at most ln 4; inside the
  // range; the bracket's middle when the secant does not converge.
  double next() {
    const bool bracketed = std::isfinite(lo_) && std::isfinite(hi_);
    double x = has_latest_ ? latest_.x - latest_.y / slope_ : kInf;
    if (bracketed) {
      // Safeguards: a secant step longer than half the step before the last is not converging
      // (Brent's rule), and a bracket that has not halved in kStallEvaluations bounds the count
      // by three times bisection's: bisect instead.
      if (!std::isfinite(x) || std::abs(x - last_x_) > step_before_ / 2.0 || stalled_ >= kStallEvaluations) {
        x = (lo_ + hi_) / 2.0;
      }
      if (x - lo_ < width_ / 2.0) x = lo_ + 0.99 * width_;
      if (hi_ - x < width_ / 2.0) x = hi_ - 0.99 * width_;
      const double margin = std::min(0.01 * (hi_ - lo_), 0.99 * width_);
      x = std::clamp(x, lo_ + margin, hi_ - margin);
    } else {
      // A secant root within `least` of the end is stepped past it; from the third step
      // without a bracket the least step grows fourfold a step (a flat criterion).
      const double least = std::min(kLargestStep, 0.99 * width_ * std::pow(4.0, std::max(0, unbracketed_steps_ - 1)));
      ++unbracketed_steps_;
      const double end = std::isfinite(lo_) ? lo_ : hi_;
      const double direction = std::isfinite(lo_) ? 1.0 : -1.0;
      const double step = std::isfinite(x) ? direction * (x - end) : kLargestStep;
      x = end + direction * std::clamp(step, least, kLargestStep);
    }
    return std::clamp(x, x_min_, x_max_);
  }

 private:
  double x_min_, x_max_, width_;
  double lo_ = -kInf;
  double hi_ = kInf;
  Point latest_{0.0, 0.0};  // meaningful once has_latest_
  bool has_latest_ = false;
  double slope_ = kDefaultSlope;
  double halved_at_ = kInf;  // the bracket's width when it last halved
  int stalled_ = 0;           // evaluations since
  double last_x_ = 0.0;         // the latest evaluated point, finite y or not
  bool evaluated_ = false;
  double last_step_ = kInf;     // |x| moved by the latest evaluation
  double step_before_ = kInf;   // and by the one before
  int unbracketed_steps_ = 0;
};

struct Start {
  double x;
  double slope;
};

// The stage a search reports under: the criterion's, and "(coarse)" after it for the guess.
struct Reporter {
  Progress* progress;
  std::string stage;
  void operator()(int done, int remaining) const {
    if (progress != nullptr) {
      progress->report(stage, static_cast<std::size_t>(done), static_cast<std::size_t>(done + remaining));
    }
  }
};

double log_ratio(double value, double target) {
  if (std::isnan(value) || value == kInf) return kInf;
  if (!(value > 0.0)) return -kInf;
  return std::log(value / target);
}

// σ = e^x, exactly an end of the range at its end (e^{ln σ} may round past a mechanism's limit).
double sigma_of(double x, const CalibrationOptions& options) {
  if (x <= std::log(options.sigma_min)) return options.sigma_min;
  if (x >= std::log(options.sigma_max)) return options.sigma_max;
  return std::clamp(std::exp(x), options.sigma_min, options.sigma_max);
}

// The search proper on `value` from `start`; counts into `evaluations`.
double search(const std::function<double(double)>& value, const ThresholdCriterion& criterion,
              const CalibrationOptions& options, double width, Start start, const Reporter& report,
              int& evaluations) {
  const double x_min = std::log(options.sigma_min);
  const double x_max = std::log(options.sigma_max);
  SearchState state(x_min, x_max, width);
  state.set_slope(start.slope);
  double x = std::clamp(start.x, x_min, x_max);
  for (;;) {
    if (evaluations >= kMostEvaluations) {
      throw NumericalError(fmt::format("the search for the {} did not settle in {} evaluations", criterion.what,
                                       kMostEvaluations));
    }
    report(evaluations, state.remaining());
    ++evaluations;
    state.add({x, log_ratio(value(sigma_of(x, options)), criterion.target)});
    if (state.meets_at_floor()) return options.sigma_min;
    if (state.fails_at_ceiling()) {
      throw InvalidInput(fmt::format("no sigma <= {:.6g} reaches the {}", options.sigma_max, criterion.what));
    }
    if (state.closed()) return sigma_of(state.hi(), options);
    x = state.next();
  }
}

// Where the certified search starts: the guess's own threshold (to kGuessTolerance) and its
// slope there; σ = 1 and slope −1 without a guess or when the guess cannot place one.
Start guessed_start(const ThresholdCriterion& criterion, const CalibrationOptions& options, int& guesses) {
  const Start plain{std::clamp(0.0, std::log(options.sigma_min), std::log(options.sigma_max)), kDefaultSlope};
  if (!criterion.guess) return plain;
  double slope = kDefaultSlope;
  Point previous{0.0, kInf};  // the latest guess with a finite y; none while y is infinite
  const auto traced = [&](double sigma) {
    const double v = criterion.guess(sigma);
    const Point p{std::log(sigma), log_ratio(v, criterion.target)};
    if (std::isfinite(p.y) && std::isfinite(previous.y) && p.x != previous.x) {
      const double s = (p.y - previous.y) / (p.x - previous.x);
      if (s < 0.0 && std::isfinite(s)) slope = s;
    }
    if (std::isfinite(p.y)) previous = p;
    return v;
  };
  try {
    const Reporter report{options.progress, std::string(criterion.stage) + " (coarse)"};
    const double sigma = search(traced, criterion, options, std::log1p(kGuessTolerance), plain, report, guesses);
    return {std::log(sigma), slope};
  } catch (const InvalidInput&) {  // the guess reaches the target nowhere: start at the ceiling
    return {std::log(options.sigma_max), slope};
  } catch (const NumericalError&) {
    return plain;
  }
}

}  // namespace

ThresholdAnswer smallest_sigma_meeting(const ThresholdCriterion& criterion, const CalibrationOptions& options) {
  if (!(options.sigma_tolerance > 0.0) || !(options.sigma_min > 0.0) ||
      !(options.sigma_max > options.sigma_min)) {
    throw InvalidInput("calibration needs sigma_tolerance > 0 and 0 < sigma_min < sigma_max");
  }
  if (!(criterion.target > 0.0 && std::isfinite(criterion.target))) {
    throw InvalidInput(fmt::format("the {} {} must be finite and > 0", criterion.what, criterion.target));
  }
  ThresholdAnswer out;
  const Start start = guessed_start(criterion, options, out.guesses);
  out.sigma = search(criterion.value, criterion, options, std::log1p(options.sigma_tolerance), start,
                     Reporter{options.progress, criterion.stage}, out.evaluations);
  out.at_sigma_min = out.sigma == options.sigma_min;
  return out;
}

}  // namespace reconbound
