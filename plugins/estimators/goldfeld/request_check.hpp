#pragma once
// Validation of an EntropyRequest for the goldfeld estimator: every problem is an
// InvalidInput that names the offending value and what to do.
#include <cstddef>

#include "margins.hpp"
#include "reconbound/estimator.hpp"

namespace reconbound::goldfeld {

struct CheckedRequest {
  std::size_t n = 0;        // sample size (rows)
  std::size_t m = 0;        // representation dimension: the sample's columns
  std::size_t first_column = 0;  // the window of them the request holds
  std::size_t width = 0;
  std::size_t threads = 1;  // resolved: request.threads, or the hardware's when 0
  MarginSettings margins;   // |G|, α₁, α₂
};

// Checks sizes, the grid (k | m, ν² > 0), tr Σ̂, α, the α split, the union size, the shard
// numbers and the column window; not the sample values.
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

}  // namespace reconbound::goldfeld
