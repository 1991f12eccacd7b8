// Conformance of every representation plugin (SPEC §3) on 28×28 grey images: the declared
// dimension, determinism, batch = row-by-row, thread safety, finiteness, and the declared
// bound B on ‖Ψ(x) − Ψ(x')‖² (SPEC §6.5) on extreme and random pairs.
#include <random>
#include <thread>

#include "conformance_support.hpp"
#include "reconbound/error.hpp"

namespace reconbound::conformance {
namespace {

const ImageShape kShape{1, 28, 28};

RowMatrix random_images(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> level(0, 255);
  RowMatrix x(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(kShape.size()));
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = level(rng);
  return x;
}

// The representation created from its example, skipped when it refuses 28×28 grey images.
Fitted<Representation> fit(const std::string& name) {
  auto fitted = make_from_example<Representation>(
      PluginKind::representation, name,
      [](const std::string& n, const Params& p) { return registry().make_representation(n, p); });
  std::string why;
  if (fitted.verdict.checked() && !fitted.plugin->accepts(kShape, why)) {
    fitted.verdict = {Skip::rejected_shape, "does not accept " + kShape.to_string() + ": " + why};
  }
  return fitted;
}

class RepresentationConformance : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const auto fitted = fit(GetParam());
    if (!fitted.verdict.checked()) GTEST_SKIP() << skip_message(GetParam(), fitted.verdict);
    psi_ = fitted.plugin;
    info_ = psi_->describe(kShape);
  }
  RowMatrix map(const RowMatrix& x) const {
    RowMatrix out(x.rows(), static_cast<Eigen::Index>(info_.output_dim));
    psi_->map(kShape, x, out);
    return out;
  }
  std::shared_ptr<Representation> psi_;
  RepresentationInfo info_;
};

TEST_P(RepresentationConformance, DeterministicFiniteAndBatchConsistent) {
  ASSERT_GT(info_.output_dim, 0u);
  const RowMatrix x = random_images(9, 1);
  const RowMatrix batch = map(x);
  EXPECT_TRUE(batch.allFinite());
  EXPECT_EQ(batch, map(x));
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    const RowMatrix one = map(x.row(i));
    EXPECT_LE((one.row(0) - batch.row(i)).norm(), 1e-9 * (1.0 + batch.row(i).norm())) << "row " << i;
  }
}

TEST_P(RepresentationConformance, ThreadSafe) {
  const RowMatrix x = random_images(16, 2);
  const RowMatrix expected = map(x);
  std::vector<RowMatrix> results(4);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < results.size(); ++t) threads.emplace_back([&, t] { results[t] = map(x); });
  for (auto& t : threads) t.join();
  for (const auto& r : results) EXPECT_LE((r - expected).norm(), 1e-9 * (1.0 + expected.norm()));
}

TEST_P(RepresentationConformance, SquaredDistancesStayBelowTheDeclaredBound) {
  RowMatrix x = random_images(40, 3);
  x.row(0).setZero();
  x.row(1).setConstant(255.0);
  const RowMatrix y = map(x);
  for (Eigen::Index i = 0; i + 1 < y.rows(); i += 2) {
    EXPECT_LE((y.row(i) - y.row(i + 1)).squaredNorm(), info_.max_squared_distance * (1 + 1e-12)) << i;
  }
}

TEST(RepresentationConformanceCoverage, EveryPluginBuiltHereIsCheckedAndTheSuiteIsNotEmpty) {
  expect_every_plugin_checked(PluginKind::representation,
                              {{"RepresentationConformance", [](const std::string& n) { return fit(n).verdict; }}});
}

INSTANTIATE_TEST_SUITE_P(Plugins, RepresentationConformance,
                         ::testing::ValuesIn(plugin_names(PluginKind::representation)), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RepresentationConformance);

}  // namespace
}  // namespace reconbound::conformance
