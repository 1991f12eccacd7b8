#pragma once
// Validation of an EntropyRequest for the goldfeld estimator: every problem is an
// InvalidInput that names the offending value and what to do.
#include <cstddef>

#include "mathematics/margins.hpp"
#include "reconbound/estimator.hpp"

namespace reconbound::goldfeld {

struct CheckedRequest {
  std::size_t n = 0;        // sample size (rows)
  std::size_t m = 0;        // representation dimension: the sample's columns
  std::size_t first_column = 0;  // the window of them the request holds
  std::size_t width = 0;
  std::size_t threads = 1;  // resolved: request.threads, or the hardware's when 0
  std::size_t query_parts = 1;  // P, and the parts [part_begin, part_end) of every block computed
  std::size_t part_begin = 0;
  std::size_t part_end = 1;
  MarginSettings margins;   // |G|, α₁, α₂
};

// Checks sizes, the grid (k | m, ν² > 0), tr Σ̂, α, the α split, the union size, the shard
// numbers, the column window and the query parts; not the sample values.
CheckedRequest check_settings(const EntropyRequest& request);

// Throws InvalidInput naming the first row and column that hold a NaN or an infinity.
void check_sample_finite(const MatrixView& rotated);

// The sample's column count m: request.columns, or the columns `rotated` holds.
inline std::size_t sample_columns(const EntropyRequest& request) {
  return request.columns > 0 ? request.columns : static_cast<std::size_t>(request.rotated.cols());
}

// Whether the request computes block b of block size k: b in its shard, columns in its window.
bool computes_block(const EntropyRequest& request, const CheckedRequest& checked, std::size_t k, std::size_t b);

// Whether a call computes every block of every pair (else its results are partial).
bool computes_all_blocks(const EntropyRequest& request, const CheckedRequest& checked);

// Whether a call computes all queries of its blocks (else their results are partial).
inline bool computes_all_queries(const CheckedRequest& checked) {
  return checked.part_begin == 0 && checked.part_end == checked.query_parts;
}

// The tiles of rows (fast_entropy.hpp: kTileRows rows each) of a sample of n rows, and the first
// tile of query part p of P: parts are the contiguous tile ranges [⌊T·p/P⌋, ⌊T·(p+1)/P⌋).
std::size_t tiles_of(std::size_t n);
inline std::size_t first_tile_of_part(std::size_t tiles, std::size_t parts, std::size_t p) {
  return tiles * p / parts;
}

}  // namespace reconbound::goldfeld
