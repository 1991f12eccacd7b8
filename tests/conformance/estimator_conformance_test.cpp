// Conformance of every entropy estimator (SPEC §6): one result per grid pair in order,
// h̄_LB = ĥ_MC − margins with margins ≥ 0, reproducible for a seed, independent of the
// thread count, and shards that combine into the single-call result.
#include <cmath>
#include <random>

#include "conformance_support.hpp"
#include "reconbound/error.hpp"

namespace reconbound::conformance {
namespace {

RowMatrix gaussian_rows(Eigen::Index n, Eigen::Index m, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> z(0.0, 30.0);
  RowMatrix x(n, m);
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = z(rng);
  return x;
}

// The estimator created from its example; every estimator takes the suite's input, so only a
// file its example names and that is missing skips it.
Fitted<EntropyEstimator> fit(const std::string& name) {
  return make_from_example<EntropyEstimator>(PluginKind::estimator, name, [](const std::string& n, const Params& p) {
    return registry().make_estimator(n, p);
  });
}

class EstimatorConformance : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const auto fitted = fit(GetParam());
    if (!fitted.verdict.checked()) GTEST_SKIP() << skip_message(GetParam(), fitted.verdict);
    estimator_ = fitted.plugin;
  }
  EntropyRequest request(std::size_t threads, std::size_t shard = 0, std::size_t shards = 1) const {
    return EntropyRequest{.rotated = rotated_, .grid = grid_, .trace_sigma = 900.0 * 8,
                          .union_size = grid_.size(), .alpha = 0.05, .alpha_mc_fraction = 0.5,
                          .seed = 7, .threads = threads, .shard = shard, .shards = shards,
                          .progress = nullptr};
  }
  std::shared_ptr<EntropyEstimator> estimator_;
  RowMatrix rotated_ = gaussian_rows(60, 8, 11);
  std::vector<GridPair> grid_{{1, 0.4}, {2, 1.6}, {4, 0.2}, {8, 6.4}};
};

TEST_P(EstimatorConformance, OneResultPerPairWithNonNegativeMargins) {
  const auto result = estimator_->estimate(request(1));
  ASSERT_EQ(result.size(), grid_.size());
  for (std::size_t i = 0; i < grid_.size(); ++i) {
    const auto& e = result[i];
    EXPECT_EQ(e.pair, grid_[i]);
    EXPECT_TRUE(e.complete);
    EXPECT_TRUE(std::isfinite(e.h_mc));
    EXPECT_GE(e.t_mc, 0.0);
    EXPECT_GE(e.t_md, 0.0);
    EXPECT_GE(e.t_num, 0.0);
    EXPECT_NEAR(e.h_lb, e.h_mc - e.t_mc - e.t_md - e.t_num, 1e-9 * (1 + std::abs(e.h_mc)));
    EXPECT_NEAR(e.s, std::sqrt(grid_[i].nu2 * 900.0 * 8 / static_cast<double>(grid_[i].k)), 1e-12 * e.s);
  }
}

TEST_P(EstimatorConformance, ReproducibleAndIndependentOfThreads) {
  const auto one = estimator_->estimate(request(1));
  const auto three = estimator_->estimate(request(3));
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].h_mc, three[i].h_mc) << i;
    EXPECT_EQ(one[i].h_lb, three[i].h_lb) << i;
  }
}

TEST_P(EstimatorConformance, ShardsCombineIntoTheSingleCallResult) {
  const auto whole = estimator_->estimate(request(1));
  std::vector<std::vector<GridEntropy>> parts;
  for (std::size_t shard = 0; shard < 3; ++shard) parts.push_back(estimator_->estimate(request(1, shard, 3)));
  for (std::size_t i = 0; i < grid_.size(); ++i) {
    const GridEntropy combined = estimator_->combine({parts[0][i], parts[1][i], parts[2][i]}, request(1));
    EXPECT_NEAR(combined.h_mc, whole[i].h_mc, 1e-12 * (1 + std::abs(whole[i].h_mc))) << i;
    EXPECT_NEAR(combined.h_lb, whole[i].h_lb, 1e-12 * (1 + std::abs(whole[i].h_lb))) << i;
  }
}

TEST(EstimatorConformanceCoverage, EveryPluginBuiltHereIsCheckedAndTheSuiteIsNotEmpty) {
  expect_every_plugin_checked(PluginKind::estimator,
                              {{"EstimatorConformance", [](const std::string& n) { return fit(n).verdict; }}});
}

INSTANTIATE_TEST_SUITE_P(Plugins, EstimatorConformance,
                         ::testing::ValuesIn(plugin_names(PluginKind::estimator)), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(EstimatorConformance);

}  // namespace
}  // namespace reconbound::conformance
