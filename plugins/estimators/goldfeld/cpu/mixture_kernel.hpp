#pragma once
// The hot loop of the goldfeld estimator: −ln of the unnormalised Gaussian mixture density
// at a batch of query points, by an exact log-sum-exp over ALL centres (eq 31).
#include <cstddef>

namespace reconbound::goldfeld {

// Query points evaluated together: each centre coordinate is loaded once per batch.
inline constexpr std::size_t kQueryBatch = 8;

// For count ≤ kQueryBatch query points t_q (row-major, k coordinates each) and n centres
// y_l (coordinate-major: centres[c·n + l]), writes
//   out[q] = −ln Σ_l exp(−‖t_q − y_l‖²·half_inv_s2)                         (nats)
//          = d_min·half_inv_s2 − ln Σ_l exp(−(d_l − d_min)·half_inv_s2),
// with d_l = ‖t_q − y_l‖² and d_min = min_l d_l, and errors[q] a proven bound on |out[q] − v_q|
// (nats; exact_query_error), v_q the value in exact arithmetic at a query and centres each
// within perturbations[q] (in norm, together) of those read. `scratch` holds kQueryBatch·n
// doubles. The largest term is exp(0) = 1, so the sum lies in [1, n]; the exponential is
// exp_neg (proven relative error kExpRelativeError), and arguments beyond 708 are clamped. The
// result is bit-identical on every x86-64 level: the operations and their order are fixed (no
// contraction into FMA, partial sums in a fixed pattern), only the vector width varies.
void neg_log_kernel_sums(const double* centres, std::size_t n, std::size_t k, const double* queries,
                         std::size_t count, double half_inv_s2, const double* perturbations, double* scratch,
                         double* out, double* errors);

}  // namespace reconbound::goldfeld
