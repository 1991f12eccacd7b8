// Calibration of σ to a target ε (mathematics §8) through the dpsgd mechanism's accountant: never
// overshoots, and is tight (σ a relative tolerance smaller would overshoot), over seeded random
// schedules; mechanisms without an accountant or without noise are refused with one line.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "pld_accountant.hpp"
#include "reconbound/calibration.hpp"
#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"

using namespace reconbound;

namespace {

const Registry& registry() {
  static const Registry instance;
  return instance;
}

const Mechanism& dpsgd() {
  static const auto mechanism = registry().make_mechanism("dpsgd");
  return *mechanism;
}

// The factor on the shape's σ for a target ε, searched where the dpsgd mechanism charges γ.
EpsilonCalibration calibrate(const Schedule& shape, double target, double delta,
                             const CalibrationOptions& options) {
  MechanismInput input;
  input.schedule = &shape;
  return calibrate_noise_scale_for_epsilon("dpsgd", dpsgd(), input, target, delta,
                                           noise_scale_range("dpsgd", dpsgd(), input, options));
}

EpsilonCalibration calibrate_sigma_for_epsilon(double q, std::uint64_t steps, double target, double delta,
                                               const CalibrationOptions& options) {
  return calibrate(Schedule::constant(q, 1.0, steps), target, delta, options);
}

// Random schedules from a fixed seed (the printed case reproduces a failure).
TEST(Calibration, NeverOvershootsAndIsTight) {
  std::mt19937_64 rng(20261130);
  const double rates[] = {0.005, 0.02, 0.1, 0.3};
  const double targets[] = {0.5, 1.0, 2.0, 4.0, 8.0};
  const double deltas[] = {1e-5, 1e-8};
  CalibrationOptions options;
  options.sigma_tolerance = 1e-3;
  for (int i = 0; i < 4; ++i) {
    const double q = rates[rng() % 4];
    const auto steps = static_cast<std::uint64_t>(10 + rng() % 190);
    const double target = targets[rng() % 5];
    const double delta = deltas[rng() % 2];
    SCOPED_TRACE(testing::Message() << "q " << q << " steps " << steps << " target " << target
                                    << " delta " << delta);
    const EpsilonCalibration c = calibrate_sigma_for_epsilon(q, steps, target, delta, options);
    std::printf("q %g T %llu target %g delta %g: sigma %.6f, eps <= %.6f (%d runs, %d coarse)\n", q,
                static_cast<unsigned long long>(steps), target, delta, c.sigma,
                c.epsilon.epsilon_upper, c.evaluations, c.coarse_evaluations);
    // Round trip: ε of the returned σ, computed afresh, does not exceed the target.
    const EpsilonResult again = compute_epsilon(Schedule::constant(q, c.sigma, steps), delta);
    EXPECT_LE(again.epsilon_upper, target);
    EXPECT_LE(c.epsilon.epsilon_upper, target);
    // Tight: a σ smaller by twice the tolerance overshoots (ε decreases in σ).
    const EpsilonResult below = compute_epsilon(
        Schedule::constant(q, c.sigma / (1.0 + 2.0 * options.sigma_tolerance), steps), delta);
    EXPECT_GT(below.epsilon_upper, target);
  }
}

// A schedule's shape (two runs, σ in ratio 1 : 2 : 3) is scaled by one factor: the scaled
// schedule meets the target, and a factor smaller by twice the tolerance does not.
TEST(Calibration, ScheduleShapeFactorNeverOvershootsAndIsTight) {
  Schedule shape;
  shape.runs.push_back(TrainingRun{{Segment{0.02, 1.0, 60}, Segment{0.05, 2.0, 40}}});
  shape.runs.push_back(TrainingRun{{Segment{0.01, 3.0, 100}}});
  CalibrationOptions options;
  options.sigma_tolerance = 1e-3;
  const EpsilonCalibration c = calibrate(shape, 2.0, 1e-5, options);
  EXPECT_LE(compute_epsilon(shape.with_noise_scale(c.sigma), 1e-5).epsilon_upper, 2.0);
  const double smaller = c.sigma / (1.0 + 2.0 * options.sigma_tolerance);
  EXPECT_GT(compute_epsilon(shape.with_noise_scale(smaller), 1e-5).epsilon_upper, 2.0);
  // The factor keeps every segment's σ in the accountant's range [0.1, 1000].
  const CalibrationOptions range = noise_scale_options(shape, options);
  EXPECT_DOUBLE_EQ(range.sigma_min, 0.1);
  EXPECT_DOUBLE_EQ(range.sigma_max, 1000.0 / 3.0);
  Schedule too_wide;
  too_wide.runs.push_back(TrainingRun{{Segment{0.01, 0.001, 10}, Segment{0.01, 100.0, 10}}});
  EXPECT_THROW(noise_scale_options(too_wide, options), InvalidInput);
  EXPECT_THROW(noise_scale_options(Schedule{}, options), InvalidInput);
}

TEST(Calibration, GammaCriterionFindsTheThreshold) {
  // γ(σ) = 1/σ² (decreasing): the smallest σ with γ ≤ 0.25 is 2.
  CalibrationOptions options;
  const double sigma = calibrate_sigma_for_gamma([](double s) { return 1.0 / (s * s); }, 0.25, options);
  EXPECT_GE(sigma, 2.0);
  EXPECT_LE(sigma, 2.0 * (1.0 + options.sigma_tolerance));
}

// A criterion that refuses σ outside [0.3, 100], inside the accountant's [0.1, 1000] at both
// ends (as the dpsgd plugin refuses σ > 100): the accepted range
// is located to kSupportTolerance from inside, and a search within it answers its floor exactly
// when every σ meets the target.
TEST(Calibration, AcceptedRangeStopsWhereTheMechanismRefuses) {
  int calls = 0;
  const auto evaluate = [&](double sigma) {
    ++calls;
    if (sigma < 0.3 || sigma > 100.0) throw InvalidInput("outside [0.3, 100]");
  };
  const CalibrationOptions wide;  // [0.1, 1000]
  const CalibrationOptions range = accepted_sigma_range(evaluate, wide);
  EXPECT_GE(range.sigma_min, 0.3);
  EXPECT_LE(range.sigma_min, 0.3 * (1.0 + kSupportTolerance));
  EXPECT_LE(range.sigma_max, 100.0);
  EXPECT_GE(range.sigma_max, 100.0 * (1.0 - kSupportTolerance));
  EXPECT_EQ(range.sigma_tolerance, wide.sigma_tolerance);
  EXPECT_LT(calls, 100);
  const double sigma = calibrate_sigma_for_gamma([](double s) { return 1.0 / (s * s); }, 100.0, range);
  EXPECT_EQ(sigma, range.sigma_min);
  EXPECT_THROW(calibrate_sigma_for_gamma([](double s) { return 1.0 / (s * s); }, 1e-5, range), InvalidInput);
  // A criterion that accepts every σ leaves the range alone; one that refuses σ = 1 propagates.
  const CalibrationOptions same = accepted_sigma_range([](double) {}, wide);
  EXPECT_EQ(same.sigma_min, wide.sigma_min);
  EXPECT_EQ(same.sigma_max, wide.sigma_max);
  EXPECT_THROW(accepted_sigma_range([](double s) { if (s < 2.0) throw InvalidInput("small"); }, wide),
               InvalidInput);
}

TEST(Calibration, UnreachableTargetThrows) {
  CalibrationOptions options;
  options.sigma_max = 2.0;
  EXPECT_THROW(calibrate_sigma_for_epsilon(1.0, 1000, 0.01, 1e-5, options), InvalidInput);
  EXPECT_THROW(calibrate_sigma_for_epsilon(0.1, 100, -1.0, 1e-5, options), InvalidInput);
}

// The search range of the factor is where the mechanism computes γ: dpsgd refuses σ outside
// [0.1, 100] (mechanisms/dpsgd/dpsgd_range.hpp), so with σ = 2 in the schedule c ∈ [0.05, 50], to
// kSupportTolerance from inside. The γ calibration answers a factor whose γ meets the budget.
TEST(Calibration, MechanismRangeAndGammaCalibration) {
  const Schedule shape = Schedule::constant(0.01, 2.0, 100);
  MechanismInput input;
  input.schedule = &shape;
  CalibrationOptions wide;
  wide.sigma_min = 1e-3;
  const CalibrationOptions range = noise_scale_range("dpsgd", dpsgd(), input, wide);
  EXPECT_GE(range.sigma_min, 0.05);
  EXPECT_LE(range.sigma_min, 0.05 * (1.0 + 4 * kSupportTolerance));
  EXPECT_LE(range.sigma_max, 50.0);
  EXPECT_GE(range.sigma_max, 50.0 * (1.0 - 4 * kSupportTolerance));
  // γ(c) = 100·K(0.01, 2c)/ln 2 (Theorem 4.1) is decreasing: the answer meets the budget and a
  // factor two tolerances smaller does not.
  const GammaCalibration g = calibrate_noise_scale_for_gamma(dpsgd(), input, 0.01, range);
  EXPECT_LE(g.gamma_bits, 0.01);
  EXPECT_FALSE(g.at_sigma_min);
  const Schedule smaller = shape.with_noise_scale(g.sigma / (1.0 + 2.0 * range.sigma_tolerance));
  MechanismInput below;
  below.schedule = &smaller;
  EXPECT_GT(dpsgd().leakage(below).gamma_bits, 0.01);
}

TEST(Calibration, MechanismsWithoutAccountingOrNoiseAreRefused) {
  const auto codebook = registry().make_mechanism("codebook", Params::parse("bits=2"));
  const Schedule shape = Schedule::constant(0.01, 1.0, 100);
  MechanismInput input;
  input.schedule = &shape;
  try {
    calibrate_noise_scale_for_epsilon("codebook", *codebook, input, 1.0, 1e-5, CalibrationOptions{});
    ADD_FAILURE() << "no error";
  } catch (const InvalidInput& e) {
    EXPECT_STREQ(e.what(), "mechanism codebook provides no (epsilon, delta) accounting");
  }
  try {
    noise_scale_range("codebook", *codebook, input, CalibrationOptions{});
    ADD_FAILURE() << "no error";
  } catch (const InvalidInput& e) {
    EXPECT_STREQ(e.what(), "mechanism codebook has no noise to calibrate");
  }
}

// A mechanism whose accountant gives ε = 1/c² at noise factor c, and refuses (NumericalError) for
// c ∈ [0.6, 0.8): the exact threshold for ε = 2 (c = 0.7071) lies where it cannot be evaluated.
class RefusingAccountant final : public Mechanism, public PrivacyAccountant {
 public:
  MechanismNeeds needs() const override { return {.noise_scale = true}; }
  Leakage leakage(const MechanismInput& input) const override {
    Leakage out;
    out.gamma_bits = 1.0 / input.noise_scale;
    return out;
  }
  const PrivacyAccountant* accountant() const override { return this; }
  std::string method() const override { return "1/c^2, refusing c in [0.6, 0.8)"; }
  EpsilonResult epsilon(const MechanismInput& input, double delta, const AccountantOptions&) const override {
    const double c = input.noise_scale;
    if (c >= 0.6 && c < 0.8) throw NumericalError("cannot resolve this factor");
    EpsilonResult r;
    r.epsilon = r.epsilon_lower = r.epsilon_upper = 1.0 / (c * c);
    r.delta = delta;
    return r;
  }
};

// §8.2: a refusal counts as failing, so the answer is the first accepted factor that meets the
// target (0.8), and the factors from the last certified failure to the last refusal are
// reported as undecided instead of passing silently.
TEST(Calibration, RefusedFactorsBelowTheAnswerAreReportedUndecided) {
  const RefusingAccountant mechanism;
  CalibrationOptions options;
  options.sigma_tolerance = 1e-4;
  const EpsilonCalibration c = calibrate_noise_scale_for_epsilon("refusing", mechanism, MechanismInput{}, 2.0, 1e-5,
                                                                 options);
  EXPECT_GE(c.sigma, 0.8);
  EXPECT_LE(c.sigma, 0.8 * (1.0 + 1e-4));
  EXPECT_GT(c.undecided_sigma_min, 0.0);
  EXPECT_LT(c.undecided_sigma_min, 0.6 * (1.0 + 1e-3));
  EXPECT_GE(c.undecided_sigma_max, 0.8 / (1.0 + 1e-4));
  EXPECT_LT(c.undecided_sigma_max, 0.8);
}

// Without refusals nothing is undecided.
TEST(Calibration, NothingUndecidedWhereEveryFactorIsEvaluated) {
  const EpsilonCalibration c = calibrate_sigma_for_epsilon(0.02, 200, 2.0, 1e-5, CalibrationOptions{});
  EXPECT_EQ(c.undecided_sigma_min, 0.0);
  EXPECT_EQ(c.undecided_sigma_max, 0.0);
}

}  // namespace
