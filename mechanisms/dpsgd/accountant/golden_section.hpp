#pragma once
// Golden-section search over a log-spaced variable, shared by the accountant's choices of
// the exponential tilt λ and of the grid step h.
#include <cmath>

namespace reconbound::detail {

// The minimiser of a unimodal f over x in [a, b] (a > 0), searched in log x with the given
// number of golden-section iterations (each shrinks the bracket by 0.618).
template <class F>
double argmin_log_spaced(F f, double a, double b, int iterations) {
  double lo = std::log(a);
  double hi = std::log(b);
  const double r = (std::sqrt(5.0) - 1.0) / 2.0;
  double x1 = hi - r * (hi - lo);
  double x2 = lo + r * (hi - lo);
  double f1 = f(std::exp(x1));
  double f2 = f(std::exp(x2));
  for (int it = 0; it < iterations; ++it) {
    if (f1 <= f2) {
      hi = x2, x2 = x1, f2 = f1;
      x1 = hi - r * (hi - lo);
      f1 = f(std::exp(x1));
    } else {
      lo = x1, x1 = x2, f1 = f2;
      x2 = lo + r * (hi - lo);
      f2 = f(std::exp(x2));
    }
  }
  return std::exp(0.5 * (lo + hi));
}

}  // namespace reconbound::detail
