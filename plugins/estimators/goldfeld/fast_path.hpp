#pragma once
// The default path of the goldfeld estimator: all dither levels of one block size from one
// set of draws, threads across (block, tile) items, a proven numerical margin per block.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "cpu/series_tables.hpp"
#include "mathematics/level_plan.hpp"
#include "reconbound/estimator.hpp"

namespace reconbound::goldfeld {

class DeviceKernel;  // device_kernel.hpp

// `results` holds one entry per request.grid pair with pair, s, n and the block indices of
// this shard filled in, `draws` its draws per sample point (the same for pairs of one block
// size); fills every block's h_point_bits (ĥ_MC(Π_b), eq 31) and numerical_error_bits, or, for
// a request on some of the query parts, the blocks' partial sums (query_parts.hpp).
// Bit-identical for every thread count and split into query parts.
// With `device`, the single kernel's sums are computed there (device_kernel.hpp), block by block.
void run_fast_path(const EntropyRequest& request, std::size_t threads, SeriesPolicy series,
                   ProductPrecision precision, const DeviceKernel* device, const std::vector<std::size_t>& draws,
                   std::vector<GridEntropy>& results);

// The modelled cost (item_cost.hpp) of run_fast_path with the same arguments: the units its
// progress counts to, without computing anything.
std::uint64_t fast_path_cost(const EntropyRequest& request, SeriesPolicy series, ProductPrecision precision,
                             const std::vector<std::size_t>& draws, const std::vector<GridEntropy>& results);

}  // namespace reconbound::goldfeld
