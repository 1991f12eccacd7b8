#include "reconbound/verify/reference_dpsgd.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/multiprecision/mpfr.hpp>
#include <cmath>

namespace reconbound::verify {

namespace {

using Real = boost::multiprecision::mpfr_float;

struct HighPrecision {
  Real value;
  Real quadrature_error;
};

// K(q, σ) = ∫ [(1−q)φ(z) + q·φ(z − 1/σ)] · ln(1 + q·(exp(z/σ − 1/(2σ²)) − 1)) dz, with X = σz
// (SPEC §2). Integrated piecewise over unit intervals of [−L, L + 1/σ], L = 16: the
// neglected tails are below φ(16)·(1 + 16/σ) ≈ 1e-55.
HighPrecision kl_at_precision(double q_in, double sigma_in, unsigned digits10) {
  Real::default_precision(digits10);
  const Real q(q_in);
  const Real sigma(sigma_in);
  const Real one(1);
  const Real inv_sigma = one / sigma;
  const Real shift = inv_sigma * inv_sigma / 2;
  const Real inv_sqrt_2pi = one / boost::math::constants::root_two_pi<Real>();
  auto phi = [&](const Real& z) { return inv_sqrt_2pi * exp(-z * z / 2); };
  auto integrand = [&](const Real& z) -> Real {
    const Real density = (one - q) * phi(z) + q * phi(z - inv_sigma);
    const Real log_ratio = log(one - q + q * exp(z * inv_sigma - shift));
    return density * log_ratio;
  };
  const Real tolerance = pow(Real(10), -static_cast<int>(digits10) + 3);
  Real total(0);
  Real error_sum(0);
  const int lower = -16;
  const int upper = 16 + static_cast<int>(std::ceil(1.0 / sigma_in));
  for (int a = lower; a < upper; ++a) {
    Real error(0);
    total += boost::math::quadrature::gauss_kronrod<Real, 31>::integrate(
        integrand, Real(a), Real(a + 1), 10, tolerance, &error);
    error_sum += error;
  }
  return {total, error_sum};
}

}  // namespace

ReferenceValue reference_subsampled_gaussian_kl(double q, double sigma, unsigned digits10) {
  const unsigned saved = Real::default_precision();
  const HighPrecision low = kl_at_precision(q, sigma, digits10);
  const unsigned high_digits = digits10 + digits10 / 2;
  const HighPrecision high = kl_at_precision(q, sigma, high_digits);
  const Real disagreement = abs(high.value - Real(low.value, high_digits));
  Real::default_precision(saved);
  return {high.value.convert_to<double>(),
          (disagreement + abs(high.quadrature_error)).convert_to<double>(),
          static_cast<unsigned>(std::ceil(high_digits * 3.3219280948873623))};
}

ReferenceValue reference_gamma_bits(const Schedule& schedule, unsigned digits10) {
  // The sum is formed in high precision; each K enters rounded to double.
  const unsigned saved = Real::default_precision();
  Real::default_precision(digits10 + digits10 / 2);
  Real gamma(0);
  Real error(0);
  const Real ln2 = boost::math::constants::ln_two<Real>();
  unsigned bits = 0;
  for (const auto& run : schedule.runs) {
    for (const auto& s : run.segments) {
      const ReferenceValue k = reference_subsampled_gaussian_kl(s.q, s.sigma, digits10);
      Real::default_precision(digits10 + digits10 / 2);
      gamma += Real(static_cast<double>(s.steps)) * Real(k.value) / ln2;
      error += Real(static_cast<double>(s.steps)) * Real(k.abs_error) / ln2;
      bits = k.bits;
    }
  }
  // Rounding each K to double adds ≤ 2^−53 relative per term.
  error += abs(gamma) * Real(std::ldexp(1.0, -53));
  const ReferenceValue out{gamma.convert_to<double>(), error.convert_to<double>(), bits};
  Real::default_precision(saved);
  return out;
}

}  // namespace reconbound::verify
