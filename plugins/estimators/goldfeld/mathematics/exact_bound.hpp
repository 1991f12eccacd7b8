#pragma once
// The proven error of the exact path's log-sum-exp (mixture_kernel.hpp), per query: a bound
// in closed form of the sizes, the computed minimum exponent, sum and value (proof in
// exact_bound.cpp, docs/fast_estimator.md "The exact path's bound").
#include <cstddef>

namespace reconbound::goldfeld {

// The bound of neg_log_kernel_sums for one query (nats): n centres of k coordinates, the
// computed a_min = d_min·half_inv_s2, sum S̃ and value ṽ, the perturbation ε (proof at its
// definition; docs/fast_estimator.md, "The exact path's bound"). NumericalError where the
// bound's first-order steps do not hold (an exponent error above 0.01).
double exact_query_error(std::size_t n, std::size_t k, double a_min, double sum, double value, double perturbation,
                         double half_inv_s2);

}  // namespace reconbound::goldfeld
