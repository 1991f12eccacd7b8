#include "reconbound/verify/reference_gaussian_dp.hpp"

#include <boost/math/special_functions/erf.hpp>
#include <boost/multiprecision/mpfr.hpp>
#include <cmath>

#include "gauss_legendre.hpp"
#include "reconbound/error.hpp"

namespace reconbound::verify {

namespace {

using detail::PrecisionScope;
using detail::Real;

constexpr unsigned kLowDigits = 40;   // ≈ 133 bits
constexpr unsigned kHighDigits = 60;  // ≈ 200 bits

// Φ(z) of the standard normal from erfc: no cancellation in either tail.
Real normal_cdf(const Real& z) { return boost::math::erfc(-z / sqrt(Real(2))) / 2; }

// δ(ε; μ) = Φ(−ε/μ + μ/2) − e^ε·Φ(−ε/μ − μ/2)   (Balle & Wang 2018, Thm 8)
Real delta_of(const Real& mu, const Real& eps) {
  return normal_cdf(-eps / mu + mu / 2) - exp(eps) * normal_cdf(-eps / mu - mu / 2);
}

Real delta_at_precision(double mu, double eps, unsigned digits10) {
  const PrecisionScope scope(digits10);
  return delta_of(Real(mu), Real(eps));
}

struct Bisected {
  Real epsilon;  // the midpoint of the final bracket
  Real width;    // the final bracket's width
};

// The root of δ(ε; μ) = δ by bisection on [0, ε_hi]. ε_hi = μ²/2 + μ·sqrt(2 ln(1/δ)) brackets it:
// there δ(ε) ≤ Φ(−ε/μ + μ/2) ≤ exp(−(ε/μ − μ/2)²/2) = δ (the Chernoff bound on the tail).
Bisected epsilon_at_precision(double mu_in, double delta_in, unsigned digits10) {
  const PrecisionScope scope(digits10);
  const Real mu(mu_in);
  const Real delta(delta_in);
  if (delta_of(mu, Real(0)) <= delta) return {Real(0), Real(0)};
  Real lo(0);
  Real hi = mu * mu / 2 + mu * sqrt(2 * log(1 / delta));
  // Down to 2^−64 of ε (below a double's resolution) or 2^−1000 absolute near ε = 0.
  const Real relative = pow(Real(2), -64);
  const Real floor = pow(Real(2), -1000);
  while (hi - lo > relative * hi && hi - lo > floor) {
    const Real mid = (lo + hi) / 2;
    if (delta_of(mu, mid) > delta) lo = mid;
    else hi = mid;
  }
  return {(lo + hi) / 2, hi - lo};
}

void check_mu(double mu) {
  if (!(mu > 0.0) || !std::isfinite(mu)) {
    throw InvalidInput("the Gaussian-mechanism reference needs a finite mu > 0");
  }
}

}  // namespace

ReferenceValue reference_gaussian_delta(double mu, double epsilon) {
  check_mu(mu);
  if (!(epsilon >= 0.0) || !std::isfinite(epsilon)) {
    throw InvalidInput("the Gaussian-mechanism reference needs a finite epsilon >= 0");
  }
  const Real low = delta_at_precision(mu, epsilon, kLowDigits);
  const Real high = delta_at_precision(mu, epsilon, kHighDigits);
  const PrecisionScope scope(kHighDigits);
  return {high.convert_to<double>(), Real(abs(high - low)).convert_to<double>(),
          detail::bits_of(kHighDigits)};
}

ReferenceValue reference_gaussian_epsilon(double mu, double delta) {
  check_mu(mu);
  if (!(delta > 0.0 && delta < 1.0)) {
    throw InvalidInput("the Gaussian-mechanism reference needs delta in (0, 1)");
  }
  const Bisected low = epsilon_at_precision(mu, delta, kLowDigits);
  const Bisected high = epsilon_at_precision(mu, delta, kHighDigits);
  const PrecisionScope scope(kHighDigits);
  const Real error = abs(high.epsilon - low.epsilon) + high.width;
  return {high.epsilon.convert_to<double>(), error.convert_to<double>(), detail::bits_of(kHighDigits)};
}

}  // namespace reconbound::verify
