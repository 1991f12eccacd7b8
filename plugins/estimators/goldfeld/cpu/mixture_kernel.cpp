#include "cpu/mixture_kernel.hpp"

#include <algorithm>
#include <cmath>

#include "cpu/exp_neg.hpp"
#include "mathematics/exact_bound.hpp"

// The kernel is compiled once per x86-64 level (kernel_clones.hpp). This file is compiled with
// -ffp-contract=off and -fno-trapping-math (see CMakeLists.txt): the first keeps the versions
// bit-identical, the second lets GCC vectorise the exponential's clamp.

namespace reconbound::goldfeld {

namespace {

// Centres per tile of the distance loop: a batch's tile of distances stays in L1.
constexpr std::size_t kCentreTile = 256;
// Partial sums of the log-sum-exp, in a fixed pattern the compiler can vectorise.
constexpr std::size_t kLanes = 8;

}  // namespace

RECONBOUND_GOLDFELD_CLONES
void neg_log_kernel_sums(const double* centres, std::size_t n, std::size_t k, const double* queries,
                         std::size_t count, double half_inv_s2, const double* perturbations, double* scratch,
                         double* out, double* errors) {
  // Squared distances d_{q,l} = Σ_c (t_{q,c} − y_{l,c})², coordinate by coordinate.
  for (std::size_t tile = 0; tile < n; tile += kCentreTile) {
    const std::size_t end = std::min(n, tile + kCentreTile);
    for (std::size_t q = 0; q < count; ++q) {
      std::fill(scratch + q * n + tile, scratch + q * n + end, 0.0);
    }
    for (std::size_t c = 0; c < k; ++c) {
      const double* __restrict centre = centres + c * n;
      for (std::size_t q = 0; q < count; ++q) {
        const double t = queries[q * k + c];
        double* __restrict d = scratch + q * n;
        for (std::size_t l = tile; l < end; ++l) {
          const double diff = t - centre[l];
          d[l] += diff * diff;
        }
      }
    }
  }
  // Log-sum-exp relative to the nearest centre.
  for (std::size_t q = 0; q < count; ++q) {
    double* __restrict d = scratch + q * n;
    double minima[kLanes];
    std::fill(minima, minima + kLanes, d[0]);
    std::size_t l = 0;
    for (; l + kLanes <= n; l += kLanes) {
      for (std::size_t j = 0; j < kLanes; ++j) minima[j] = d[l + j] < minima[j] ? d[l + j] : minima[j];
    }
    for (; l < n; ++l) minima[0] = d[l] < minima[0] ? d[l] : minima[0];
    const double d_min = *std::min_element(minima, minima + kLanes);
    for (l = 0; l < n; ++l) {
      const double a = (d[l] - d_min) * half_inv_s2;
      d[l] = detail::exp_neg(a < detail::kExponentClamp ? a : detail::kExponentClamp);  // clamped: ≤ e^{−700}
    }
    double lanes[kLanes] = {};
    for (l = 0; l + kLanes <= n; l += kLanes) {
      for (std::size_t j = 0; j < kLanes; ++j) lanes[j] += d[l + j];
    }
    for (; l < n; ++l) lanes[0] += d[l];
    const double sum = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) +
                       ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
    out[q] = d_min * half_inv_s2 - std::log(sum);
    errors[q] = exact_query_error(n, k, d_min * half_inv_s2, sum, out[q], perturbations[q], half_inv_s2);
  }
}

}  // namespace reconbound::goldfeld
