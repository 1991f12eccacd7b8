#pragma once
// The normaliser tr Σ̂ and its one-sided upper confidence bound (SPEC §6.5, §G.2).
#include <cstddef>
#include <cstdint>

#include "reconbound/export.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound {

struct TraceSigma {
  double trace = 0;       // tr Σ̂, unbiased sample covariance of all rows (squared feature units)
  double ucb = 0;         // (1 − α) upper confidence bound on tr Σ
  std::size_t pairs = 0;  // ⌊n/2⌋ disjoint pairs behind the bound
  double alpha = 0;
};

// tr Σ̂ = Σ_i ‖ψ_i − ψ̄‖² / (n − 1) (two passes); needs n ≥ 2 rows of finite values.
RECONBOUND_API double covariance_trace(MatrixView features);

// tr Σ̂ and a one-sided (1 − α) UCB on tr Σ by the empirical Bernstein inequality (Maurer &
// Pontil 2009, Thm 4) applied to Y_j = ½‖ψ_a − ψ_b‖² over ⌊n/2⌋ random disjoint pairs (a
// seeded Fisher–Yates shuffle): E Y = tr Σ, Y ∈ [0, B/2], B = max_squared_distance bounds
// ‖Ψ(x) − Ψ(x')‖² (pixel: 255²·d). Needs n ≥ 4, α ∈ (0, 1), B > 0; a pair with ‖ψ_a − ψ_b‖² > B
// is an error (B is then not a bound and the UCB would be invalid).
RECONBOUND_API TraceSigma trace_sigma_with_ucb(MatrixView features, double max_squared_distance,
                                               double alpha, std::uint64_t seed);

}  // namespace reconbound
