#include "gauss_legendre.hpp"

#include <boost/math/constants/constants.hpp>
#include <cmath>
#include <utility>

namespace reconbound::verify::detail {

constexpr double kDigitsToBits = 3.3219280948873623;  // log2(10)

// Sets the default MPFR precision for its lifetime and restores the previous one.
PrecisionScope::PrecisionScope(unsigned digits10) : saved_(Real::default_precision()) {
  Real::default_precision(digits10);
}

PrecisionScope::~PrecisionScope() { Real::default_precision(saved_); }

unsigned bits_of(unsigned digits10) {
  return static_cast<unsigned>(std::ceil(digits10 * kDigitsToBits));
}

namespace {

// (P_p(x), P_p'(x)) by the three-term recurrence of the Legendre polynomials.
std::pair<Real, Real> legendre(unsigned p, const Real& x) {
  Real previous(1);
  Real current(x);
  for (unsigned j = 2; j <= p; ++j) {
    Real next = (Real(2 * j - 1) * x * current - Real(j - 1) * previous) / Real(j);
    previous = std::move(current);
    current = std::move(next);
  }
  Real derivative = Real(p) * (x * current - previous) / (x * x - 1);
  return {current, derivative};
}

}  // namespace

Rule gauss_legendre(unsigned p, unsigned digits10) {
  const Real pi = boost::math::constants::pi<Real>();
  const Real tolerance = ldexp(Real(1), 8 - static_cast<int>(bits_of(digits10)));
  Rule rule;
  for (unsigned i = 0; i < p; ++i) {
    Real x = cos(pi * (Real(i) + Real(0.75)) / (Real(p) + Real(0.5)));
    for (int iteration = 0; iteration < 100; ++iteration) {
      const auto [value, derivative] = legendre(p, x);
      const Real step = value / derivative;
      x -= step;
      if (abs(step) < tolerance) break;
    }
    const Real derivative = legendre(p, x).second;
    rule.weights.push_back(Real(2) / ((1 - x * x) * derivative * derivative));
    rule.nodes.push_back(std::move(x));
  }
  return rule;
}

Axis make_axis(const Real& lo, const Real& hi, const Real& width, const Rule& rule) {
  const std::size_t cells = static_cast<std::size_t>(Real(ceil((hi - lo) / width)).convert_to<double>());
  const Real cell = (hi - lo) / Real(static_cast<double>(cells));
  Axis axis;
  for (std::size_t c = 0; c < cells; ++c) {
    const Real mid = lo + cell * (Real(static_cast<double>(c)) + Real(0.5));
    for (std::size_t j = 0; j < rule.nodes.size(); ++j) {
      axis.nodes.push_back(mid + cell / 2 * rule.nodes[j]);
      axis.weights.push_back(cell / 2 * rule.weights[j]);
    }
  }
  return axis;
}

}  // namespace reconbound::verify::detail
