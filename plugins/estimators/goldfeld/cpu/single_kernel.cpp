#include "cpu/single_kernel.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "cpu/exp_neg_single.hpp"
#include "cpu/float_lanes.hpp"
#include "cpu/kernel_clones.hpp"

// The helpers below take and return vector values; they are always inlined into the clones of
// single_kernel_sums, so the baseline clone's ABI for such values never applies.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace reconbound::goldfeld {

namespace {

using detail::FloatHalf;
using detail::FloatVector;
using detail::kFloatLanes;
using detail::kSingleExponentClamp;
using detail::kVectorLanes;
using detail::LaneVector;

// Lane masks of comparisons of FloatVectors.
using FloatMask = int __attribute__((vector_size(kFloatLanes * sizeof(int))));

// Queries per register block: 8 queries × 2 FloatVectors of centres = 16 accumulators.
constexpr std::size_t kQueryBlock = 8;
// Centres per cache tile: k × kCentreChunk floats stay in L2 while every query block of the
// call passes over them (the same bytes as the double kernel's 1,024 centres).
constexpr std::size_t kCentreChunk = 2048;
static_assert(kCentreChunk % (kSingleBlock * kSingleFlushBlocks) == 0 && kSingleBlock == 2 * kFloatLanes &&
              kQueryBlock == 8);  // detail::smallest_lanes takes eight

[[gnu::always_inline]] inline FloatVector load_floats(const float* p) {
  FloatVector v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

[[gnu::always_inline]] inline LaneVector load_lanes(const double* p) {
  LaneVector v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <typename V, typename E>
[[gnu::always_inline]] inline void store(E* p, V v) {
  std::memcpy(p, &v, sizeof v);
}

// The valid lanes of a mask (kTail): centres before the block's end.
[[gnu::always_inline]] inline double valid_count(FloatMask valid) {
  double count = 0.0;
  for (std::size_t t = 0; t < kFloatLanes; ++t) count += valid[t] != 0 ? 1.0 : 0.0;
  return count;
}

// A query's float partial sums (lane t: the terms of centres l ≡ t mod 16) widened, the halves
// (t and t + 8) added in double: lanes l mod 8 of the query's sum.
[[gnu::always_inline]] inline LaneVector lane_share(FloatVector partial) {
  const FloatHalf low = __builtin_shufflevector(partial, partial, 0, 1, 2, 3, 4, 5, 6, 7);
  const FloatHalf high = __builtin_shufflevector(partial, partial, 8, 9, 10, 11, 12, 13, 14, 15);
  return __builtin_convertvector(low, LaneVector) + __builtin_convertvector(high, LaneVector);
}

// The exponentials of a query's clamped exponents a0 (centres l0..l0+15) and a1
// (l0+16..l0+31), lanes beyond the last centre masked out when kTail, centres l and l + 16
// added in float.
template <bool kTail>
[[gnu::always_inline]] inline FloatVector block_terms(FloatVector a0, FloatVector a1,
                                                     FloatMask valid0, FloatMask valid1) {
  FloatVector e0 = detail::exp_neg_single(a0);
  FloatVector e1 = detail::exp_neg_single(a1);
  if constexpr (kTail) {
    e0 = valid0 != 0 ? e0 : FloatVector{};
    e1 = valid1 != 0 ? e1 : FloatVector{};
  }
  return e0 + e1;
}

// One query block (kQueryBlock queries) against one register block of kSingleBlock centres
// from l0: the exponent of centre l starts at fl(c̃_q + h̃_q·Ñ_l) and loses w̃_qc·ỹ_lc for
// c = 0..k−1 in turn, one rounding each (the order single_bound.cpp's proof follows). The
// exponents are clamped to kSingleExponentClamp (lanes beyond the last centre set to it when
// kTail); a query whose 32 exponents all exceed the cut has a skipped group (counted, its
// smallest exponent kept), the others add their terms to their float partial sums.
template <bool kTail>
[[gnu::always_inline]] inline void register_block(const SingleCentres& centres,
                                                  const float* weight, const float* offset,
                                                  const float* scale, std::size_t l0, float cut,
                                                  FloatVector clamp,
                                                  FloatVector (&partial)[kQueryBlock],
                                                  FloatVector (&smallest)[kQueryBlock],
                                                  double (&skipped)[kQueryBlock]) {
  const std::size_t k = centres.k;
  const std::size_t stride = centres.stride;
  FloatVector acc[kQueryBlock][2];
  const FloatVector n0 = load_floats(centres.norm2.data() + l0);
  const FloatVector n1 = load_floats(centres.norm2.data() + l0 + kFloatLanes);
  for (std::size_t q = 0; q < kQueryBlock; ++q) {  // s_0 = fl(c̃ + h̃·Ñ_l), single_bound.cpp (e3)
    acc[q][0] = offset[q] + scale[q] * n0;
    acc[q][1] = offset[q] + scale[q] * n1;
  }
  const float* __restrict column = centres.values.data() + l0;
  for (std::size_t c = 0; c < k; ++c) {
    const FloatVector y0 = load_floats(column + c * stride);
    const FloatVector y1 = load_floats(column + c * stride + kFloatLanes);
    for (std::size_t q = 0; q < kQueryBlock; ++q) {  // s_{c+1} = fl(s_c − w̃_c·ỹ_lc), (e3)
      const float w = weight[q * k + c];
      acc[q][0] -= w * y0;
      acc[q][1] -= w * y1;
    }
  }
  FloatMask valid0{};
  FloatMask valid1{};
  if constexpr (kTail) {
    for (std::size_t t = 0; t < kFloatLanes; ++t) {
      valid0[t] = l0 + t < centres.n ? 1 : 0;
      valid1[t] = l0 + kFloatLanes + t < centres.n ? 1 : 0;
    }
  }
  FloatVector least[kQueryBlock];
  for (std::size_t q = 0; q < kQueryBlock; ++q) {
    acc[q][0] = acc[q][0] < clamp ? acc[q][0] : clamp;
    acc[q][1] = acc[q][1] < clamp ? acc[q][1] : clamp;
    if constexpr (kTail) {
      acc[q][0] = valid0 != 0 ? acc[q][0] : clamp;
      acc[q][1] = valid1 != 0 ? acc[q][1] : clamp;
    }
    least[q] = acc[q][0] < acc[q][1] ? acc[q][0] : acc[q][1];
  }
  const FloatVector minima = detail::smallest_lanes(least);  // query q's in lane 2q
  if (detail::largest_lane(minima) <= cut) {  // no query skips (the usual case)
    for (std::size_t q = 0; q < kQueryBlock; ++q) {
      partial[q] += block_terms<kTail>(acc[q][0], acc[q][1], valid0, valid1);
    }
    return;
  }
  for (std::size_t q = 0; q < kQueryBlock; ++q) {
    if (minima[2 * q] > cut) {
      skipped[q] += kTail ? valid_count(valid0) + valid_count(valid1) : static_cast<double>(kSingleBlock);
      smallest[q] = least[q] < smallest[q] ? least[q] : smallest[q];
    } else {
      partial[q] += block_terms<kTail>(acc[q][0], acc[q][1], valid0, valid1);
    }
  }
}

// One query block against the centres [begin, end) (a chunk, which starts at a multiple of
// kSingleFlushBlocks register blocks); its partial sums (8 per query), skipped minima (16 per
// query) and counts are loaded from and stored back to the workspace. The float partial sums
// of kSingleFlushBlocks register blocks (and of the chunk's last ones) go to the double lanes
// at once, so the flushes fall at the same centres whatever the chunk and tile split.
[[gnu::always_inline]] inline void chunk_pass(const SingleCentres& centres, const float* weight,
                                              const float* offset, const float* scale,
                                              std::size_t begin, std::size_t end, float cut,
                                              double* lanes, float* minima, double* counts) {
  LaneVector lane[kQueryBlock];
  FloatVector smallest[kQueryBlock];
  double skipped[kQueryBlock];
  for (std::size_t q = 0; q < kQueryBlock; ++q) {
    lane[q] = load_lanes(lanes + q * kVectorLanes);
    smallest[q] = load_floats(minima + q * kFloatLanes);
    skipped[q] = counts[q];
  }
  const std::size_t whole = centres.n / kSingleBlock * kSingleBlock;  // full blocks
  // kSingleExponentClamp in every lane, hidden from the optimiser: GCC turns x < c ? x : c into
  // one minimum for a variable c, into a compare and a blend for a constant one.
  float clamp_value = kSingleExponentClamp;
  asm("" : "+m"(clamp_value));
  const FloatVector clamp = FloatVector{} + clamp_value;
  FloatVector partial[kQueryBlock] = {};
  std::size_t pending = 0;  // register blocks in `partial`
  for (std::size_t l0 = begin; l0 < end; l0 += kSingleBlock) {
    if (l0 < whole) {
      register_block<false>(centres, weight, offset, scale, l0, cut, clamp, partial, smallest, skipped);
    } else {
      register_block<true>(centres, weight, offset, scale, l0, cut, clamp, partial, smallest, skipped);
    }
    if (++pending == kSingleFlushBlocks || l0 + kSingleBlock >= end) {
      for (std::size_t q = 0; q < kQueryBlock; ++q) {
        lane[q] += lane_share(partial[q]);
        partial[q] = FloatVector{};
      }
      pending = 0;
    }
  }
  for (std::size_t q = 0; q < kQueryBlock; ++q) {
    store(lanes + q * kVectorLanes, lane[q]);
    store(minima + q * kFloatLanes, smallest[q]);
    counts[q] = skipped[q];
  }
}

}  // namespace

SingleCentres single_centres(const ProductCentres& centres) {
  SingleCentres out;
  out.n = centres.n;
  out.k = centres.k;
  out.stride = (centres.n + kSingleBlock - 1) / kSingleBlock * kSingleBlock;
  out.values.assign(out.k * out.stride, 0.0f);
  out.norm2.assign(out.stride, 0.0f);
  out.max_abs.assign(out.k, 0.0);
  for (std::size_t c = 0; c < out.k; ++c) {
    const double* row = centres.values.data() + c * centres.stride;
    float* single_row = out.values.data() + c * out.stride;
    for (std::size_t l = 0; l < out.n; ++l) {
      single_row[l] = static_cast<float>(row[l]);
      out.max_abs[c] = std::max(out.max_abs[c], static_cast<double>(std::abs(single_row[l])));
    }
  }
  for (std::size_t l = 0; l < out.n; ++l) {
    out.norm2[l] = static_cast<float>(centres.norm2[l]);
    out.max_norm2 = std::max(out.max_norm2, static_cast<double>(out.norm2[l]));
  }
  return out;
}

RECONBOUND_GOLDFELD_CLONES
void single_kernel_sums(const SingleCentres& centres, const float* weights, const float* offsets,
                        const float* scales, std::size_t count, double cut,
                        ShiftedKernelWorkspace& work, double* sums, double* skipped,
                        double* smallest_skipped) {
  const std::size_t k = centres.k;
  const std::size_t blocks = (count + kQueryBlock - 1) / kQueryBlock;
  const std::size_t padded = blocks * kQueryBlock;
  // The queries, padded to whole blocks with zero queries (their sums are discarded).
  work.single_weight.assign(padded * k, 0.0f);
  work.single_offset.assign(padded, 0.0f);
  work.single_scale.assign(padded, 0.0f);
  std::copy(weights, weights + count * k, work.single_weight.begin());
  std::copy(offsets, offsets + count, work.single_offset.begin());
  std::copy(scales, scales + count, work.single_scale.begin());
  // Per query: 8 partial sums, 16 minima of skipped exponents, the skipped count.
  work.product_lanes.assign(padded * kVectorLanes, 0.0);
  work.single_minima.assign(padded * kFloatLanes, kSingleExponentClamp);
  work.product_skipped.assign(padded, 0.0);
  const auto cut_single = static_cast<float>(cut);
  for (std::size_t chunk = 0; chunk < centres.stride; chunk += kCentreChunk) {
    const std::size_t chunk_end = std::min(centres.stride, chunk + kCentreChunk);
    for (std::size_t q0 = 0; q0 < padded; q0 += kQueryBlock) {
      chunk_pass(centres, work.single_weight.data() + q0 * k, work.single_offset.data() + q0,
                 work.single_scale.data() + q0, chunk, chunk_end, cut_single,
                 work.product_lanes.data() + q0 * kVectorLanes,
                 work.single_minima.data() + q0 * kFloatLanes, work.product_skipped.data() + q0);
    }
  }
  for (std::size_t q = 0; q < count; ++q) {
    const double* lane = work.product_lanes.data() + q * kVectorLanes;
    sums[q] = ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
    const float* least = work.single_minima.data() + q * kFloatLanes;
    skipped[q] = work.product_skipped[q];
    smallest_skipped[q] = *std::min_element(least, least + kFloatLanes);
  }
}

}  // namespace reconbound::goldfeld
