// The sub-bit codebook release: the two-cell index through a binary symmetric channel
// (mathematics §2 end, paper §G.6).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "binary_entropy.hpp"
#include "codebook.hpp"
#include "reconbound/error.hpp"

namespace reconbound::codebook {

namespace {

void check_frequency(double f0) {
  if (!(f0 > 0.0 && f0 < 1.0)) {
    throw InvalidInput(fmt::format("the cell frequency f0 must lie in (0, 1); got {}", f0));
  }
}

void check_keep(double keep) {
  if (!(keep >= 0.5 && keep <= 1.0)) {
    throw InvalidInput(fmt::format("the channel's keep probability must lie in [1/2, 1]; got {}", keep));
  }
}

}  // namespace

double bsc_leakage_bits(double f0, double keep) {
  if (!(f0 >= 0.0 && f0 <= 1.0)) {
    throw InvalidInput(fmt::format("the cell frequency f0 must lie in [0, 1]; got {}", f0));
  }
  check_keep(keep);
  const double released_zero = f0 * keep + (1.0 - f0) * (1.0 - keep);  // Pr(Z = 0)
  // γ = I(Q; Z) = H(Z) − H(Z | Q) = H_b(f0·p + f1·(1−p)) − H_b(p)   (mathematics §2 end)
  return std::max(0.0, binary_entropy_bits(released_zero) - binary_entropy_bits(keep));
}

double bsc_keep_probability(double f0, double gamma_bits) {
  check_frequency(f0);
  const double ceiling = binary_entropy_bits(f0);  // γ at p = 1: H(Q) = H_b(f0)
  if (!(gamma_bits > 0.0 && gamma_bits <= ceiling)) {
    throw InvalidInput(fmt::format(
        "gamma = {} bits is outside (0, {:.6g}] = (0, H_b(f0)] for the two-cell codebook with f0 = {:.6g}",
        gamma_bits, ceiling, f0));
  }
  // γ(p) increases from 0 at p = 1/2 to H_b(f0) at p = 1: bisect until the interval stops shrinking.
  double low = 0.5;
  double high = 1.0;
  for (double mid = 0.75; mid > low && mid < high; mid = 0.5 * (low + high)) {
    if (bsc_leakage_bits(f0, mid) < gamma_bits) low = mid;
    else high = mid;
  }
  return high;
}

RowMatrix release_channel(std::size_t cells, double keep) {
  check_keep(keep);
  if (cells == 0) throw InvalidInput("the release channel needs at least one cell");
  const auto size = static_cast<Eigen::Index>(cells);
  if (keep == 1.0) return RowMatrix::Identity(size, size);  // deterministic: Z = Q
  if (cells != 2) {
    throw InvalidInput(fmt::format(
        "keeping the index with probability {} < 1 needs the two-cell codebook (R = 1); got {} cells", keep,
        cells));
  }
  RowMatrix channel(2, 2);  // Pr(Z = z | Q = c): kept with p, flipped with 1 − p
  channel << keep, 1.0 - keep, 1.0 - keep, keep;
  return channel;
}

}  // namespace reconbound::codebook
