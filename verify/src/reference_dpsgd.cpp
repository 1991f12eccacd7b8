#include "reconbound/verify/reference_dpsgd.hpp"

#include "gauss_legendre.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/multiprecision/mpfr.hpp>
#include <cmath>

namespace reconbound::verify {

namespace {

using detail::Axis;
using detail::PrecisionScope;
using detail::Real;

constexpr unsigned kLowDigits = 40;   // ≈ 133 bits
constexpr unsigned kHighDigits = 60;  // ≈ 200 bits

// K(q, σ) = ∫ [(1−q)φ(z) + q·φ(z − 1/σ)] · ln(1 + q·(exp(z/σ − 1/(2σ²)) − 1)) dz, with X = σz
// (mathematics §2), by a p-point Gauss–Legendre rule on cells of width 1/4 of [−L, L + 1/σ],
// L = 16: the neglected tails are below φ(16)·(16 + 1/σ)/σ ≤ 3e-54 for σ ≥ 0.1. The
// integrand's singularities (zeros of the log's argument) lie ±πσ off the real axis; at
// σ = 0.1 the 10-point rule still agrees with the 15-point one to ≤ 1e-21 relative.
Real kl_at_precision(double q_in, double sigma_in, unsigned p, unsigned digits10) {
  const PrecisionScope scope(digits10);
  const Real q(q_in);
  const Real one(1);
  const Real inv_sigma = one / Real(sigma_in);
  const Real shift = inv_sigma * inv_sigma / 2;
  const Real inv_sqrt_2pi = one / boost::math::constants::root_two_pi<Real>();
  auto phi = [&](const Real& z) -> Real { return inv_sqrt_2pi * exp(-z * z / 2); };
  const Axis axis = detail::make_axis(Real(-16), Real(16) + inv_sigma, Real(0.25),
                                      detail::gauss_legendre(p, digits10));
  // 1 − q is formed on its own: written inline, the expression templates may evaluate
  // (1 + q·ℓ) − q, which at q = 1 loses ℓ < 10^−digits entirely (ℓ reaches e^−210 at σ = 0.1).
  const Real one_minus_q = one - q;
  Real total(0);
  for (std::size_t i = 0; i < axis.nodes.size(); ++i) {
    const Real& z = axis.nodes[i];
    const Real density = one_minus_q * phi(z) + q * phi(z - inv_sigma);
    total += axis.weights[i] * density * log(one_minus_q + q * exp(z * inv_sigma - shift));
  }
  return total;
}

// One precision and rule against another: the 10-point rule at 40 digits and the
// 15-point rule at 60 digits; their difference bounds the error of either.
ReferenceValue two_precisions(double q, double sigma) {
  const Real low = kl_at_precision(q, sigma, 10, kLowDigits);
  const PrecisionScope scope(kHighDigits);
  const Real high = kl_at_precision(q, sigma, 15, kHighDigits);
  return {high.convert_to<double>(), Real(abs(high - low)).convert_to<double>(),
          detail::bits_of(kHighDigits)};
}

}  // namespace

ReferenceValue reference_subsampled_gaussian_kl(double q, double sigma) {
  return two_precisions(q, sigma);
}

ReferenceValue reference_gamma_bits(const Schedule& schedule) {
  // The sum is formed in high precision; each K enters rounded to double.
  const PrecisionScope scope(kHighDigits);
  Real gamma(0);
  Real error(0);
  const Real ln2 = boost::math::constants::ln_two<Real>();
  for (const auto& run : schedule.runs) {
    for (const auto& s : run.segments) {
      const ReferenceValue k = reference_subsampled_gaussian_kl(s.q, s.sigma);
      gamma += Real(static_cast<double>(s.steps)) * Real(k.value) / ln2;
      error += Real(static_cast<double>(s.steps)) * Real(k.abs_error) / ln2;
    }
  }
  // Rounding each K to double adds ≤ 2^−53 relative per term.
  error += abs(gamma) * Real(std::ldexp(1.0, -53));
  return {gamma.convert_to<double>(), error.convert_to<double>(), detail::bits_of(kHighDigits)};
}

}  // namespace reconbound::verify
