#pragma once
// The proven bounds of one query of the fast path (proofs in query_bound.cpp,
// docs/fast_estimator.md): the relative error δ of a direct kernel's sum S̃ = Σ_l e^{−ã_l}
// (the difference, chained and product kernels), the mass of the centres it skipped, and the
// error of the query's value ṽ = ‖Z‖²/2 − ln S̃. The kernels' summation orders enter as counts
// of additions (direct_additions, chained_additions), so the bounds hold for each of them.
#include <cstddef>

namespace reconbound::goldfeld {

// Upper bound U on the exact mass Σ e^{−a_l} of `count` skipped centres whose smallest
// computed exponent is `smallest` (difference kernel; derivation in query_bound.cpp).
double skipped_mass_bound(std::size_t k, double z_norm2, double count, double smallest);

// The product kernel's counterparts (derivation in query_bound.cpp): the skipped mass of
// `count` centres whose smallest computed exponent is `smallest`, and δ for a query whose
// exponents are within `exponent_error` (product_exponent_error) of the exact ones, at most
// `additions` roundings on the way of a term into the sum (direct_additions).
double product_skipped_mass_bound(double exponent_error, double count, double smallest);
double product_sum_relative_error(std::size_t n, double exponent_error, std::size_t additions, double skipped_mass);

// Proven bound δ on the relative error |S̃ − S|/S of one query's computed sum S̃ against the
// exact sum S over all n centres, for a level at chain depth `depth` (0 for a top and for
// the direct kernel), with ‖Z‖² = z_norm2 (computed), at most `additions` roundings on the
// way of a term into the sum (chained_additions, direct_additions) and skipped mass
// ≤ `skipped_mass` (derivation in query_bound.cpp). Throws NumericalError when δ > 1e-3.
double sum_relative_error(std::size_t n, std::size_t k, double z_norm2, std::size_t depth,
                          std::size_t additions, double skipped_mass);

// Proven bound (nats) on |ṽ − v| for one query with ‖Z‖² = z_norm2 (computed), the
// computed sum S̃ = `sum`, value ṽ = `value` and relative error δ = `sum_error` of S̃
// (sum_relative_error; derivation in query_bound.cpp).
double query_error_nats(std::size_t k, double z_norm2, double sum, double value, double sum_error);

}  // namespace reconbound::goldfeld
