#pragma once
// The discretised privacy loss of a few steps composed by direct convolution (mathematics §8.4):
// every composed probability is a sum of products of non-negative numbers, so its rounding error
// is relative to itself, and the far tail the FFT's absolute round-off hides stays resolved.
#include <cstdint>
#include <vector>

#include "composed_loss.hpp"

namespace reconbound::detail {

struct DirectComposition {
  std::int64_t first_cell = 0;
  std::vector<double> pmf;      // probability of the composed loss (first_cell + j)·Δ
  double relative_error = 0.0;  // |p̂ − p| ≤ relative_error·p + absolute_error, every cell
  double absolute_error = 0.0;  // from underflow
};

// Multiply-adds compose_directly would take: Σ over its convolutions of the two lengths' product.
double direct_composition_cost(const std::vector<StepGroup>& groups);

// Every step of every group composed: each group's pmf to the power steps by repeated squaring,
// then the groups convolved together.
DirectComposition compose_directly(const std::vector<StepGroup>& groups);

}  // namespace reconbound::detail
