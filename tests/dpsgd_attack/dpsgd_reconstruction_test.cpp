// The dpsgd plugin's reconstruction attack through the registry (mathematics §9, paper §G.5): σ
// solved from the plugin's own leakage, the same errors and weights as dpsgd_attack at that σ,
// its settings, and a note for a γ no σ in the plugin's range reaches.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "dpsgd_attack.hpp"
#include "dpsgd_attack_test_support.hpp"
#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"

using namespace reconbound;
using namespace reconbound::dpsgd;
using reconbound::test::invalid_input_message;
using reconbound::test::random_records;

namespace {

const Registry& registry() {
  static const Registry instance;
  return instance;
}

AttackResult attack(const std::string& params, const RowMatrix& shadow, const RowMatrix& targets, double gamma) {
  AttackInput input;
  input.shadow = &shadow;
  input.est = &shadow;
  input.rotated_est = &shadow;
  input.targets = &targets;
  input.trace_sigma = 1.0;
  input.gamma_bits = gamma;
  input.seed = 11;
  input.keep_weights = true;
  return registry().make_mechanism("dpsgd", Params::parse(params))->attack()->reconstruct(input);
}

TEST(DpsgdReconstruction, SolvesSigmaFromTheLeakageAndAttacksAtIt) {
  const RowMatrix shadow = random_records(50, 6, 1), targets = random_records(4, 6, 2);
  const AttackResult result = attack("q=1,steps=1,clip=0.5", shadow, targets, 2.0);
  ASSERT_EQ(result.details.size(), 1u);
  const double sigma = result.details[0].second;
  EXPECT_EQ(result.details[0].first, "sigma");
  // (q, T) = (1, 1): γ = 1/(2σ² ln 2) (mathematics §2, K(1, σ) = 1/(2σ²)).
  EXPECT_NEAR(sigma, 1.0 / std::sqrt(2.0 * 2.0 * std::numbers::ln2), 1e-9);
  const DpsgdAttackResult direct =
      dpsgd_attack(shadow, targets,
                   {.q = 1.0, .steps = 1, .sigma = sigma, .clip = 0.5, .seed = 11, .threads = 1, .keep_weights = true});
  EXPECT_EQ(result.squared_errors, direct.squared_errors);
  EXPECT_EQ(result.weights, direct.weights);
  EXPECT_TRUE(result.notes.empty());
}

TEST(DpsgdReconstruction, SettingsDefaultsAndAnUnreachableGamma) {
  const auto mechanism = registry().make_mechanism("dpsgd", Params::parse("q=0.02,steps=100"));
  EXPECT_EQ(mechanism->attack()->settings(), (AttackDetails{{"q", 0.02}, {"steps", 100.0}, {"clip", 0.3}}));
  const RowMatrix shadow = random_records(20, 3, 1), targets = random_records(2, 3, 2);
  const AttackResult result = attack("", shadow, targets, 100.0);  // (1, 1) reaches 72.13 bits at most
  EXPECT_TRUE(result.squared_errors.empty());
  ASSERT_EQ(result.notes.size(), 1u);
  EXPECT_NE(result.notes[0].find("DP-SGD attack (q = 1, T = 1) at gamma = 100 bits skipped: gamma = 100 bits"),
            std::string::npos)
      << result.notes[0];
}

TEST(DpsgdReconstruction, BadSettingsAreRefusedByTheFactory) {
  EXPECT_NE(invalid_input_message([] { registry().make_mechanism("dpsgd", Params::parse("q=0")); }).find("q = 0"),
            std::string::npos);
  EXPECT_NE(invalid_input_message([] { registry().make_mechanism("dpsgd", Params::parse("steps=0")); })
                .find("steps = 0"),
            std::string::npos);
  EXPECT_NE(invalid_input_message([] { registry().make_mechanism("dpsgd", Params::parse("clip=-1")); })
                .find("clip = -1"),
            std::string::npos);
  EXPECT_NE(invalid_input_message([] { registry().make_mechanism("dpsgd", Params::parse("sigma=1")); })
                .find("sigma"),
            std::string::npos);
}

}  // namespace
