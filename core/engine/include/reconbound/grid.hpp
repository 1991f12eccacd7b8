#pragma once
// The grid G of (k, ν²) pairs over which the converse maximises (mathematics §5). It is fixed
// before any entropy is estimated; the union bound of the entropy estimator covers it.
#include <cstddef>
#include <vector>

#include "reconbound/estimator.hpp"
#include "reconbound/export.hpp"

namespace reconbound {

// mathematics §5 default dither levels N = {0.2, 0.4, 0.8, 1.6, 3.2, 6.4}.
RECONBOUND_API std::vector<double> default_nu2_levels();

// mathematics §5 default block sizes: the divisors of m up to 32.
RECONBOUND_API std::vector<std::size_t> default_block_sizes(std::size_t m);

// The checks of K and N that need no m, run once where the lists enter the jobs
// (workflow::bound_config), so that a command refuses bad lists up front: throws InvalidInput
// when a ν² is not finite and > 0 or a value is listed twice.
RECONBOUND_API void check_grid_lists(const std::vector<std::size_t>& block_sizes,
                                     const std::vector<double>& nu2_levels);

// Cartesian product K × N, in the order k-major, of lists check_grid_lists has passed. Throws
// InvalidInput when either list is empty or a k does not divide m (k = 0 included).
RECONBOUND_API std::vector<GridPair> make_grid(std::size_t m,
                                               const std::vector<std::size_t>& block_sizes,
                                               const std::vector<double>& nu2_levels);

}  // namespace reconbound
