// The MPFR reference of mathematics §2 that the dpsgd tests compare against, checked on its own down
// to σ = 0.1: against the closed form K(1, σ) = 1/(2σ²), and through the agreement of its two
// precisions and node counts (10 points at 133 bits, 15 at 200) that it reports as abs_error.
#include <gtest/gtest.h>

#include <cmath>

#include "reconbound/verify/matchers.hpp"
#include "reconbound/verify/reference_dpsgd.hpp"

using namespace reconbound;

namespace {

// At q = 1 the integrand is ln ℓ = (2X − 1)/(2σ²): the mixture's weight on N(0, σ²) vanishes
// and the reference must not lose ℓ, which falls to e^−210 at σ = 0.1.
TEST(DpsgdMpfrReference, FullBatchIsTheGaussianKl) {
  for (const double sigma : {0.1, 0.12, 0.15, 0.3, 1.0, 100.0}) {
    const auto reference = verify::reference_subsampled_gaussian_kl(1.0, sigma);
    EXPECT_RELATIVELY_CLOSE(reference.value, 1.0 / (2.0 * sigma * sigma), 1e-15) << "sigma = " << sigma;
    EXPECT_LT(reference.abs_error, 1e-30 * reference.value) << "sigma = " << sigma;
  }
}

// Subsampled, at the smallest σ: the two rules agree to far below the 1e-12 the plugin is
// held to (the 10-point rule is worst at q = 1e-6, about 5e-22 relative).
TEST(DpsgdMpfrReference, TwoPrecisionsAgreeAtTheSmallestSigma) {
  for (const double q : {1e-6, 1e-3, 0.02, 0.5}) {
    const auto reference = verify::reference_subsampled_gaussian_kl(q, 0.1);
    EXPECT_GT(reference.value, 0.0) << "q = " << q;
    EXPECT_LT(reference.abs_error, 1e-20 * reference.value) << "q = " << q;
  }
}

// K ≤ q·K(1, σ) = q/(2σ²) (KL is convex in its first argument) and K ≤ ln(1 + q²(e^{1/σ²} − 1))
// (mathematics §2): bounds that hold at any σ, checked where the reference is new.
TEST(DpsgdMpfrReference, SmallSigmaRespectsTheConvexityAndChiSquareBounds) {
  for (const double sigma : {0.1, 0.2}) {
    for (const double q : {1e-6, 0.02, 0.5}) {
      const double k = verify::reference_subsampled_gaussian_kl(q, sigma).value;
      EXPECT_LE(k, q / (2.0 * sigma * sigma)) << "q = " << q << ", sigma = " << sigma;
      EXPECT_LE(k, std::log1p(q * q * std::expm1(1.0 / (sigma * sigma)))) << "q = " << q << ", sigma = " << sigma;
    }
  }
}

}  // namespace
