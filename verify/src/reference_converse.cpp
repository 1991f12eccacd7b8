#include "reconbound/verify/reference_converse.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/multiprecision/mpfr.hpp>
#include <cmath>

#include "reconbound/error.hpp"

namespace reconbound::verify {

namespace {

using Real = boost::multiprecision::mpfr_float;

struct Values {
  Real abs_bound;
  Real rho;
  Real power;  // k/(2πe)·2^{2(h−γ)/k}
  Real bracket;  // power − k s²
};

// eq 13 and 14 with the caps of mathematics §5 (a lower bound may always be lowered; the true
// minimal error is at most tr Σ, so the true ρ is at most 1).
Values converse_at(std::size_t k, double s_in, double h_in, double gamma_in, double trace_in,
                   unsigned digits10) {
  const unsigned saved = Real::default_precision();
  Real::default_precision(digits10);
  const Real kd(static_cast<double>(k));
  const Real s(s_in);
  const Real trace(trace_in);
  const Real two_pi_e = 2 * boost::math::constants::pi<Real>() * boost::math::constants::e<Real>();
  Values out;
  out.power = kd / two_pi_e * pow(Real(2), 2 * (Real(h_in) - Real(gamma_in)) / kd);
  out.bracket = out.power - kd * s * s;                                   // eq 13, squared units
  const Real& bracket = out.bracket;
  out.abs_bound = bracket < 0 ? Real(0) : (bracket > trace ? trace : bracket);
  const Real rho2 = bracket / trace;                                     // eq 14 squared
  out.rho = rho2 < 0 ? Real(0) : (rho2 > 1 ? Real(1) : sqrt(rho2));
  Real::default_precision(saved);
  return out;
}

}  // namespace

ReferenceConverse reference_converse(std::size_t k, double s, double h_bits, double gamma_bits,
                                     double trace_sigma, unsigned digits10) {
  if (k < 1 || !(s > 0.0) || !(trace_sigma > 0.0) || !std::isfinite(h_bits) ||
      !std::isfinite(gamma_bits) || !std::isfinite(s) || !std::isfinite(trace_sigma)) {
    throw InvalidInput("reference_converse needs k ≥ 1, finite s > 0, tr Σ > 0, finite h and γ");
  }
  const Values low = converse_at(k, s, h_bits, gamma_bits, trace_sigma, digits10);
  const unsigned high_digits = digits10 + digits10 / 2;
  const Values high = converse_at(k, s, h_bits, gamma_bits, trace_sigma, high_digits);
  const unsigned saved = Real::default_precision();
  Real::default_precision(high_digits);
  const auto bits = static_cast<unsigned>(std::ceil(high_digits * 3.3219280948873623));
  ReferenceConverse out;
  out.abs_bound = {high.abs_bound.convert_to<double>(),
                   Real(abs(high.abs_bound - low.abs_bound)).convert_to<double>(), bits};
  out.rho = {high.rho.convert_to<double>(), Real(abs(high.rho - low.rho)).convert_to<double>(),
             bits};
  const double dither_power = static_cast<double>(k) * s * s;
  out.abs_scale = std::max(high.power.convert_to<double>(), dither_power);
  out.rho2_scale = out.abs_scale / trace_sigma;
  out.bracket = high.bracket.convert_to<double>();
  Real::default_precision(saved);
  return out;
}

}  // namespace reconbound::verify
