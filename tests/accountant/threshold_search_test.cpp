// The threshold search of calibration (mathematics §8.2) on criteria whose threshold is known:
// the answer meets the target, a σ one tolerance below it does not, for smooth, stepped and
// partly incomputable criteria and for guesses that are good, biased, useless or failing; a
// good guess saves evaluations; the range's ends; progress and Cancelled.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "reconbound/calibration.hpp"
#include "reconbound/error.hpp"

using namespace reconbound;

namespace {

rc::Gen<double> uniform(double lo, double hi) {
  return rc::gen::map(rc::gen::inRange(0, 1 << 20),
                      [lo, hi](int k) { return lo + (hi - lo) * static_cast<double>(k) / (1 << 20); });
}

// The answer's two promises for a decreasing criterion: it meets the target, and σ one
// tolerance below does not (unless the answer is the range's floor).
void expect_threshold(const std::function<double(double)>& value, double target, const ThresholdAnswer& a,
                      const CalibrationOptions& options) {
  RC_ASSERT(value(a.sigma) <= target);
  if (!a.at_sigma_min) RC_ASSERT(value(a.sigma / (1.0 + options.sigma_tolerance)) > target);
  RC_ASSERT(a.sigma >= options.sigma_min);
  RC_ASSERT(a.sigma <= options.sigma_max);
}

// value(σ) = c·σ^{−p} with a threshold σ* = (c/target)^{1/p} inside [0.1, 1000].
struct PowerLaw {
  double c, p;
  double operator()(double sigma) const { return c * std::pow(sigma, -p); }
};

}  // namespace

RC_GTEST_PROP(ThresholdSearch, SmoothCriteriaWithAnyGuess, ()) {
  const PowerLaw law{std::exp(*uniform(-3.0, 3.0)), *uniform(0.3, 4.0)};
  const double target = law(std::exp(*uniform(std::log(0.2), std::log(500.0))));
  CalibrationOptions options;
  options.sigma_tolerance = std::exp(*uniform(std::log(1e-6), std::log(1e-2)));
  const double bias = std::exp(*uniform(-0.2, 0.2));  // the guess off by up to ±20 %
  const int kind = *rc::gen::inRange(0, 4);
  ThresholdCriterion criterion;
  criterion.value = law;
  criterion.target = target;
  if (kind == 1) criterion.guess = [&](double s) { return bias * law(s); };
  if (kind == 2) criterion.guess = [](double) { return 1.0; };  // says nothing
  if (kind == 3) criterion.guess = [](double) -> double { throw NumericalError("no guess here"); };
  const ThresholdAnswer a = smallest_sigma_meeting(criterion, options);
  expect_threshold(law, target, a, options);
  RC_ASSERT(a.evaluations <= 40);
}

// A staircase criterion (constant between steps) defeats every secant: the safeguard bisects.
RC_GTEST_PROP(ThresholdSearch, SteppedCriteriaStillFindTheThreshold, ()) {
  const double step = *uniform(0.01, 0.5);
  const auto stairs = [step](double s) { return std::floor(-std::log(s) / step) * step; };
  const double target = *uniform(-6.0, 2.0);
  CalibrationOptions options;
  options.sigma_tolerance = 1e-4;
  ThresholdCriterion criterion;
  criterion.value = [&](double s) { return std::exp(stairs(s)); };
  criterion.target = std::exp(target);
  const ThresholdAnswer a = smallest_sigma_meeting(criterion, options);
  expect_threshold(criterion.value, criterion.target, a, options);
  RC_ASSERT(a.evaluations <= 80);
}

// Where the criterion cannot be computed (+∞ or NaN below a point), σ fails; the search still
// finds the threshold above it.
TEST(ThresholdSearch, IncomputableValuesFail) {
  const PowerLaw law{4.0, 2.0};  // threshold 2 for target 1
  for (const double bad : {std::numeric_limits<double>::infinity(), std::nan("")}) {
    ThresholdCriterion criterion;
    criterion.value = [&](double s) { return s < 1.5 ? bad : law(s); };
    criterion.target = 1.0;
    const ThresholdAnswer a = smallest_sigma_meeting(criterion, {});
    EXPECT_GE(a.sigma, 2.0);
    EXPECT_LE(a.sigma, 2.0 * (1.0 + CalibrationOptions{}.sigma_tolerance));
  }
}

// A guess that matches the criterion to 0.1 % leaves only the closing evaluations: ≤ 4 of the
// certified criterion, where σ = 1 and slope −1 alone need more.
TEST(ThresholdSearch, AGoodGuessSavesEvaluations) {
  const PowerLaw law{8.0, 1.7};
  ThresholdCriterion criterion;
  criterion.value = law;
  criterion.target = 0.37;
  const ThresholdAnswer unguided = smallest_sigma_meeting(criterion, {});
  criterion.guess = [&](double s) { return 1.001 * law(s); };
  const ThresholdAnswer guided = smallest_sigma_meeting(criterion, {});
  EXPECT_LE(guided.evaluations, 4);
  EXPECT_LT(guided.evaluations, unguided.evaluations);
  EXPECT_GT(guided.guesses, 0);
  EXPECT_NEAR(guided.sigma, unguided.sigma, 2e-4 * unguided.sigma);
}

TEST(ThresholdSearch, TheRangesEnds) {
  CalibrationOptions options;
  options.sigma_min = 0.5;
  options.sigma_max = 3.0;
  ThresholdCriterion criterion;
  criterion.value = PowerLaw{1.0, 1.0};
  criterion.target = 10.0;  // met everywhere: the floor, exactly
  ThresholdAnswer a = smallest_sigma_meeting(criterion, options);
  EXPECT_EQ(a.sigma, 0.5);
  EXPECT_TRUE(a.at_sigma_min);
  criterion.target = 0.1;  // met nowhere below 10
  criterion.what = "test target";
  try {
    smallest_sigma_meeting(criterion, options);
    ADD_FAILURE() << "no error";
  } catch (const InvalidInput& e) {
    EXPECT_STREQ(e.what(), "no sigma <= 3 reaches the test target");
  }
  criterion.target = 1.0 / 3.0;  // met exactly at the ceiling, which is answered as it is
  a = smallest_sigma_meeting(criterion, options);
  EXPECT_LE(a.sigma, 3.0);
  EXPECT_GE(a.sigma, 3.0 / (1.0 + options.sigma_tolerance));
  criterion.target = -1.0;
  EXPECT_THROW(smallest_sigma_meeting(criterion, options), InvalidInput);
}

namespace {

// Records the reports; throws Cancelled at the `stop_at`-th one (0: never).
class Recording final : public Progress {
 public:
  explicit Recording(int stop_at) : stop_at_(stop_at) {}
  void report(std::string_view stage, std::size_t done, std::size_t total) override {
    stages.emplace_back(stage);
    EXPECT_LE(done, total);
    if (++calls == stop_at_) throw Cancelled("stopped");
  }
  std::vector<std::string> stages;
  int calls = 0;

 private:
  int stop_at_;
};

}  // namespace

// Every evaluation is reported first, the guess's under "(coarse)"; Cancelled from a report
// stops the search before the next evaluation.
TEST(ThresholdSearch, ReportsEveryEvaluationAndStopsWhenCancelled) {
  int evaluations = 0;
  ThresholdCriterion criterion;
  criterion.value = [&](double s) { ++evaluations; return PowerLaw{4.0, 2.0}(s); };
  criterion.guess = PowerLaw{4.1, 2.0};
  criterion.target = 1.0;
  criterion.stage = "searching";
  Recording all(0);
  CalibrationOptions options;
  options.progress = &all;
  const ThresholdAnswer a = smallest_sigma_meeting(criterion, options);
  EXPECT_EQ(all.calls, a.evaluations + a.guesses);
  EXPECT_EQ(all.stages.front(), "searching (coarse)");
  EXPECT_EQ(all.stages.back(), "searching");
  Recording stopper(a.guesses + 2);
  options.progress = &stopper;
  evaluations = 0;
  EXPECT_THROW(smallest_sigma_meeting(criterion, options), Cancelled);
  EXPECT_EQ(evaluations, 1);
}
