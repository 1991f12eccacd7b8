#include "cpu/shifted_kernel.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "cpu/exp_neg.hpp"
#include "cpu/kernel_clones.hpp"
#include "cpu/tile_differences.hpp"
#include "mathematics/rounding.hpp"

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

// ---- The product kernel ----------------------------------------------------------------

// The helpers below take and return LaneVectors; they are always inlined into the clones of
// product_kernel_sums, so the baseline clone's ABI for such values never applies.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace reconbound::goldfeld {

namespace {

using detail::LaneBits;
using detail::LaneVector;
using detail::kUnitRoundoff;

// Queries per register block: 8 queries × 2 LaneVectors of centres = 16 accumulators.
constexpr std::size_t kQueryBlock = 8;
// Centres per cache tile: k × kCentreChunk values stay in L2 while every query block of the
// call passes over them.
constexpr std::size_t kCentreChunk = 1024;
static_assert(kCentreChunk % kProductBlock == 0 && kProductBlock == 2 * detail::kVectorLanes);

[[gnu::always_inline]] inline LaneVector load(const double* p) {
  LaneVector v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

[[gnu::always_inline]] inline void store(double* p, LaneVector v) { std::memcpy(p, &v, sizeof v); }

// The kept or skipped share of one LaneVector of computed exponents `a` of query q (lanes
// beyond the last centre are masked out when kTail): a group whose (valid) exponents all
// exceed the cut is counted as skipped with its smallest exponent; otherwise its
// exponentials go to the query's lanes.
template <bool kTail>
[[gnu::always_inline]] inline void add_group(LaneVector a, double cut, LaneBits valid,
                                             LaneVector& lane, LaneVector& smallest,
                                             double& skipped) {
  const LaneVector clamp = LaneVector{} + kExponentClamp;
  a = a < clamp ? a : clamp;
  if constexpr (kTail) a = valid != 0 ? a : clamp;
  const auto above = a > cut;
  bool all_above = true;
  for (std::size_t t = 0; t < detail::kVectorLanes; ++t) all_above &= above[t] != 0;
  if (all_above) {
    double count = static_cast<double>(detail::kVectorLanes);
    if constexpr (kTail) {
      count = 0.0;
      for (std::size_t t = 0; t < detail::kVectorLanes; ++t) count += valid[t] != 0 ? 1.0 : 0.0;
    }
    skipped += count;
    smallest = a < smallest ? a : smallest;
    return;
  }
  LaneVector e = detail::exp_neg(a);
  if constexpr (kTail) e = valid != 0 ? e : LaneVector{};
  lane += e;
}

// One query block (kQueryBlock queries) against one register block of kProductBlock
// centres from l0. The exponent of centre l starts at c_q + h_q·N_l and loses w_qc·y_lc for
// c = 0..k−1 in turn.
template <bool kTail>
[[gnu::always_inline]] inline void register_block(const ProductCentres& centres,
                                                  const double* weight, const double* offset,
                                                  const double* scale, std::size_t l0,
                                                  double cut, LaneVector (&lane)[kQueryBlock],
                                                  LaneVector (&smallest)[kQueryBlock],
                                                  double (&skipped)[kQueryBlock]) {
  const std::size_t k = centres.k;
  const std::size_t stride = centres.stride;
  LaneVector acc[kQueryBlock][2];
  const LaneVector n0 = load(centres.norm2.data() + l0);
  const LaneVector n1 = load(centres.norm2.data() + l0 + detail::kVectorLanes);
  for (std::size_t q = 0; q < kQueryBlock; ++q) {
    acc[q][0] = offset[q] + scale[q] * n0;
    acc[q][1] = offset[q] + scale[q] * n1;
  }
  const double* __restrict column = centres.values.data() + l0;
  for (std::size_t c = 0; c < k; ++c) {
    const LaneVector y0 = load(column + c * stride);
    const LaneVector y1 = load(column + c * stride + detail::kVectorLanes);
    for (std::size_t q = 0; q < kQueryBlock; ++q) {
      const double w = weight[q * k + c];
      acc[q][0] -= w * y0;
      acc[q][1] -= w * y1;
    }
  }
  LaneBits valid0{};
  LaneBits valid1{};
  if constexpr (kTail) {
    for (std::size_t t = 0; t < detail::kVectorLanes; ++t) {
      valid0[t] = l0 + t < centres.n ? 1 : 0;
      valid1[t] = l0 + detail::kVectorLanes + t < centres.n ? 1 : 0;
    }
  }
  for (std::size_t q = 0; q < kQueryBlock; ++q) {
    add_group<kTail>(acc[q][0], cut, valid0, lane[q], smallest[q], skipped[q]);
    add_group<kTail>(acc[q][1], cut, valid1, lane[q], smallest[q], skipped[q]);
  }
}

// One query block against the centres [begin, end) (a chunk); its partial sums, skipped
// minima and counts (8 per query) are loaded from and stored back to the workspace rows.
[[gnu::always_inline]] inline void chunk_pass(const ProductCentres& centres,
                                              const double* weight, const double* offset,
                                              const double* scale, std::size_t begin,
                                              std::size_t end, double cut, double* lanes,
                                              double* minima, double* counts) {
  LaneVector lane[kQueryBlock];
  LaneVector smallest[kQueryBlock];
  double skipped[kQueryBlock];
  for (std::size_t q = 0; q < kQueryBlock; ++q) {
    lane[q] = load(lanes + q * detail::kVectorLanes);
    smallest[q] = load(minima + q * detail::kVectorLanes);
    skipped[q] = counts[q];
  }
  const std::size_t whole = centres.n / kProductBlock * kProductBlock;  // full blocks
  for (std::size_t l0 = begin; l0 < end; l0 += kProductBlock) {
    if (l0 < whole) {
      register_block<false>(centres, weight, offset, scale, l0, cut, lane, smallest, skipped);
    } else {
      register_block<true>(centres, weight, offset, scale, l0, cut, lane, smallest, skipped);
    }
  }
  for (std::size_t q = 0; q < kQueryBlock; ++q) {
    store(lanes + q * detail::kVectorLanes, lane[q]);
    store(minima + q * detail::kVectorLanes, smallest[q]);
    counts[q] = skipped[q];
  }
}

}  // namespace

ProductCentres product_centres(const double* centres, std::size_t n, std::size_t k) {
  ProductCentres out;
  out.n = n;
  out.k = k;
  out.stride = (n + kProductBlock - 1) / kProductBlock * kProductBlock;
  out.values.assign(k * out.stride, 0.0);
  out.norm2.assign(out.stride, 0.0);
  for (std::size_t c = 0; c < k; ++c) {
    std::copy(centres + c * n, centres + (c + 1) * n, out.values.begin() + c * out.stride);
  }
  for (std::size_t l = 0; l < n; ++l) {
    double norm2 = 0.0;
    for (std::size_t c = 0; c < k; ++c) norm2 += centres[c * n + l] * centres[c * n + l];
    out.norm2[l] = norm2;
    out.max_norm2 = std::max(out.max_norm2, norm2);
  }
  return out;
}

double product_query(const double* y_i, std::size_t y_stride, double norm2_i, const double* z,
                     std::size_t k, const LevelScale& scale, double* weight) {
  const double twice_h = 2.0 * scale.half_inv_s2;  // exact
  double cross = 0.0;                             // ⟨Z, y_i⟩
  for (std::size_t c = 0; c < k; ++c) {
    const double y = y_i[c * y_stride];
    weight[c] = twice_h * y + scale.inv_s * z[c];
    cross += z[c] * y;
  }
  return scale.half_inv_s2 * norm2_i + scale.inv_s * cross;
}

// Proof of the uniform exponent bound. u = 2^-53, γ_m = m·u/(1 − m·u); h̃ = h(1+θ₂) and
// r̃ = r(1+θ₁) are the level's computed scales (0.5/(s·s), 1/s). Every operation below is a
// correctly rounded +, −, × or a fused multiply-add (which only removes a rounding), so
// the computed ã is the exact expression with each elementary product carrying a factor
// (1+θ_M), M the most roundings on its way (Higham, Lemma 3.1 and §3.1), and
//   |ã − a| ≤ γ_M·Σ |elementary products of a|.
// The elementary products of a = h·N_i + r·⟨Z,y_i⟩ + h·N_l − Σ_c (2h·y_ic + r·Z_c)·y_lc and
// their roundings (product_centres: N = Σ_c y_c², ≤ k; product_query: w_c = 2h̃·y_ic + r̃·Z_c
// with 2h̃ exact, ⟨Z,y_i⟩ ≤ k, c_q = h̃·N_i + r̃·⟨Z,y_i⟩; the kernel: c_q + h̃·N_l, then k
// steps acc − w_c·y_lc):
//   h·y_ic²        2 (h̃) + k (N_i) + 2 (c_q) + 1 (+ h̃N_l) + k (the k steps) = 2k + 5,
//   r·Z_c·y_ic     1 + k + 2 + 1 + k                                        = 2k + 4,
//   h·y_lc²        2 + k (N_l) + 2 (c_q + h̃N_l) + k                         = 2k + 4,
//   2h·y_ic·y_lc   2 + 2 (w_c) + 1 (the product) + k                        = k + 5,
//   r·Z_c·y_lc     1 + 2 + 1 + k                                            = k + 4,
// so M = 2k + 5, and by Cauchy–Schwarz the sum of their absolute values is
//   h·(‖y_i‖² + ‖y_l‖² + 2Σ_c|y_ic y_lc|) + r·(Σ_c|Z_c y_ic| + Σ_c|Z_c y_lc|)
//     ≤ h·(R_i + R)² + r·‖Z‖·(R_i + R),   R_i = ‖y_i‖, R = max_l ‖y_l‖,
// the same for every centre l. From computed values: fl(‖y‖²) ≥ ‖y‖²(1 − γ_k), so
// ‖y‖ ≤ 1.001·sqrt(fl(‖y‖²)) (also covering the rounding of sqrt), likewise ‖Z‖, and h ≤ 1.001h̃,
// r ≤ 1.001r̃; the bound's own evaluation (a few roundings) is covered by the final 1.01.
// Underflow: the operations that could leave the normal range (products of tiny values)
// add at most 2^-1074 each, (4k + 8) of them per exponent: ≤ 1e-300 in total, added.
double product_exponent_error(std::size_t k, double norm2_i, double max_norm2, double z_norm2,
                              const LevelScale& scale) {
  const double radius = 1.001 * (std::sqrt(norm2_i) + std::sqrt(max_norm2));  // R_i + R
  const double h = 1.001 * scale.half_inv_s2;
  const double r = 1.001 * scale.inv_s;
  const double z = 1.001 * std::sqrt(z_norm2);
  const double m = 2.0 * static_cast<double>(k) + 5.0;
  const double gamma_m = m * kUnitRoundoff / (1.0 - m * kUnitRoundoff);
  return 1.01 * gamma_m * (h * radius * radius + r * z * radius) + 1e-300;
}

RECONBOUND_GOLDFELD_CLONES
void product_kernel_sums(const ProductCentres& centres, const double* weights,
                         const double* offsets, const double* scales, std::size_t count,
                         double cut, ShiftedKernelWorkspace& work, double* sums, double* skipped,
                         double* smallest_skipped) {
  const std::size_t k = centres.k;
  const std::size_t blocks = (count + kQueryBlock - 1) / kQueryBlock;
  const std::size_t padded = blocks * kQueryBlock;
  // The queries, padded to whole blocks with zero queries (their sums are discarded).
  work.weight.assign(padded * k, 0.0);
  work.offset.assign(padded, 0.0);
  work.scale.assign(padded, 0.0);
  std::copy(weights, weights + count * k, work.weight.begin());
  std::copy(offsets, offsets + count, work.offset.begin());
  std::copy(scales, scales + count, work.scale.begin());
  // Per query: 8 partial sums, 8 minima of skipped exponents, the skipped count.
  work.product_lanes.assign(padded * detail::kVectorLanes, 0.0);
  work.product_minima.assign(padded * detail::kVectorLanes, kExponentClamp);
  work.product_skipped.assign(padded, 0.0);
  for (std::size_t chunk = 0; chunk < centres.stride; chunk += kCentreChunk) {
    const std::size_t chunk_end = std::min(centres.stride, chunk + kCentreChunk);
    for (std::size_t q0 = 0; q0 < padded; q0 += kQueryBlock) {
      chunk_pass(centres, work.weight.data() + q0 * k, work.offset.data() + q0,
                 work.scale.data() + q0, chunk, chunk_end, cut,
                 work.product_lanes.data() + q0 * detail::kVectorLanes,
                 work.product_minima.data() + q0 * detail::kVectorLanes, work.product_skipped.data() + q0);
    }
  }
  for (std::size_t q = 0; q < count; ++q) {
    const double* lane = work.product_lanes.data() + q * detail::kVectorLanes;
    sums[q] = ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
    const double* least = work.product_minima.data() + q * detail::kVectorLanes;
    skipped[q] = work.product_skipped[q];
    smallest_skipped[q] = *std::min_element(least, least + detail::kVectorLanes);
  }
}

}  // namespace reconbound::goldfeld
