#pragma once
// Composite Gauss–Legendre quadrature in MPFR at a run-time precision, shared by the
// references. Computed here rather than taken from Boost, whose node tables for
// mpfr_float are cached at the precision of their first use.
#include <boost/multiprecision/mpfr.hpp>
#include <vector>

namespace reconbound::verify::detail {

using Real = boost::multiprecision::mpfr_float;

// Sets the default MPFR precision for its lifetime and restores the previous one.
class PrecisionScope {
 public:
  explicit PrecisionScope(unsigned digits10);
  ~PrecisionScope();
  PrecisionScope(const PrecisionScope&) = delete;
  PrecisionScope& operator=(const PrecisionScope&) = delete;

 private:
  unsigned saved_;
};

unsigned bits_of(unsigned digits10);

struct Rule {
  std::vector<Real> nodes;  // on [−1, 1]
  std::vector<Real> weights;
};

// The p-point Gauss–Legendre rule at the current default precision (Newton's method on
// P_p from the usual cosine guesses).
Rule gauss_legendre(unsigned p, unsigned digits10);

// Quadrature nodes and weights of one axis: [lo, hi] cut into equal cells no wider than
// `width`, each carrying the rule.
struct Axis {
  std::vector<Real> nodes;
  std::vector<Real> weights;
};

Axis make_axis(const Real& lo, const Real& hi, const Real& width, const Rule& rule);

}  // namespace reconbound::verify::detail
