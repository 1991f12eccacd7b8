#pragma once
// Dense small Hadamard factors (mathematics §4): Sylvester's H_{2^a} and Paley's type-I matrix.
#include <cstddef>

#include "reconbound/matrix.hpp"

namespace reconbound::detail {

// H_{2^a} = H_2^{⊗a}, H_2 = [[1, 1], [1, −1]]: entry (i, j) = (−1)^{popcount(i & j)}.
RowMatrix sylvester_matrix(std::size_t order);

// Paley I: for a prime power q ≡ 3 (mod 4), with χ the quadratic character of GF(q) and the
// Jacobsthal matrix Q_ab = χ(a − b) (antisymmetric because χ(−1) = −1),
// S = [[0, 1ᵀ], [−1, Q]] satisfies S = −Sᵀ and S·Sᵀ = q·I, so H = I + S has H·Hᵀ = (q+1)·I.
// `order` = q + 1; throws InvalidInput when q is not such a prime power.
RowMatrix paley_matrix(std::size_t order);

}  // namespace reconbound::detail
