// Property tests of the dpsgd plugin (mathematics §2): agreement with the MPFR reference on
// random (q, σ), and the laws K must obey. RapidCheck prints the seed of any failure.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <numbers>

#include "dpsgd_test_support.hpp"
#include "reconbound/verify/reference_dpsgd.hpp"
#include "reconbound/verify/tolerances.hpp"

using namespace reconbound;
using reconbound::test::gamma_bits;
using reconbound::test::leakage;

namespace {

// Log-uniform in [lo, hi].
rc::Gen<double> log_uniform(double lo, double hi) {
  return rc::gen::map(rc::gen::inRange(0, 1'000'000), [lo, hi](int u) {
    return std::exp(std::log(lo) + (std::log(hi) - std::log(lo)) * u / 1e6);
  });
}

rc::Gen<double> any_q() { return log_uniform(1e-6, 1.0); }
// The supported range of mathematics §2 as extended to σ ≥ 0.1, half the draws in [0.1, 0.3], where
// the integrand is a soft-plus of width σ and the quadrature is finest.
rc::Gen<double> any_sigma() {
  return rc::gen::weightedOneOf<double>({{1, log_uniform(0.1, 0.3)}, {1, log_uniform(0.1, 100.0)}});
}

bool within(double actual, const verify::ReferenceValue& ref, double rel) {
  return std::abs(actual - ref.value) <= rel * std::abs(ref.value) + ref.abs_error;
}

RC_GTEST_PROP(DpsgdProperty, AgreesWithTheMpfrReference, ()) {
  const double q = *any_q();
  const double sigma = *any_sigma();
  const auto reference = verify::reference_subsampled_gaussian_kl(q, sigma);
  const Leakage plugin = leakage(Schedule::constant(q, sigma, 1));
  const double plugin_nats = plugin.gamma_bits * std::numbers::ln2;
  RC_ASSERT(reference.abs_error < 1e-20 * reference.value + 1e-300);
  RC_ASSERT(within(plugin_nats, reference, verify::tolerance::kDpsgdLeakage));
  // The reported error is a bound: the reference lies within it, and it is ≤ 1e-12 relative.
  const double error_nats = plugin.abs_error_bits * std::numbers::ln2;
  RC_ASSERT(std::abs(plugin_nats - reference.value) <= error_nats + reference.abs_error);
  RC_ASSERT(error_nats <= verify::tolerance::kDpsgdLeakage * reference.value);
}

RC_GTEST_PROP(DpsgdProperty, RandomSchedulesAgreeWithTheReference, ()) {
  const auto n_segments = *rc::gen::inRange(1, 4);
  Schedule schedule;
  schedule.runs.resize(static_cast<std::size_t>(*rc::gen::inRange(1, 3)));
  for (auto& run : schedule.runs) {
    for (int i = 0; i < n_segments; ++i) {
      run.segments.push_back({*any_q(), *any_sigma(),
                              static_cast<std::uint64_t>(*rc::gen::inRange(1, 10'000'000))});
    }
  }
  const auto reference = verify::reference_gamma_bits(schedule);
  RC_ASSERT(within(gamma_bits(schedule), reference, 1e-12));
}

RC_GTEST_PROP(DpsgdProperty, IncreasesInQ, ()) {
  const double sigma = *any_sigma();
  const double q1 = *any_q();
  const double q2 = *any_q();
  RC_PRE(q1 < q2 * (1 - 1e-9));
  RC_ASSERT(gamma_bits(q1, sigma) < gamma_bits(q2, sigma));
}

RC_GTEST_PROP(DpsgdProperty, DecreasesInSigma, ()) {
  const double q = *any_q();
  const double s1 = *any_sigma();
  const double s2 = *any_sigma();
  RC_PRE(s1 < s2 * (1 - 1e-9));
  RC_ASSERT(gamma_bits(q, s1) > gamma_bits(q, s2));
}

// K ≤ ln(1 + q²(e^{1/σ²} − 1)) (mathematics §2: the χ² bound).
RC_GTEST_PROP(DpsgdProperty, BelowTheChiSquareBound, ()) {
  const double q = *any_q();
  const double sigma = *any_sigma();
  const double chi2_bound = std::log1p(q * q * std::expm1(1.0 / (sigma * sigma)));
  RC_ASSERT(gamma_bits(q, sigma) * std::numbers::ln2 <= chi2_bound * (1 + 1e-12));
}

RC_GTEST_PROP(DpsgdProperty, SplittingASegmentLeavesGammaUnchanged, ()) {
  const double q = *any_q();
  const double sigma = *any_sigma();
  const auto steps = static_cast<std::uint64_t>(*rc::gen::inRange(2, 1'000'000));
  const auto cut = static_cast<std::uint64_t>(*rc::gen::inRange(1, static_cast<int>(steps)));
  const Schedule whole = Schedule::constant(q, sigma, steps);
  const Schedule split{{TrainingRun{{Segment{q, sigma, cut}, Segment{q, sigma, steps - cut}}}}};
  RC_ASSERT(std::abs(gamma_bits(whole) - gamma_bits(split)) <= 1e-14 * gamma_bits(whole));
}

RC_GTEST_PROP(DpsgdProperty, RunsAdd, ()) {
  const Schedule a = Schedule::constant(*any_q(), *any_sigma(), 1 + *rc::gen::inRange(0, 10000));
  const Schedule b = Schedule::constant(*any_q(), *any_sigma(), 1 + *rc::gen::inRange(0, 10000));
  Schedule both = a;
  both.runs.push_back(b.runs[0]);
  const double sum = gamma_bits(a) + gamma_bits(b);
  RC_ASSERT(std::abs(gamma_bits(both) - sum) <= 1e-14 * sum);
}

}  // namespace
