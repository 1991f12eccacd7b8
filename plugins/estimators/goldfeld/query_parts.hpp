#pragma once
// Query parts of a block (EntropyRequest::query_parts): a call on some of the parts returns,
// per block and level, the sums of its tiles of rows; combine() puts every part's tiles back in
// tile order and forms the block's ĥ_MC and its error bound from them exactly as a call on all
// queries does (fast_block_result), so the bits do not depend on the split.
#include <cstddef>
#include <vector>

#include "cpu/fast_entropy.hpp"
#include "reconbound/estimator.hpp"

namespace reconbound::goldfeld {

// Fills `out` for query parts [first_part, end_part): the tiles' (Σ ṽ, Σ |ṽ|, Σ e) of level
// `level`, three numbers a tile in tile order; h_point_bits and numerical_error_bits NaN.
void set_partial(BlockEntropy& out, const std::vector<TileSums>& tiles, std::size_t level, std::size_t first_part,
                 std::size_t end_part);

// `blocks` with the parts of each block merged into one whole block result: every block given
// in parts must come in parts [0, P) = [0, parts), each once, for a sample of n rows (their tiles,
// tiles_of(n), in order); blocks given whole pass through. The result is sorted by block.
// InvalidInput names a missing, repeated or malformed part.
std::vector<BlockEntropy> merge_query_parts(std::vector<BlockEntropy> blocks, std::size_t parts, std::size_t n,
                                            std::size_t k, std::size_t n_mc, double s);

}  // namespace reconbound::goldfeld
