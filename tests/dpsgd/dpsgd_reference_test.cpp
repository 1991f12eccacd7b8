// dpsgd against the published reference values of mathematics §2 and against closed forms.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "dpsgd_test_support.hpp"
#include "reconbound/error.hpp"
#include "reconbound/verify/matchers.hpp"
#include "reconbound/verify/reference_dpsgd.hpp"
#include "reconbound/verify/tolerances.hpp"

using namespace reconbound;
using reconbound::test::gamma_bits;

namespace {

// mathematics §2: "Reference values (checked independently, bits)", given to 3–4 digits.
TEST(DpsgdReference, PaperSchedules) {
  EXPECT_NEAR(gamma_bits(0.0204, 5.574, 4900), 0.0481, 0.00005);
  EXPECT_NEAR(gamma_bits(0.0204, 1.110, 4900), 1.782, 0.0005);
  EXPECT_NEAR(gamma_bits(0.1, 1.948, 1000), 2.111, 0.0005);
}

// mathematics §2: K(1,1)/ln 2 = 0.721347520444… = 1/(2 ln 2).
TEST(DpsgdReference, SingleFullBatchStep) {
  EXPECT_RELATIVELY_CLOSE(gamma_bits(1.0, 1.0), 0.721347520444482, 1e-13);
}

// K(1, σ) = 1/(2σ²): without subsampling the KL of two Gaussians at distance 1.
TEST(DpsgdReference, FullBatchIsGaussianKl) {
  for (double sigma : {0.1, 0.129, 0.2, 0.272, 0.3, 0.5, 1.0, 3.7, 20.0, 100.0}) {
    EXPECT_RELATIVELY_CLOSE(gamma_bits(1.0, sigma), 1.0 / (2.0 * sigma * sigma) / std::numbers::ln2,
                            1e-12)
        << "sigma = " << sigma;
  }
}

// Small σ, where the integrand is a soft-plus of width σ, at the rates of the DP-SGD attack
// (mathematics §9) and the ends of the q range: within 1e-12 of the MPFR reference (which integrates
// the other form of K, E_P[ln r], in 133 and 200 bits), and within the error the plugin reports.
TEST(DpsgdReference, SmallSigmaAgreesWithTheMpfrReference) {
  for (double sigma : {0.1, 0.129, 0.272}) {
    for (double q : {1e-6, 1e-3, 0.02, 0.5, 1.0}) {
      const auto reference = verify::reference_subsampled_gaussian_kl(q, sigma);
      const Leakage plugin = reconbound::test::leakage(Schedule::constant(q, sigma, 1));
      const double nats = plugin.gamma_bits * std::numbers::ln2;
      EXPECT_AGREES_WITH_REFERENCE(nats, reference, verify::tolerance::kDpsgdLeakage)
          << "q = " << q << ", sigma = " << sigma;
      EXPECT_LE(std::abs(nats - reference.value),
                plugin.abs_error_bits * std::numbers::ln2 + reference.abs_error)
          << "q = " << q << ", sigma = " << sigma;
    }
  }
}

// As q → 0, K = Σ_{n≥2} (−1)^n q^n E_Q[(ℓ−1)^n]/(n(n−1)) with E_Q[ℓ^j] = e^{j(j−1)/(2σ²)}:
// K ≈ q²(e^{1/σ²} − 1)/2 (mathematics §2) − q³(e^{3/σ²} − 3e^{1/σ²} + 2)/6, relative error
// O(q² e^{5/σ²}).
TEST(DpsgdReference, SmallQAsymptotics) {
  for (double sigma : {1.0, 2.0, 4.0}) {
    const double q = 1e-6;
    const double a = 1.0 / (sigma * sigma);
    const double second = q * q * std::expm1(a) / 2.0;
    const double third = -q * q * q * (std::exp(3 * a) - 3 * std::exp(a) + 2) / 6.0;
    EXPECT_RELATIVELY_CLOSE(gamma_bits(q, sigma), (second + third) / std::numbers::ln2, 1e-9)
        << "sigma = " << sigma;
  }
}

// T up to 1e7 steps: γ is exactly T times the one-step value.
TEST(DpsgdReference, LongSchedules) {
  const double one = gamma_bits(0.001, 0.8);
  EXPECT_RELATIVELY_CLOSE(gamma_bits(0.001, 0.8, 10'000'000), 1e7 * one, 1e-14);
}

std::string error_of(double q, double sigma, std::uint64_t steps) {
  try {
    gamma_bits(q, sigma, steps);
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(DpsgdValidation, RejectsInputsOutsideTheSupportedRange) {
  EXPECT_NE(error_of(0.0, 1.0, 1).find("outside (0, 1]"), std::string::npos);
  EXPECT_NE(error_of(1.5, 1.0, 1).find("outside (0, 1]"), std::string::npos);
  EXPECT_NE(error_of(-0.1, 1.0, 1).find("outside (0, 1]"), std::string::npos);
  EXPECT_NE(error_of(1e-7, 1.0, 1).find("below 1e-06"), std::string::npos);
  EXPECT_NE(error_of(0.1, 0.0, 1).find("must be > 0"), std::string::npos);
  EXPECT_NE(error_of(0.1, -2.0, 1).find("must be > 0"), std::string::npos);
  EXPECT_NE(error_of(0.1, 0.0999, 1).find("outside [0.1, 100]"), std::string::npos);
  EXPECT_NE(error_of(1.0, 0.05, 1).find("outside [0.1, 100]"), std::string::npos);
  EXPECT_NE(error_of(0.1, 101.0, 1).find("outside [0.1, 100]"), std::string::npos);
  EXPECT_GT(gamma_bits(0.1, 0.1), 0.0);    // the ends are supported
  EXPECT_GT(gamma_bits(0.1, 0.25), 0.0);   // refused before σ ≥ 0.3
  // The SDK's segment rule (segment_problem) names NaN as its value.
  EXPECT_EQ(error_of(std::nan(""), 1.0, 1), "q = nan is outside (0, 1]");
  EXPECT_EQ(error_of(0.1, std::nan(""), 1), "sigma = nan must be > 0");
  EXPECT_EQ(error_of(0.1, std::numeric_limits<double>::infinity(), 1), "sigma = inf must be finite");
  EXPECT_NE(error_of(0.1, 1.0, 0).find("steps"), std::string::npos);
  EXPECT_THROW(reconbound::test::gamma_bits(Schedule{}), InvalidInput);
}

}  // namespace
