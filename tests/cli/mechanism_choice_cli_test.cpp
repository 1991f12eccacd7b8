// --mechanism/--mechanism-param, --estimator/--estimator-param and --converse/--converse-param
// on the commands they apply to: leakage, epsilon and calibrate with a mechanism that is not
// DP-SGD (the noisy-double of tests/workflow/doubles, loaded through RECONBOUND_PLUGIN_PATH:
// k Gaussian releases with noise c·σ, γ = k/(2(cσ)² ln 2), ε = √k·√(2 ln(1.25/δ))/(cσ)),
// and the estimator and converse options against their older spellings.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "privacy_cli_support.hpp"

using reconbound::test::run_cli;
using reconbound::test::small_bound;

namespace {

const std::vector<std::string> kEnv = {"RECONBOUND_PLUGIN_PATH=" RECONBOUND_WORKFLOW_DOUBLE_DIR};

nlohmann::json run_json(const std::vector<std::string>& args) {
  const auto r = run_cli(args, kEnv);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json{};
}

double gaussian_epsilon(double k, double sd, double delta) {
  return std::sqrt(k) * std::sqrt(2.0 * std::log(1.25 / delta)) / sd;
}

TEST(MechanismChoiceCli, LeakageOfAMechanismWithoutSchedule) {
  const auto j = run_json({"leakage", "--mechanism", "noisy-double", "--mechanism-param", "k=10,sigma=4", "--json"});
  EXPECT_EQ(j["mechanism"], "noisy-double");
  EXPECT_DOUBLE_EQ(j["gamma_bits"].get<double>(), 10.0 / (2.0 * 16.0 * std::numbers::ln2));
  EXPECT_TRUE(j["segments"].empty());
}

TEST(MechanismChoiceCli, EpsilonAndCalibrateUseTheMechanismsAccountant) {
  const auto e = run_json({"epsilon", "--mechanism", "noisy-double", "--mechanism-param", "k=9,sigma=3", "--delta",
                           "1e-5", "--json"});
  EXPECT_DOUBLE_EQ(e["epsilon_upper"].get<double>(), gaussian_epsilon(9, 3, 1e-5));
  const auto c = run_json({"calibrate", "--target-epsilon", "1.5", "--mechanism", "noisy-double", "--mechanism-param",
                           "k=4,sigma=2", "--delta", "1e-6", "--sigma-tolerance", "1e-3", "--json"});
  const double threshold = gaussian_epsilon(4, 2, 1e-6) / 1.5;  // the factor c with ε(c) = 1.5
  EXPECT_GE(c["sigma"].get<double>(), threshold);
  EXPECT_LE(c["sigma"].get<double>(), threshold * (1.0 + 1e-3));
  EXPECT_LE(c["epsilon_upper"].get<double>(), 1.5);
  EXPECT_EQ(c["steps"], 0);
}

// The plugin options name the same estimator and converse settings as the older flags.
TEST(MechanismChoiceCli, EstimatorAndConverseOptions) {
  const auto older = run_json(small_bound({"bound", "--gamma", "1", "--mc-samples", "40", "--json"}));
  const auto named = run_json(small_bound({"bound", "--gamma", "1", "--estimator", "goldfeld", "--estimator-param",
                                           "n_mc=40", "--converse", "slb", "--json"}));
  EXPECT_EQ(named["grid"][0]["n_mc"], 40);
  EXPECT_EQ(named["rho_star"], older["rho_star"]);
  EXPECT_EQ(named["grid"], older["grid"]);
}

}  // namespace
