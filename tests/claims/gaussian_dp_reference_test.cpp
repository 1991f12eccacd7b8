// The MPFR reference of the Gaussian mechanism's privacy profile (reference_gaussian_dp.hpp),
// δ(ε; μ) = Φ(−ε/μ + μ/2) − e^ε·Φ(−ε/μ − μ/2) (Balle & Wang 2018, Thm 8), checked against
// values derived by hand from the normal distribution, against the independent single-step
// reference of the subsampled Gaussian at q = 1, and for ε(δ) as its inverse.
#include <gtest/gtest.h>

#include <cmath>

#include "reconbound/error.hpp"
#include "reconbound/verify/matchers.hpp"
#include "reconbound/verify/reference_gaussian_dp.hpp"
#include "reconbound/verify/reference_subsampled_gaussian_dp.hpp"

using namespace reconbound;

namespace {

// At ε = 0, δ = Φ(μ/2) − Φ(−μ/2) = 2Φ(μ/2) − 1 = erf(μ/(2√2)): at μ = 2 the one-sigma mass
// 0.682689492137085897…, at μ = 1 erf(1/(2√2)) = 0.382924922548026207….
TEST(GaussianDpReference, DeltaAtEpsilonZeroIsTheCentralMass) {
  EXPECT_RELATIVELY_CLOSE(verify::reference_gaussian_delta(2.0, 0.0).value, 0.68268949213708589717, 1e-15);
  EXPECT_RELATIVELY_CLOSE(verify::reference_gaussian_delta(1.0, 0.0).value, 0.38292492254802620728, 1e-15);
  for (const double mu : {0.1, 0.5, 3.0, 10.0}) {
    EXPECT_RELATIVELY_CLOSE(verify::reference_gaussian_delta(mu, 0.0).value, std::erf(mu / (2.0 * std::sqrt(2.0))),
                            1e-14)
        << "mu = " << mu;
  }
}

// δ(1; 1) = Φ(−1/2) − e·Φ(−3/2) = 0.308537538725986… − 2.718281828…·0.066807201268858…
// = 0.126936737506643946 (Φ from its tables, to 20 digits).
TEST(GaussianDpReference, DeltaAtEpsilonOneMuOne) {
  const auto reference = verify::reference_gaussian_delta(1.0, 1.0);
  EXPECT_RELATIVELY_CLOSE(reference.value, 0.12693673750664394580, 1e-15);
  EXPECT_LT(reference.abs_error, 1e-30);
}

// One step of the Gaussian mechanism with noise σ is μ = 1/σ; the subsampled reference at
// q = 1 computes the same profile another way (through the crossing point of the privacy loss,
// both neighbouring directions). σ is a power of 2, so that μ = 1/σ is exact: deep in the tails
// (δ ≈ 1e-90 at σ = 4, ε = 4) δ moves by hundreds of times the relative change of μ.
TEST(GaussianDpReference, AgreesWithTheSubsampledReferenceAtFullBatch) {
  for (const double sigma : {0.5, 1.0, 2.0, 4.0}) {
    for (const double eps : {0.0, 0.3, 1.0, 4.0}) {
      const auto gaussian = verify::reference_gaussian_delta(1.0 / sigma, eps);
      const auto subsampled = verify::reference_subsampled_gaussian_delta(1.0, sigma, eps);
      EXPECT_AGREES_WITH_REFERENCE(gaussian.value, subsampled, 1e-14) << "sigma " << sigma << " eps " << eps;
    }
  }
}

// ε(δ; μ), the root of δ(ε; μ) = δ, to 20 digits by bisection in 50-digit arithmetic, written
// down here; and the inverse relation δ(ε(δ)) = δ.
TEST(GaussianDpReference, EpsilonOfDelta) {
  struct Case {
    double mu, delta, epsilon;
  };
  for (const Case c : {Case{1.0, 1e-5, 4.3771780956812246086}, Case{2.0, 1e-5, 9.9972561464343003591},
                       Case{0.5, 1e-10, 3.0994303302431960477}, Case{10.0, 1e-15, 128.67807326805686211}}) {
    const auto epsilon = verify::reference_gaussian_epsilon(c.mu, c.delta);
    EXPECT_RELATIVELY_CLOSE(epsilon.value, c.epsilon, 1e-15) << "mu " << c.mu << " delta " << c.delta;
    EXPECT_LT(epsilon.abs_error, 1e-17 * c.epsilon);
    EXPECT_RELATIVELY_CLOSE(verify::reference_gaussian_delta(c.mu, epsilon.value).value, c.delta, 1e-13);
  }
}

// δ ≥ 2Φ(μ/2) − 1 is met at ε = 0; ε grows with μ.
TEST(GaussianDpReference, EpsilonIsZeroAboveTheCentralMassAndGrowsWithMu) {
  EXPECT_EQ(verify::reference_gaussian_epsilon(1.0, 0.5).value, 0.0);
  double previous = 0.0;
  for (const double mu : {0.2, 0.5, 1.0, 2.0, 4.0}) {
    const double epsilon = verify::reference_gaussian_epsilon(mu, 1e-6).value;
    EXPECT_GT(epsilon, previous) << "mu " << mu;
    previous = epsilon;
  }
}

TEST(GaussianDpReference, RefusesInputsOutsideItsDomain) {
  EXPECT_THROW(verify::reference_gaussian_delta(0.0, 1.0), InvalidInput);
  EXPECT_THROW(verify::reference_gaussian_delta(1.0, -0.1), InvalidInput);
  EXPECT_THROW(verify::reference_gaussian_delta(INFINITY, 1.0), InvalidInput);
  EXPECT_THROW(verify::reference_gaussian_epsilon(1.0, 0.0), InvalidInput);
  EXPECT_THROW(verify::reference_gaussian_epsilon(1.0, 1.0), InvalidInput);
  EXPECT_THROW(verify::reference_gaussian_epsilon(-1.0, 1e-5), InvalidInput);
}

}  // namespace
