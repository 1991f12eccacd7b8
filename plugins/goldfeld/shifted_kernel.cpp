#include "shifted_kernel.hpp"

#include <algorithm>

#include "exp_neg.hpp"
#include "kernel_clones.hpp"
#include "tile_differences.hpp"


namespace reconbound::goldfeld {

namespace {

using detail::exp_neg;
using detail::kExponentClamp;
using detail::tile_differences;

// Centres per tile: the k × tile differences stay in L1/L2 for the block sizes of the grid.
// A multiple of kLanes, so the groups of 8 below are the same for every tile.
constexpr std::size_t kCentreTile = 128;
constexpr std::size_t kLanes = kDirectLanes;  // kCentreTile is a multiple: lane = l mod 8

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
    tile_differences(centres, n, k, self, tile, width, kCentreTile, diff, norm2);
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
