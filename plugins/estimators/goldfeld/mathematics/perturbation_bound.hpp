#pragma once
// How far a query's value −ln Σ_l exp(−a_l), a_l = ‖t − y_l‖²·h, moves when the query and the
// centres are moved by at most ε in all (|Δ(t − y_l)| ≤ ε for every l): the roundings of the
// block's centring and of the query itself, which eq 31's exact arithmetic does not see.
//   Each a_l moves by ≤ 2·sqrt(a_l·h)·ε + h·ε², since ‖t − y_l‖ = sqrt(a_l/h). Every term with
//   a_l > a_r + 760 (a_r ≥ the smallest exponent) is below e^{−760} of the largest and, moved,
//   still below e^{−750}: n of them change the value by ≤ n·e^{−750}. The others move the value
//   by at most their largest move (−ln Σ e^{−a_l} is 1-Lipschitz in the sup norm of the a_l).
#include <cmath>

namespace reconbound::goldfeld::detail {

inline double perturbation_nats(double a_r, double h, double epsilon, double n) {
  return 2.0 * std::sqrt((a_r + 760.0) * h) * epsilon + h * epsilon * epsilon + n * 1e-320;
}

}  // namespace reconbound::goldfeld::detail
