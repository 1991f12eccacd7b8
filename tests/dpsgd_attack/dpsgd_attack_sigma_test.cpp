// sigma_for_gamma against the closed form at (q, T) = (1, 1), γ = 1/(2σ² ln 2), and round
// trips through the MPFR reference of SPEC §2 at (0.02, 100), the attack's subsampled setting.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "dpsgd_attack_test_support.hpp"
#include "reconbound/dpsgd_attack.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/verify/matchers.hpp"
#include "reconbound/verify/reference_dpsgd.hpp"

using namespace reconbound;
using reconbound::test::invalid_input_message;

namespace {

const Registry& registry() {
  static const Registry instance;
  return instance;
}

TEST(DpsgdAttackSigma, FullBatchSingleStepClosedForm) {
  for (const double gamma : {0.72, 2.89, 8.01, 1e-4, 3.0e-3}) {
    const double expected = 1.0 / std::sqrt(2.0 * gamma * std::numbers::ln2);  // γ = 1/(2σ² ln 2)
    EXPECT_RELATIVELY_CLOSE(sigma_for_gamma(registry(), 1.0, 1, gamma), expected, 1e-9) << "gamma = " << gamma;
  }
}

// γ(σ(γ)) = γ with γ from the MPFR reference, which shares no code with the plugin. The
// slope |d ln γ / d ln σ| is below 30 here, so σ to 1e-10 gives γ to 3e-9.
TEST(DpsgdAttackSigma, SubsampledRoundTripThroughTheReference) {
  for (const double gamma : {0.72, 2.89, 5.0}) {
    const double sigma = sigma_for_gamma(registry(), 0.02, 100, gamma);
    EXPECT_GE(sigma, 0.3);
    EXPECT_LE(sigma, 100.0);
    const auto reference = verify::reference_gamma_bits(Schedule::constant(0.02, sigma, 100));
    EXPECT_AGREES_WITH_REFERENCE(gamma, reference, 5e-9) << "sigma = " << sigma;
  }
}

TEST(DpsgdAttackSigma, LargerLeakageNeedsLessNoise) {
  double previous = std::numeric_limits<double>::infinity();
  for (const double gamma : {0.01, 0.1, 1.0, 5.0}) {
    const double sigma = sigma_for_gamma(registry(), 0.02, 100, gamma);
    EXPECT_LT(sigma, previous) << "gamma = " << gamma;
    previous = sigma;
  }
}

// At (1, 1), σ ∈ [0.3, 100] reaches γ ∈ [1/(2·100² ln 2), 1/(2·0.3² ln 2)] ≈ [7.2e-5, 8.015]:
// 72.13 bits would need σ = 0.1.
TEST(DpsgdAttackSigma, UnreachableLeakageNamesTheReachableRange) {
  const auto too_large = invalid_input_message([] { sigma_for_gamma(registry(), 1.0, 1, 72.13); });
  EXPECT_NE(too_large.find("gamma = 72.13 bits at (q, T) = (1, 1)"), std::string::npos) << too_large;
  EXPECT_NE(too_large.find("8.01"), std::string::npos) << too_large;
  const auto too_small = invalid_input_message([] { sigma_for_gamma(registry(), 1.0, 1, 1e-6); });
  EXPECT_NE(too_small.find("7.21"), std::string::npos) << too_small;
}

// At (0.02, 100), σ = 0.3 charges only γ = 5.50 bits (the MPFR reference, below): the paper's
// 8.01 and 72.13 bits need σ < 0.3, outside what the dpsgd plugin computes.
TEST(DpsgdAttackSigma, SubsampledLeakageAboveTheSmallestSigmaIsUnreachable) {
  const double largest = verify::reference_gamma_bits(Schedule::constant(0.02, 0.3, 100)).value;
  EXPECT_NEAR(largest, 5.501, 0.001);
  EXPECT_NEAR(sigma_for_gamma(registry(), 0.02, 100, largest * (1.0 - 1e-9)), 0.3, 1e-9);
  for (const double gamma : {8.01, 72.13}) {
    const auto message = invalid_input_message([&] { sigma_for_gamma(registry(), 0.02, 100, gamma); });
    EXPECT_NE(message.find("(q, T) = (0.02, 100)"), std::string::npos) << message;
    EXPECT_NE(message.find("5.501"), std::string::npos) << message;
  }
}

TEST(DpsgdAttackSigma, RejectsBadInput) {
  for (const double gamma : {0.0, -1.0, std::numeric_limits<double>::quiet_NaN(),
                             std::numeric_limits<double>::infinity()}) {
    const auto message = invalid_input_message([&] { sigma_for_gamma(registry(), 0.02, 100, gamma); });
    EXPECT_NE(message.find("finite and > 0 bits"), std::string::npos) << message;
  }
  EXPECT_NE(invalid_input_message([] { sigma_for_gamma(registry(), 0.0, 100, 1.0); }).find("q = 0"),
            std::string::npos);
  EXPECT_NE(invalid_input_message([] { sigma_for_gamma(registry(), 0.5, 0, 1.0); }).find("T >= 1"),
            std::string::npos);
}

}  // namespace
