#pragma once
// Small generated data sets and MPFR reference entropies for the per-block tests.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "reconbound/matrix.hpp"
#include "reconbound/verify/reference_value.hpp"

namespace reconbound::test {

// Agreement required between coordinate_entropies and the MPFR quadrature of the exact
// plug-in mixture (bits, absolute, on top of the reference's own error estimate).
inline constexpr double kGridEntropyTolerance = 1e-6;

// n × m values, column b drawn from N(offset_b, scale_b²) (seeded).
RowMatrix gaussian_columns(std::size_t n, const std::vector<double>& offsets, const std::vector<double>& scales,
                           std::uint64_t seed);

// cell[i] = i mod cells.
std::vector<std::size_t> round_robin_cells(std::size_t n, std::size_t cells);

// 2 × 2 binary symmetric channel keeping the index with probability keep.
RowMatrix symmetric_channel(double keep);

// The exact plug-in entropy (bits) of column b of y under output z of the release, by MPFR
// quadrature (verify::reference_mixture_entropy): the mixture Σ_i w_i·N(y_{i,b}, s²) with
// w_i = Pr(Q = c_i | Z = z)/n_{c_i} by Bayes; output = −1 gives the marginal (w_i = 1/n).
verify::ReferenceValue reference_output_entropy(const RowMatrix& y, const std::vector<std::size_t>& cell,
                                                const RowMatrix& channel, long output, std::size_t b, double s);

// Pr(Z = z) = Σ_c (n_c/n)·channel(c, z), from the counts.
std::vector<double> reference_output_probability(const std::vector<std::size_t>& cell, const RowMatrix& channel);

}  // namespace reconbound::test
