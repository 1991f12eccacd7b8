#include "reconbound/verify/reference_subsampled_gaussian_dp.hpp"

#include <boost/math/constants/constants.hpp>
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

// With u(x) = (2x − 1)/(2σ²) and r(x) = 1 − q + q·e^{u(x)} (increasing in x), the single-step
// divergence at a threshold e of either sign (the two-step integrand needs e < 0 too):
//  remove (P = mixture, Q = N(0,σ²)), L = ln r > e ⇔ x > x_r, q·e^{u} = e^e − 1 + q:
//    δ = (1−q)·S(x_r/σ) + q·S((x_r−1)/σ) − e^e·S(x_r/σ), and 1 − e^e when e^e ≤ 1 − q (every x);
//  add (P = N(0,σ²), Q = mixture), L = −ln r > e ⇔ x < x_a, q·e^{u} = e^{−e} − 1 + q:
//    δ = Φ(x_a/σ) − e^e·[(1−q)Φ(x_a/σ) + qΦ((x_a−1)/σ)], and 0 when e^{−e} ≤ 1 − q.
Real remove_delta(const Real& q, const Real& sigma, const Real& e) {
  const Real one(1);
  const Real e_e = exp(e);
  const Real v = e_e - one + q;
  if (v <= 0) return one - e_e;
  const Real x_r = sigma * sigma * log(v / q) + Real(0.5);
  return (one - q) * normal_sf(x_r / sigma) + q * normal_sf((x_r - one) / sigma) - e_e * normal_sf(x_r / sigma);
}

Real add_delta(const Real& q, const Real& sigma, const Real& e) {
  const Real one(1);
  const Real v = exp(-e) - one + q;
  if (v <= 0) return Real(0);
  const Real x_a = sigma * sigma * log(v / q) + Real(0.5);
  return normal_cdf(x_a / sigma) -
         exp(e) * ((one - q) * normal_cdf(x_a / sigma) + q * normal_cdf((x_a - one) / sigma));
}

Real delta_at_precision(double q_in, double sigma_in, double epsilon_in, unsigned digits10) {
  const PrecisionScope scope(digits10);
  const Real remove = remove_delta(Real(q_in), Real(sigma_in), Real(epsilon_in));
  const Real add = add_delta(Real(q_in), Real(sigma_in), Real(epsilon_in));
  return remove > add ? remove : add;
}

// Two steps (mathematics §8.4): δ_2(ε) = E_{X∼P}[δ_1(ε − L(X))], L(x) = ±ln r(x), by composite
// Gauss–Legendre over x ∈ [−12σ, 1 + 12σ] (P's mass outside is < 2Φ(−12) < 4e-33, and δ_1 ≤ 1),
// cells of width σ/cells_per_sigma with the 12-point rule.
Real two_step_delta_at_precision(double q_in, double sigma_in, double epsilon_in, unsigned digits10,
                                 unsigned cells_per_sigma) {
  const PrecisionScope scope(digits10);
  const Real q(q_in);
  const Real sigma(sigma_in);
  const Real eps(epsilon_in);
  const Real one(1);
  const Real pi = boost::math::constants::pi<Real>();
  const detail::Axis axis = detail::make_axis(Real(-12) * sigma, one + Real(12) * sigma,
                                              sigma / cells_per_sigma, detail::gauss_legendre(12, digits10));
  Real remove(0);
  Real add(0);
  for (std::size_t i = 0; i < axis.nodes.size(); ++i) {
    const Real& x = axis.nodes[i];
    const Real density0 = exp(-x * x / (2 * sigma * sigma)) / (sigma * sqrt(2 * pi));
    const Real density1 = exp(-(x - one) * (x - one) / (2 * sigma * sigma)) / (sigma * sqrt(2 * pi));
    const Real loss = log(one - q + q * exp((2 * x - one) / (2 * sigma * sigma)));
    remove += axis.weights[i] * ((one - q) * density0 + q * density1) * remove_delta(q, sigma, eps - loss);
    add += axis.weights[i] * density0 * add_delta(q, sigma, eps + loss);
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

ReferenceValue reference_subsampled_gaussian_delta_two_steps(double q, double sigma, double epsilon) {
  constexpr unsigned kLow = 40;
  constexpr unsigned kHigh = 60;
  const Real low = two_step_delta_at_precision(q, sigma, epsilon, kLow, 8);
  const PrecisionScope scope(kHigh);
  const Real high = two_step_delta_at_precision(q, sigma, epsilon, kHigh, 16);
  constexpr double kTruncatedMass = 4e-33;
  return {high.convert_to<double>(), Real(abs(high - low)).convert_to<double>() + kTruncatedMass,
          detail::bits_of(kHigh)};
}

}  // namespace reconbound::verify
