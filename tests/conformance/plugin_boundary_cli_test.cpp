// The jobs check an estimator's and a converse's results where they enter the bound
// (reconbound/estimator.hpp, reconbound/converse.hpp): an h_lb above the estimator's point value,
// or a ρ* outside [0, 1], is one line naming the plugin and exit code 2, never a printed bound,
// with or without the grid selection. `reconbound conformance` fails the same doubles on the law.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace reconbound::test {
namespace {

const std::vector<std::string> kDoublesOnPath{"RECONBOUND_PLUGIN_PATH=" RECONBOUND_CONFORMANCE_DOUBLES};

// A small bound at γ = 0 with `plugin_flags`, once with the pilot's selection and once without.
std::vector<std::vector<std::string>> small_bounds(const std::vector<std::string>& plugin_flags) {
  std::vector<std::string> bound{"bound", "--data", fashion_mnist_t10k(), "--perp-range", "0:200", "--est-range",
                                 "200:400", "--grid-k", "4,8", "--grid-nu2", "0.4,1.6", "--gamma", "0", "--quiet"};
  bound.insert(bound.end(), plugin_flags.begin(), plugin_flags.end());
  std::vector<std::string> whole_grid = bound;
  whole_grid.insert(whole_grid.end(), {"--grid-select", "none"});
  std::vector<std::string> json = bound;
  json.push_back("--json");
  return {bound, whole_grid, json};
}

void expect_refused_naming(const std::vector<std::vector<std::string>>& runs, const std::string& expected) {
  for (const std::vector<std::string>& args : runs) {
    const CliResult r = run_cli(args, kDoublesOnPath);
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
  }
}

TEST(PluginBoundaryCli, TheJobsRefuseALowerBoundAboveThePointValueNamingTheEstimator) {
  expect_refused_naming(small_bounds({"--estimator", "lb_above_point"}),
                        "estimator lb_above_point returned h_lb = -99 and h_point = -100 bits for (k=4, nu2=0.4): "
                        "a lower bound must be finite and at most the point estimate");
}

TEST(PluginBoundaryCli, TheJobsRefuseARhoStarAboveOneNamingTheConverse) {
  expect_refused_naming(small_bounds({"--converse", "rho_above_one"}),
                        "converse rho_above_one returned rho* = 1.5 at gamma = 0 bits: rho* must lie in [0, 1]");
}

TEST(PluginBoundaryCli, ConformanceFailsTheLowerBoundAboveThePointValueOnItsLaw) {
  const CliResult r = run_cli({"conformance", std::string(RECONBOUND_CONFORMANCE_DOUBLES) + "/reconbound-lb_above_point.so"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  std::vector<std::string> failed;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("FAIL  ")) failed.push_back(line);
  }
  ASSERT_EQ(failed.size(), 1u) << r.out;
  EXPECT_TRUE(failed[0].starts_with("FAIL  lower_bound_at_most_point  ")) << failed[0];
  EXPECT_NE(failed[0].find("violated: (k = 1, nu2 = 0.4): h_LB = -99 > h_point = -100 bits"), std::string::npos)
      << failed[0];
  for (const char* law : {"predict_deterministic", "prediction_at_most_point", "confidence_events_share_alpha",
                          "shards_combine", "cost_from_sizes", "query_parts_combine_exactly"}) {
    EXPECT_NE(r.out.find(std::string("PASS  ") + law + "  "), std::string::npos) << law << "\n" << r.out;
  }
}

TEST(PluginBoundaryCli, ConformanceFailsAnEstimatorThatIgnoresTheQueryPartsItDoesNotSplit) {
  // The lb_above_point double, built to estimate a request for 2 query parts as if it were whole.
  const CliResult r =
      run_cli({"conformance", std::string(RECONBOUND_CONFORMANCE_DOUBLES) + "/reconbound-ignored_query_parts.so"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const std::size_t at = r.out.find("FAIL  query_parts_combine_exactly  ");
  ASSERT_NE(at, std::string::npos) << r.out;
  EXPECT_NE(r.out.find("a request for 2 parts was estimated instead of refused", at), std::string::npos) << r.out;
}

}  // namespace
}  // namespace reconbound::test
