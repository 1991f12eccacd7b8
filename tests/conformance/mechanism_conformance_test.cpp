// Conformance of every mechanism plugin (SPEC §2): γ ≥ 0, runs add, splitting a segment
// changes nothing, more steps never leak less, bad schedules are errors; a mechanism fitted
// on data gives a finite γ ≥ 0 on small generated data, the same γ for the same input, and
// an error without data.
#include <cmath>
#include <random>

#include "conformance_support.hpp"
#include "reconbound/error.hpp"

namespace reconbound::conformance {
namespace {

// The mechanism created from its example, skipped by a suite whose input it does not take:
// a training schedule (MechanismConformance) or data (DataMechanismConformance).
Fitted<Mechanism> fit(const std::string& name, bool on_data) {
  auto fitted = make_from_example<Mechanism>(
      PluginKind::mechanism, name,
      [](const std::string& n, const Params& p) { return registry().make_mechanism(n, p); });
  if (!fitted.verdict.checked()) return fitted;
  const MechanismNeeds needs = fitted.plugin->needs();
  if (on_data && !needs.data) fitted.verdict = {Skip::rejected_shape, "not a mechanism fitted on data"};
  if (!on_data && !needs.schedule) fitted.verdict = {Skip::rejected_shape, "not a schedule-driven mechanism"};
  return fitted;
}

class MechanismConformance : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const auto fitted = fit(GetParam(), false);
    if (!fitted.verdict.checked()) GTEST_SKIP() << skip_message(GetParam(), fitted.verdict);
    mechanism_ = fitted.plugin;
  }
  double gamma(const Schedule& s) const {
    MechanismInput input;
    input.schedule = &s;
    return mechanism_->leakage(input).gamma_bits;
  }
  std::shared_ptr<Mechanism> mechanism_;
};

TEST_P(MechanismConformance, LeakageIsFiniteAndNonNegative) {
  for (double q : {1e-4, 0.02, 0.5, 1.0}) {
    for (double sigma : {0.5, 1.0, 4.0}) {
      const double g = gamma(Schedule::constant(q, sigma, 10));
      EXPECT_TRUE(std::isfinite(g) && g >= 0.0) << "q=" << q << " sigma=" << sigma << " gamma=" << g;
    }
  }
}

TEST_P(MechanismConformance, RunsAddAndSegmentsSplit) {
  const Schedule a = Schedule::constant(0.05, 1.2, 300);
  const Schedule b = Schedule::constant(0.2, 2.5, 40);
  Schedule both = a;
  both.runs.push_back(b.runs[0]);
  EXPECT_NEAR(gamma(both), gamma(a) + gamma(b), 1e-12 * gamma(both));
  const Schedule split{{TrainingRun{{Segment{0.05, 1.2, 100}, Segment{0.05, 1.2, 200}}}}};
  EXPECT_NEAR(gamma(split), gamma(a), 1e-12 * gamma(a));
}

TEST_P(MechanismConformance, MoreStepsNeverLeakLess) {
  EXPECT_LE(gamma(Schedule::constant(0.1, 1.0, 10)), gamma(Schedule::constant(0.1, 1.0, 11)));
}

TEST_P(MechanismConformance, BadSchedulesAreErrors) {
  EXPECT_THROW(gamma(Schedule{}), Error);
  EXPECT_THROW(gamma(Schedule::constant(std::nan(""), 1.0, 1)), Error);
  EXPECT_THROW(gamma(Schedule::constant(0.1, -1.0, 1)), Error);
  EXPECT_THROW(gamma(Schedule::constant(1.5, 1.0, 1)), Error);
  EXPECT_THROW(mechanism_->leakage(MechanismInput{}), Error);
}

class DataMechanismConformance : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const auto fitted = fit(GetParam(), true);
    if (!fitted.verdict.checked()) GTEST_SKIP() << skip_message(GetParam(), fitted.verdict);
    mechanism_ = fitted.plugin;
    std::mt19937_64 rng(1);
    std::normal_distribution<double> normal(0.0, 1.0);
    data_.resize(200, 6);
    for (Eigen::Index i = 0; i < data_.rows(); ++i) {
      for (Eigen::Index j = 0; j < data_.cols(); ++j) data_(i, j) = normal(rng) + 8.0 * static_cast<double>(i % 3 == j);
    }
  }
  Leakage leakage() const {
    MechanismInput input;
    input.data = &data_;
    input.seed = 5;
    return mechanism_->leakage(input);
  }
  std::shared_ptr<Mechanism> mechanism_;
  RowMatrix data_;
};

TEST_P(DataMechanismConformance, LeakageIsFiniteNonNegativeAndRepeatable) {
  const Leakage first = leakage();
  EXPECT_TRUE(std::isfinite(first.gamma_bits) && first.gamma_bits >= 0.0) << first.gamma_bits;
  const Leakage second = leakage();
  EXPECT_EQ(first.gamma_bits, second.gamma_bits);
  EXPECT_EQ(first.details, second.details);
}

TEST_P(DataMechanismConformance, NoDataIsAnError) {
  EXPECT_THROW(mechanism_->leakage(MechanismInput{}), Error);
  RowMatrix with_nan = data_;
  with_nan(3, 2) = std::nan("");
  MechanismInput input;
  input.data = &with_nan;
  EXPECT_THROW(mechanism_->leakage(input), Error);
}

// Each suite checks at least one mechanism, and each mechanism built here is checked by one.
TEST(MechanismConformanceCoverage, EveryPluginBuiltHereIsCheckedAndNoSuiteIsEmpty) {
  expect_every_plugin_checked(
      PluginKind::mechanism,
      {{"MechanismConformance", [](const std::string& n) { return fit(n, false).verdict; }},
       {"DataMechanismConformance", [](const std::string& n) { return fit(n, true).verdict; }}});
}

INSTANTIATE_TEST_SUITE_P(Plugins, DataMechanismConformance,
                         ::testing::ValuesIn(plugin_names(PluginKind::mechanism)), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(DataMechanismConformance);

INSTANTIATE_TEST_SUITE_P(Plugins, MechanismConformance,
                         ::testing::ValuesIn(plugin_names(PluginKind::mechanism)), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(MechanismConformance);

}  // namespace
}  // namespace reconbound::conformance
