// The accountant's brackets against exact values (issue 49): the composed Gaussian mechanism
// (q = 1, closed form, mathematics §8.3) for T = 1, 100, 1e5 and δ = 1e-5 … 1e-15, and the
// subsampled Gaussian for T = 1, 2 at small δ (MPFR quadrature, §8.4), each computed here by the
// MPFR references, never by the code under test.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "pld_accountant.hpp"
#include "reconbound/error.hpp"
#include "reconbound/verify/reference_gaussian_dp.hpp"
#include "reconbound/verify/reference_subsampled_gaussian_dp.hpp"

using namespace reconbound;

namespace {

TEST(AccountantExact, GaussianMechanismForEveryStepCountAndDelta) {
  for (const double steps : {1.0, 100.0, 1e5}) {
    for (const double sigma : {0.2, 0.3, 1.0, 5.0}) {
      for (const double delta : {1e-5, 1e-8, 1e-10, 1e-12, 1e-15}) {
        const double mu = std::sqrt(steps) / sigma;
        const auto exact = verify::reference_gaussian_epsilon(mu, delta);
        const EpsilonResult r =
            compute_epsilon(Schedule::constant(1.0, sigma, static_cast<std::uint64_t>(steps)), delta);
        std::printf("q 1 sigma %g T %g delta %g: exact %.12g, printed [%.12g, %.12g]\n", sigma, steps, delta,
                    exact.value, r.epsilon_lower, r.epsilon_upper);
        EXPECT_LE(r.epsilon_lower, exact.value + exact.abs_error) << "sigma " << sigma << " T " << steps;
        EXPECT_GE(r.epsilon_upper, exact.value - exact.abs_error) << "sigma " << sigma << " T " << steps;
        EXPECT_LE(r.epsilon_upper - r.epsilon_lower, 1e-10 * exact.value + 1e-12);
        EXPECT_LE(r.epsilon_lower, r.epsilon);
        EXPECT_LE(r.epsilon, r.epsilon_upper);
      }
    }
  }
}

TEST(AccountantExact, GaussianMechanismDelta) {
  struct Gaussian {
    double sigma;
    std::uint64_t steps;
  };
  for (const Gaussian g : {Gaussian{20.0, 1}, Gaussian{1.0, 1}, Gaussian{0.125, 1}, Gaussian{1.0, 90000}}) {
    const double mu = std::sqrt(static_cast<double>(g.steps)) / g.sigma;
    for (const double epsilon : {0.0, 0.5, 3.0, 40.0, 200.0}) {
      const auto exact = verify::reference_gaussian_delta(mu, epsilon);
      const DeltaResult r = compute_delta(Schedule::constant(1.0, g.sigma, g.steps), epsilon);
      EXPECT_LE(r.delta_lower, exact.value + exact.abs_error) << "mu " << mu << " eps " << epsilon;
      EXPECT_GE(r.delta_upper, exact.value - exact.abs_error) << "mu " << mu << " eps " << epsilon;
      EXPECT_LE(r.delta_upper - r.delta_lower, 1e-9 * exact.value + 1e-300) << "mu " << mu << " eps " << epsilon;
    }
  }
}

// A q = 1 segment beside a subsampled one goes through the PLD (its loss is u itself, never −∞):
// ε of the whole is at least the Gaussian part's.
TEST(AccountantExact, FullBatchSegmentInsideASubsampledSchedule) {
  Schedule mixed;
  mixed.runs.push_back(TrainingRun{{Segment{1.0, 2.0, 3}, Segment{0.05, 1.0, 200}}});
  const EpsilonResult r = compute_epsilon(mixed, 1e-6);
  const auto gaussian_part = verify::reference_gaussian_epsilon(std::sqrt(3.0) / 2.0, 1e-6);
  EXPECT_GE(r.epsilon_upper, gaussian_part.value);
  EXPECT_LT(r.epsilon_upper - r.epsilon_lower, 0.03);
}

struct Subsampled {
  double q;
  double sigma;
  std::uint64_t steps;
  double delta;
};

// δ at the printed ends by the MPFR reference: δ(ε_lower) ≥ δ ≥ δ(ε_upper) brackets the exact ε
// (at ε_lower = 0 the first holds trivially: ε ≥ 0).
void expect_brackets_subsampled(const Subsampled& c) {
  const EpsilonResult r = compute_epsilon(Schedule::constant(c.q, c.sigma, c.steps), c.delta);
  auto delta_at = [&](double epsilon) {
    return c.steps == 1 ? verify::reference_subsampled_gaussian_delta(c.q, c.sigma, epsilon)
                        : verify::reference_subsampled_gaussian_delta_two_steps(c.q, c.sigma, epsilon);
  };
  const auto at_lower = delta_at(r.epsilon_lower);
  const auto at_upper = delta_at(r.epsilon_upper);
  std::printf("q %g sigma %g T %llu delta %g: printed [%.6f, %.6f]; exact delta there %.6g, %.6g\n", c.q,
              c.sigma, static_cast<unsigned long long>(c.steps), c.delta, r.epsilon_lower, r.epsilon_upper,
              at_lower.value, at_upper.value);
  if (r.epsilon_lower > 0.0) {
    EXPECT_GE(at_lower.value + at_lower.abs_error, c.delta) << "q " << c.q << " sigma " << c.sigma;
  }
  EXPECT_LE(at_upper.value - at_upper.abs_error, c.delta) << "q " << c.q << " sigma " << c.sigma;
  EXPECT_LE(r.epsilon_upper - r.epsilon_lower, 0.03);
}

TEST(AccountantExact, OneStepDownToDelta1e15) {
  for (const Subsampled c : {Subsampled{0.1, 0.6, 1, 1e-10}, Subsampled{0.001, 0.3, 1, 1e-15},
                             Subsampled{0.001, 1.0, 1, 1e-15}, Subsampled{0.5, 1.0, 1, 1e-12},
                             Subsampled{0.01, 3.0, 1, 1e-15}, Subsampled{0.001, 3.0, 1, 1e-15}}) {
    expect_brackets_subsampled(c);
  }
}

// The case: ε = 10.909 at q = 0.1, σ = 0.6, T = 2, δ = 1e-10, refused before.
TEST(AccountantExact, TwoStepsAtSmallDelta) {
  for (const Subsampled c : {Subsampled{0.1, 0.6, 2, 1e-10}, Subsampled{0.1, 0.6, 2, 1e-15},
                             Subsampled{0.01, 0.5, 2, 1e-12}}) {
    expect_brackets_subsampled(c);
  }
}

// §8.4: where the FFT cannot resolve the add direction at the top of its bounded support, its
// cap Σ T·ln(1/(1 − q)) = 0.2 stands in for it below the remove direction's ε (≈ 50): refused
// before. Its ε is at least that of its first two steps (the exact two-step δ at ε_upper ≤ δ).
TEST(AccountantExact, AddDirectionCapAnswersManyStepsAtSmallDelta) {
  const EpsilonResult r = compute_epsilon(Schedule::constant(0.01, 0.3, 20), 1e-15);
  EXPECT_EQ(r.binding_direction, "remove");
  EXPECT_LT(r.epsilon_upper - r.epsilon_lower, 0.1);
  const auto two_steps = verify::reference_subsampled_gaussian_delta_two_steps(0.01, 0.3, r.epsilon_upper);
  EXPECT_LE(two_steps.value - two_steps.abs_error, 1e-15);
}

// §8.4's remaining limit: a schedule the FFT cannot resolve (ε ≈ 0.03 at δ = 1e-15, q = 0.001,
// σ = 3) whose direct composition would exceed its budget (300 steps); the refusal names it.
TEST(AccountantExact, OutsideTheDomainTheRefusalNamesTheLimit) {
  try {
    static_cast<void>(compute_epsilon(Schedule::constant(0.001, 3.0, 300), 1e-15));
    ADD_FAILURE() << "no refusal";
  } catch (const NumericalError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("composing its 300 steps directly would take"), std::string::npos) << message;
    EXPECT_NE(message.find("a larger delta or a larger epsilon error would work"), std::string::npos) << message;
  }
  EXPECT_NO_THROW(static_cast<void>(compute_epsilon(Schedule::constant(0.001, 3.0, 300), 1e-12)));
}

}  // namespace
