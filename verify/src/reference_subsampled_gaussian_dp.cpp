#include "reconbound/verify/reference_subsampled_gaussian_dp.hpp"

#include <boost/math/special_functions/erf.hpp>
#include <boost/multiprecision/mpfr.hpp>

#include "gauss_legendre.hpp"

namespace reconbound::verify {

namespace {

using detail::PrecisionScope;
using detail::Real;

// Φ(z) and 1 − Φ(z) of the standard normal, each from erfc (no cancellation).
Real normal_cdf(const Real& z) { return boost::math::erfc(-z / sqrt(Real(2))) / 2; }
Real normal_sf(const Real& z) { return boost::math::erfc(z / sqrt(Real(2))) / 2; }

// With u(x) = (2x − 1)/(2σ²) and r(x) = 1 − q + q·e^{u(x)} (increasing in x):
//  remove (P = mixture, Q = N(0,σ²)), L = ln r > ε ⇔ x > x_r, q·e^{u} = e^ε − 1 + q:
//    δ = (1−q)·S(x_r/σ) + q·S((x_r−1)/σ) − e^ε·S(x_r/σ);
//  add (P = N(0,σ²), Q = mixture), L = −ln r > ε ⇔ x < x_a, q·e^{u} = e^{−ε} − 1 + q:
//    δ = Φ(x_a/σ) − e^ε·[(1−q)Φ(x_a/σ) + qΦ((x_a−1)/σ)], and 0 when e^{−ε} ≤ 1 − q.
Real delta_at_precision(double q_in, double sigma_in, double epsilon_in, unsigned digits10) {
  const PrecisionScope scope(digits10);
  const Real q(q_in);
  const Real sigma(sigma_in);
  const Real eps(epsilon_in);
  const Real one(1);
  const Real s2 = sigma * sigma;
  const Real e_eps = exp(eps);
  const Real x_r = s2 * log((e_eps - one + q) / q) + Real(0.5);
  const Real remove = (one - q) * normal_sf(x_r / sigma) + q * normal_sf((x_r - one) / sigma) -
                      e_eps * normal_sf(x_r / sigma);
  Real add(0);
  const Real v = exp(-eps) - one + q;
  if (v > 0) {
    const Real x_a = s2 * log(v / q) + Real(0.5);
    add = normal_cdf(x_a / sigma) -
          e_eps * ((one - q) * normal_cdf(x_a / sigma) + q * normal_cdf((x_a - one) / sigma));
  }
  return remove > add ? remove : add;
}

}  // namespace

ReferenceValue reference_subsampled_gaussian_delta(double q, double sigma, double epsilon) {
  constexpr unsigned kLow = 40;
  constexpr unsigned kHigh = 60;
  const Real low = delta_at_precision(q, sigma, epsilon, kLow);
  const PrecisionScope scope(kHigh);
  const Real high = delta_at_precision(q, sigma, epsilon, kHigh);
  return {high.convert_to<double>(), Real(abs(high - low)).convert_to<double>(),
          detail::bits_of(kHigh)};
}

}  // namespace reconbound::verify
