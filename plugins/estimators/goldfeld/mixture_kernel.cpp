#include "mixture_kernel.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

// On x86-64 with GCC the kernel is compiled twice, for the baseline and for x86-64-v3
// (AVX2), and the loader picks the best one the CPU supports. This file is compiled with
// -ffp-contract=off and -fno-trapping-math (see CMakeLists.txt): the first keeps both
// versions bit-identical, the second lets GCC vectorise the clamp in exp_nonpositive.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define RECONBOUND_GOLDFELD_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define RECONBOUND_GOLDFELD_CLONES
#endif

namespace reconbound::goldfeld {

namespace {

// Centres per tile of the distance loop: a batch's tile of distances stays in L1.
constexpr std::size_t kCentreTile = 256;
// Partial sums of the log-sum-exp, in a fixed pattern the compiler can vectorise.
constexpr std::size_t kLanes = 8;

// exp(x) for x ≤ 0 without branches, so that loops over it vectorise: x = j·ln2 + r with
// j = round(x/ln2) (the 1.5·2^52 trick) and |r| ≤ ln2/2 (Cody–Waite: ln2 split into a
// 32-bit head, so j·head is exact, and a tail); exp(r) by its Taylor polynomial of degree
// 13 (remainder ≤ 0.35^14/14! < 5e-18); 2^j assembled in the exponent bits.
inline double exp_nonpositive(double x) {
  x = x > -708.0 ? x : -708.0;  // keeps 2^j normal
  constexpr double kShift = 0x1.8p52;
  const double shifted = x * 1.4426950408889634 + kShift;  // log2(e)
  const double j = shifted - kShift;
  const double r = (x - j * 0x1.62e42fee00000p-1) - j * 0x1.a39ef35793c76p-33;
  double p = 1.0 / 6227020800.0;  // 1/13!
  p = p * r + 1.0 / 479001600.0;
  p = p * r + 1.0 / 39916800.0;
  p = p * r + 1.0 / 3628800.0;
  p = p * r + 1.0 / 362880.0;
  p = p * r + 1.0 / 40320.0;
  p = p * r + 1.0 / 5040.0;
  p = p * r + 1.0 / 720.0;
  p = p * r + 1.0 / 120.0;
  p = p * r + 1.0 / 24.0;
  p = p * r + 1.0 / 6.0;
  p = p * r + 0.5;
  p = p * r + 1.0;
  p = p * r + 1.0;
  // The low bits of `shifted` hold j; (j + 1023) << 52 is the double 2^j.
  const std::uint64_t bits = std::bit_cast<std::uint64_t>(shifted) - 0x4338000000000000ULL;
  return p * std::bit_cast<double>((bits + 1023ULL) << 52);
}

}  // namespace

RECONBOUND_GOLDFELD_CLONES
void neg_log_kernel_sums(const double* centres, std::size_t n, std::size_t k,
                         const double* queries, std::size_t count, double half_inv_s2,
                         double* scratch, double* out) {
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
    for (l = 0; l < n; ++l) d[l] = exp_nonpositive((d_min - d[l]) * half_inv_s2);
    double lanes[kLanes] = {};
    for (l = 0; l + kLanes <= n; l += kLanes) {
      for (std::size_t j = 0; j < kLanes; ++j) lanes[j] += d[l + j];
    }
    for (; l < n; ++l) lanes[0] += d[l];
    const double sum = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) +
                       ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
    out[q] = d_min * half_inv_s2 - std::log(sum);
  }
}

}  // namespace reconbound::goldfeld
