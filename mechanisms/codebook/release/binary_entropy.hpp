#pragma once
// The binary entropy of the two-cell codebook's release (mathematics §2 end).
#include <cmath>
#include <numbers>

namespace reconbound::codebook {

// H_b(p) = −p·log2 p − (1−p)·log2(1−p) bits, with the limits H_b(0) = H_b(1) = 0; −(1−p)·log2(1−p)
// through log1p, accurate for small p.
inline double binary_entropy_bits(double p) {
  if (p <= 0.0 || p >= 1.0) return 0.0;
  return (-p * std::log(p) - (1.0 - p) * std::log1p(-p)) / std::numbers::ln2;
}

}  // namespace reconbound::codebook
