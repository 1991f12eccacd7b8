#include "shifted_kernel.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>

// Compiled for the baseline and for x86-64-v3 (AVX2); with -ffp-contract=off (see
// CMakeLists.txt) both versions perform the same roundings, so they give the same bits.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define RECONBOUND_GOLDFELD_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define RECONBOUND_GOLDFELD_CLONES
#endif

namespace reconbound::goldfeld {

namespace {

// Centres per tile: the k × tile differences stay in L1/L2 for the block sizes of the grid.
// A multiple of kLanes, so the groups of 8 below are the same for every tile.
constexpr std::size_t kCentreTile = 128;
constexpr std::size_t kLanes = 8;  // kCentreTile is a multiple: lane = l mod 8 globally

// e^{−a} for a ∈ [−700, 708], branch-free so that loops over it vectorise.
//
// Error bound (kExpRelativeError), u = 2^-53. Let x = −a ∈ [−708, 700].
//  1. j = round(x·log2 e) by the 1.5·2^52 shift, so |j| ≤ 1022 and r* := x − j·ln2 has
//     |r*| ≤ ln2/2 + 2u·|x|·ln2 < 0.35 (the product x·log2 e is rounded once).
//  2. r = (x − j·C1) − j·C2 with C1 = ln2 rounded to 32 bits (11+ trailing zero bits, so
//     j·C1 is exact), x − j·C1 exact by Sterbenz's lemma (x/(j·C1) ∈ [1/2, 2] when j ≠ 0),
//     and |C1 + C2 − ln2| < 2^-86: |r − r*| ≤ u·0.35 + 1022·2^-86·2 < 4.1e-17, a relative
//     change of e^{r} by at most 4.2e-17.
//  3. p(r) = Σ_{i≤11} r^i/i! (Taylor): |e^r − p(r)| ≤ 0.35^12/12!·e^{0.35}, i.e. relative
//     ≤ 0.35^12/12!·e^{0.7} < 7.6e-15 (e^r ≥ e^{−0.35}).
//  4. Horner in double with rounded coefficients: |p̃ − p| ≤ γ_23·Σ_i |r|^i/i! ≤ γ_23·e^{0.35},
//     relative ≤ γ_23·e^{0.7} < 5.2e-15 (γ_n = n·u/(1 − n·u)).
//  5. 2^j is a normal double (j ≥ −1021 for x ≥ −708, j ≤ 1010 for x ≤ 700) and the final
//     product p̃·2^j is exact (a power-of-two scaling of a normal result).
// Total relative error ≤ 4.2e-17 + 7.6e-15 + 5.2e-15 + products of these < 1.3e-14 ≤ 3e-14.
inline double exp_neg(double a) {
  const double x = -a;
  constexpr double kShift = 0x1.8p52;
  const double shifted = x * 1.4426950408889634 + kShift;  // log2(e)
  const double j = shifted - kShift;
  const double r = (x - j * 0x1.62e42fee00000p-1) - j * 0x1.a39ef35793c76p-33;
  double p = 1.0 / 39916800.0;  // 1/11!
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
void shifted_kernel_sums(const double* centres, std::size_t n, std::size_t k, std::size_t self,
                         const double* draws_z, std::size_t draws, const LevelScale* levels,
                         std::size_t level_count, double cut, ShiftedKernelWorkspace& work,
                         double* sums, double* skipped, double* smallest_skipped) {
  work.diff.resize(k * kCentreTile);
  work.norm2.resize(kCentreTile);
  work.cross.resize(kCentreTile);
  work.terms.resize(kCentreTile);
  work.lanes.assign(level_count * draws * kLanes, 0.0);
  std::fill(skipped, skipped + level_count * draws, 0.0);
  std::fill(smallest_skipped, smallest_skipped + level_count * draws, kExponentClamp);
  double* __restrict diff = work.diff.data();
  double* __restrict norm2 = work.norm2.data();
  double* __restrict cross = work.cross.data();
  double* __restrict terms = work.terms.data();
  for (std::size_t tile = 0; tile < n; tile += kCentreTile) {
    const std::size_t width = std::min(kCentreTile, n - tile);
    // y_i − y_l and D_l = ‖y_i − y_l‖², coordinate by coordinate.
    std::fill(norm2, norm2 + width, 0.0);
    for (std::size_t c = 0; c < k; ++c) {
      const double* __restrict centre = centres + c * n + tile;
      const double own = centres[c * n + self];
      double* __restrict row = diff + c * kCentreTile;
      for (std::size_t l = 0; l < width; ++l) {
        row[l] = own - centre[l];
        norm2[l] += row[l] * row[l];
      }
    }
    for (std::size_t j = 0; j < draws; ++j) {
      // G_{jl} = ⟨Z_j, y_i − y_l⟩.
      std::fill(cross, cross + width, 0.0);
      for (std::size_t c = 0; c < k; ++c) {
        const double z = draws_z[j * k + c];
        const double* __restrict row = diff + c * kCentreTile;
        for (std::size_t l = 0; l < width; ++l) cross[l] += z * row[l];
      }
      for (std::size_t v = 0; v < level_count; ++v) {
        const double h = levels[v].half_inv_s2;
        const double r = levels[v].inv_s;
        for (std::size_t l = 0; l < width; ++l) {
          const double a = norm2[l] * h + cross[l] * r;  // a_{jl}, nats
          terms[l] = a < kExponentClamp ? a : kExponentClamp;
        }
        // Groups of 8 centres: all exponents above the cut → skipped (counted, and their
        // smallest exponent kept for the bound); otherwise their exponentials are summed.
        double* __restrict lane = work.lanes.data() + (v * draws + j) * kLanes;
        const std::size_t q = v * draws + j;
        for (std::size_t g = 0; g < width; g += kLanes) {
          const std::size_t count = std::min(kLanes, width - g);
          double smallest = terms[g];
          for (std::size_t t = 1; t < count; ++t) smallest = terms[g + t] < smallest ? terms[g + t] : smallest;
          if (smallest > cut) {
            skipped[q] += static_cast<double>(count);
            smallest_skipped[q] = smallest < smallest_skipped[q] ? smallest : smallest_skipped[q];
            continue;
          }
          double e[kLanes];
          for (std::size_t t = 0; t < kLanes; ++t) e[t] = exp_neg(terms[g + (t < count ? t : 0)]);
          for (std::size_t t = 0; t < count; ++t) lane[t] += e[t];
        }
      }
    }
  }
  for (std::size_t q = 0; q < level_count * draws; ++q) {
    const double* lane = work.lanes.data() + q * kLanes;
    sums[q] = ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
  }
}

}  // namespace reconbound::goldfeld
