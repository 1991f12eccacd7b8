#pragma once
// Validation of an EntropyRequest for the goldfeld estimator: every problem is an
// InvalidInput that names the offending value and what to do.
#include <cstddef>

#include "margins.hpp"
#include "reconbound/estimator.hpp"

namespace reconbound::goldfeld {

struct CheckedRequest {
  std::size_t n = 0;        // sample size (rows)
  std::size_t m = 0;        // representation dimension (columns)
  std::size_t threads = 1;  // resolved: request.threads, or the hardware's when 0
  MarginSettings margins;   // |G|, α₁, α₂
};

// Checks sizes, the grid (k | m, ν² > 0), tr Σ̂, α, the α split, the union size and the
// shard numbers; not the sample values.
CheckedRequest check_settings(const EntropyRequest& request);

// Throws InvalidInput naming the first row and column that hold a NaN or an infinity.
void check_sample_finite(const MatrixView& rotated);

}  // namespace reconbound::goldfeld
