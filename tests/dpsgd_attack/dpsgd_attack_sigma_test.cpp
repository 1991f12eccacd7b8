// sigma_for_gamma against the closed form at (q, T) = (1, 1), γ = 1/(2σ² ln 2), and round
// trips through the MPFR reference of mathematics §2 at (0.02, 100), the attack's subsampled setting.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "dpsgd_attack.hpp"
#include "dpsgd_attack_test_support.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/verify/matchers.hpp"
#include "reconbound/verify/reference_dpsgd.hpp"

using namespace reconbound;
using namespace reconbound::dpsgd;
using reconbound::test::invalid_input_message;

namespace {

// The dpsgd mechanism plugin, whose leakage the solver inverts.
const Mechanism& dpsgd_mechanism() {
  static const Registry registry;
  static const std::shared_ptr<Mechanism> mechanism = registry.make_mechanism("dpsgd");
  return *mechanism;
}

// γ = 0.72, 2.89, 8.01, 72.13 are the paper's leakages of the attack (mathematics §9); 72.13 bits
// needs σ = 1.00003·0.1, just above the smallest supported σ.
TEST(DpsgdAttackSigma, FullBatchSingleStepClosedForm) {
  for (const double gamma : {0.72, 2.89, 8.01, 72.13, 1e-4, 3.0e-3}) {
    const double expected = 1.0 / std::sqrt(2.0 * gamma * std::numbers::ln2);  // γ = 1/(2σ² ln 2)
    EXPECT_RELATIVELY_CLOSE(sigma_for_gamma(dpsgd_mechanism(), 1.0, 1, gamma), expected, 1e-9) << "gamma = " << gamma;
  }
}

// γ(σ(γ)) = γ with γ from the MPFR reference, which shares no code with the plugin, for the
// paper's leakages at (0.02, 100): 8.01 bits needs σ ≈ 0.272 and 72.13 bits σ ≈ 0.129. The
// slope |d ln γ / d ln σ| is below 30 here, so σ to 1e-10 gives γ to 3e-9.
TEST(DpsgdAttackSigma, SubsampledRoundTripThroughTheReference) {
  for (const double gamma : {0.72, 2.89, 5.0, 8.01, 72.13}) {
    const double sigma = sigma_for_gamma(dpsgd_mechanism(), 0.02, 100, gamma);
    EXPECT_GE(sigma, 0.1);
    EXPECT_LE(sigma, 100.0);
    const auto reference = verify::reference_gamma_bits(Schedule::constant(0.02, sigma, 100));
    EXPECT_AGREES_WITH_REFERENCE(gamma, reference, 5e-9) << "sigma = " << sigma;
  }
  EXPECT_NEAR(sigma_for_gamma(dpsgd_mechanism(), 0.02, 100, 8.01), 0.272, 0.001);
  EXPECT_NEAR(sigma_for_gamma(dpsgd_mechanism(), 0.02, 100, 72.13), 0.129, 0.001);
}

TEST(DpsgdAttackSigma, LargerLeakageNeedsLessNoise) {
  double previous = std::numeric_limits<double>::infinity();
  for (const double gamma : {0.01, 0.1, 1.0, 5.0, 8.01, 72.13}) {
    const double sigma = sigma_for_gamma(dpsgd_mechanism(), 0.02, 100, gamma);
    EXPECT_LT(sigma, previous) << "gamma = " << gamma;
    previous = sigma;
  }
}

// At (1, 1), σ ∈ [0.1, 100] reaches γ ∈ [1/(2·100² ln 2), 1/(2·0.1² ln 2)] ≈ [7.2e-5, 72.135]:
// 100 bits would need σ ≈ 0.085.
TEST(DpsgdAttackSigma, UnreachableLeakageNamesTheReachableRange) {
  const auto too_large = invalid_input_message([] { sigma_for_gamma(dpsgd_mechanism(), 1.0, 1, 100.0); });
  EXPECT_NE(too_large.find("gamma = 100 bits at (q, T) = (1, 1)"), std::string::npos) << too_large;
  EXPECT_NE(too_large.find("[0.1, 100]"), std::string::npos) << too_large;
  EXPECT_NE(too_large.find("72.13"), std::string::npos) << too_large;
  const auto too_small = invalid_input_message([] { sigma_for_gamma(dpsgd_mechanism(), 1.0, 1, 1e-6); });
  EXPECT_NE(too_small.find("7.21"), std::string::npos) << too_small;
  // The top itself, 1/(2·0.1² ln 2), is reached at σ = 0.1.
  EXPECT_NEAR(sigma_for_gamma(dpsgd_mechanism(), 1.0, 1, 72.1347520444 * (1.0 - 1e-9)), 0.1, 1e-9);
}

// At (0.02, 100), σ = 0.1 charges γ = 130.13 bits (the MPFR reference, below): leakages just
// under it solve to σ = 0.1, larger ones are unreachable and the message names the top.
TEST(DpsgdAttackSigma, SubsampledLeakageAboveTheSmallestSigmaIsUnreachable) {
  const double largest = verify::reference_gamma_bits(Schedule::constant(0.02, 0.1, 100)).value;
  EXPECT_NEAR(largest, 130.125, 0.001);
  EXPECT_NEAR(sigma_for_gamma(dpsgd_mechanism(), 0.02, 100, largest * (1.0 - 1e-9)), 0.1, 1e-9);
  for (const double gamma : {131.0, 200.0}) {
    const auto message = invalid_input_message([&] { sigma_for_gamma(dpsgd_mechanism(), 0.02, 100, gamma); });
    EXPECT_NE(message.find("(q, T) = (0.02, 100)"), std::string::npos) << message;
    EXPECT_NE(message.find("130.125"), std::string::npos) << message;
  }
}

TEST(DpsgdAttackSigma, RejectsBadInput) {
  for (const double gamma : {0.0, -1.0, std::numeric_limits<double>::quiet_NaN(),
                             std::numeric_limits<double>::infinity()}) {
    const auto message = invalid_input_message([&] { sigma_for_gamma(dpsgd_mechanism(), 0.02, 100, gamma); });
    EXPECT_NE(message.find("finite and > 0 bits"), std::string::npos) << message;
  }
  EXPECT_NE(invalid_input_message([] { sigma_for_gamma(dpsgd_mechanism(), 0.0, 100, 1.0); }).find("q = 0"),
            std::string::npos);
  EXPECT_NE(invalid_input_message([] { sigma_for_gamma(dpsgd_mechanism(), 0.5, 0, 1.0); }).find("T >= 1"),
            std::string::npos);
}

}  // namespace
