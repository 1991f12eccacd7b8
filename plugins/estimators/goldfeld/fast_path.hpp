#pragma once
// The default path of the goldfeld estimator: all dither levels of one block size from one
// set of draws, threads across (block, tile) items, a proven numerical margin per block.
#include <cstddef>
#include <vector>

#include "reconbound/estimator.hpp"
#include "series_tables.hpp"

namespace reconbound::goldfeld {

// `results` holds one entry per request.grid pair with pair, s, n and the block indices of
// this shard filled in, `draws` its draws per sample point (the same for pairs of one block
// size); fills every block's h_point_bits (ĥ_MC(Π_b), eq 31) and numerical_error_bits.
// Bit-identical for every thread count.
void run_fast_path(const EntropyRequest& request, std::size_t threads, SeriesPolicy series,
                   const std::vector<std::size_t>& draws, std::vector<GridEntropy>& results);

}  // namespace reconbound::goldfeld
