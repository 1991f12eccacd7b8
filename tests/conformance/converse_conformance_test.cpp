// Conformance of every converse (SPEC §5): ρ* ∈ [0, 1] is the maximum over the grid at the
// reported arg-max, never grows with γ, the point estimate is at least ρ*, and the largest
// admissible γ of a target inverts it.
#include <algorithm>
#include <cmath>

#include "reconbound/error.hpp"

#include "conformance_support.hpp"

namespace reconbound::conformance {
namespace {

std::vector<GridEntropy> entropies() {
  std::vector<GridEntropy> out;
  const double trace = 4000.0;
  for (std::size_t k : {1u, 4u, 16u}) {
    for (double nu2 : {0.2, 1.6}) {
      GridEntropy e;
      e.pair = {k, nu2};
      e.s = std::sqrt(nu2 * trace / static_cast<double>(k));
      e.n = 1000;
      e.h_mc = 0.5 * static_cast<double>(k) * std::log2(2 * M_PI * M_E * (trace / 16 + e.s * e.s));
      e.t_mc = 0.1;
      e.t_md = 0.3;
      e.h_lb = e.h_mc - e.t_mc - e.t_md;
      out.push_back(e);
    }
  }
  return out;
}

// The converse created from its example; every converse takes the suite's input, so only a
// file its example names and that is missing skips it.
Fitted<Converse> fit(const std::string& name) {
  return make_from_example<Converse>(PluginKind::converse, name, [](const std::string& n, const Params& p) {
    return registry().make_converse(n, p);
  });
}

class ConverseConformance : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const auto fitted = fit(GetParam());
    if (!fitted.verdict.checked()) GTEST_SKIP() << skip_message(GetParam(), fitted.verdict);
    converse_ = fitted.plugin;
  }
  std::shared_ptr<Converse> converse_;
  std::vector<GridEntropy> entropies_ = entropies();
};

TEST_P(ConverseConformance, RhoStarIsTheGridMaximumInTheUnitInterval) {
  const ConverseResult r = converse_->bound({1.0, &entropies_, 4000.0});
  EXPECT_GE(r.rho_star, 0.0);
  EXPECT_LE(r.rho_star, 1.0);
  EXPECT_GE(r.rho_point, r.rho_star);
  ASSERT_EQ(r.pairs.size(), entropies_.size());
  double best = 0.0;
  for (const auto& p : r.pairs) best = std::max(best, p.rho);
  EXPECT_EQ(r.rho_star, best);
  const auto at = std::find_if(r.pairs.begin(), r.pairs.end(), [&](const PairBound& p) { return p.pair == r.arg_max; });
  ASSERT_NE(at, r.pairs.end());
  EXPECT_EQ(at->rho, r.rho_star);
}

TEST_P(ConverseConformance, NeverGrowsWithGamma) {
  double previous = 2.0;
  for (double gamma : {0.0, 0.1, 1.0, 5.0, 20.0, 100.0}) {
    const double rho = converse_->bound({gamma, &entropies_, 4000.0}).rho_star;
    EXPECT_LE(rho, previous) << "gamma " << gamma;
    previous = rho;
  }
}

// The inverse agrees with the forward bound: at the largest admissible γ the target is met,
// and a little more leakage misses it (SPEC §8).
TEST_P(ConverseConformance, LargestGammaIsTheInverseOfTheBound) {
  for (double target : {0.05, 0.2, 0.5, 0.9}) {
    const LeakageBudget budget = converse_->largest_gamma({0.0, &entropies_, 4000.0}, target);
    const double more = budget.gamma_bits + 1e-6 * std::max(1.0, std::abs(budget.gamma_bits));
    if (budget.gamma_bits >= 0.0) {
      EXPECT_GE(converse_->bound({budget.gamma_bits, &entropies_, 4000.0}).rho_star, target) << target;
    }
    if (more >= 0.0) {
      EXPECT_LT(converse_->bound({more, &entropies_, 4000.0}).rho_star, target) << target;
    }
  }
}

TEST_P(ConverseConformance, BadInputsAreErrors) {
  EXPECT_THROW(converse_->bound({1.0, nullptr, 4000.0}), Error);
  EXPECT_THROW(converse_->bound({std::nan(""), &entropies_, 4000.0}), Error);
  EXPECT_THROW(converse_->bound({1.0, &entropies_, -1.0}), Error);
}

TEST(ConverseConformanceCoverage, EveryPluginBuiltHereIsCheckedAndTheSuiteIsNotEmpty) {
  expect_every_plugin_checked(PluginKind::converse,
                              {{"ConverseConformance", [](const std::string& n) { return fit(n).verdict; }}});
}

INSTANTIATE_TEST_SUITE_P(Plugins, ConverseConformance,
                         ::testing::ValuesIn(plugin_names(PluginKind::converse)), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ConverseConformance);

}  // namespace
}  // namespace reconbound::conformance
