#include "cpu/chained_kernel.hpp"

#include <algorithm>
#include <cstring>

#include "cpu/exp_neg.hpp"
#include "cpu/kernel_clones.hpp"
#include "cpu/tile_differences.hpp"

// Every hot loop runs over a whole tile of centres, so it vectorises.

namespace reconbound::goldfeld {

namespace {

using detail::exp_neg;
using detail::kExponentClamp;
using detail::tile_differences;

// Centres per tile: the k × tile differences stay in L1/L2 for the block sizes of the grid.
constexpr std::size_t kTile = kChainTile;
// Centres per register block of the G loop (two AVX-512 vectors); divides kTile.
constexpr std::size_t kBlock = 16;

// Levels of a chain evaluated in one pass over a tile, the terms kept in registers.
constexpr std::size_t kSegment = 3;

// One pass: the terms of `length` consecutive levels of a chain for one draw, added to their
// partial sums. The first level is the chain's top (start_term == nullptr: exp_neg of its
// exponent) or follows from the stored term of the level before the segment,
// t = (start_term·start_factor)²; each further level squares (previous term · its factor).
// The last level's terms are stored when the chain goes on.
struct Segment {
  std::size_t length = 0;
  LevelScale top;                         // when the segment starts at a top
  const double* start_term = nullptr;     // otherwise: terms and factors of the level
  const double* start_factor = nullptr;   // before the segment
  const double* factor[kSegment] = {};    // factor of level i, for level i + 1
  double* lane[kSegment] = {};            // kChainLanes partial sums of level i
  double* last_term = nullptr;            // where to store the last level's terms, if a
};                                        // further segment of the chain needs them

// The loop over centres touches disjoint rows of the workspace (a different row per level
// and draw), so it has no loop-carried dependence; GCC is told so (`ivdep`), as it would
// otherwise give up on versioning that many pointers for aliasing.
#if defined(__GNUC__) && !defined(__clang__)
#define RECONBOUND_GOLDFELD_IVDEP _Pragma("GCC ivdep")
#else
#define RECONBOUND_GOLDFELD_IVDEP
#endif

// The term of the first level of a segment at centre l.
template <bool kFromTop>
[[gnu::always_inline]] inline double first_term(const Segment& g, const double* norm2,
                                                const double* cross, std::size_t l) {
  if constexpr (kFromTop) {
    const double a = norm2[l] * g.top.half_inv_s2 + cross[l] * g.top.inv_s;  // a_{jl}, nats
    return exp_neg(a < kExponentClamp ? a : kExponentClamp);
  } else {
    const double half = g.start_term[l] * g.start_factor[l];  // e^{−a_v/2}
    return half * half;
  }
}

using detail::LaneVector;
static_assert(kChainLanes == detail::kVectorLanes, "one LaneVector per level");

// The terms of centre l at every level of the segment into column t of `terms`; returns the
// last level's term.
template <std::size_t kLength, bool kFromTop>
[[gnu::always_inline]] inline double centre_terms(const Segment& g, const double* norm2,
                                                  const double* cross, std::size_t l,
                                                  double (&terms)[kLength][kChainLanes],
                                                  std::size_t t) {
  double term = first_term<kFromTop>(g, norm2, cross, l);
  terms[0][t] = term;
  for (std::size_t i = 1; i < kLength; ++i) {
    const double half = term * g.factor[i - 1][l];  // e^{−a_v/2} = e^{−a_p}·e^{−D·h_p}
    term = half * half;
    terms[i][t] = term;
  }
  return term;
}

// One pass over a tile: the partial sums of the tile stay in registers (kChainLanes per
// level, lane t = l mod kChainLanes) and are added to the workspace lanes at the end.
template <std::size_t kLength, bool kFromTop>
[[gnu::always_inline]] inline void segment_pass(const Segment& g, const double* norm2,
                                                const double* cross, std::size_t width) {
  LaneVector acc[kLength] = {};
  double terms[kLength][kChainLanes];
  const auto add_terms = [&] {
    for (std::size_t i = 0; i < kLength; ++i) {
      LaneVector v;
      std::memcpy(&v, terms[i], sizeof v);
      acc[i] += v;
    }
  };
  const std::size_t whole = width - width % kChainLanes;
  for (std::size_t l0 = 0; l0 < whole; l0 += kChainLanes) {
    RECONBOUND_GOLDFELD_IVDEP
    for (std::size_t t = 0; t < kChainLanes; ++t) {
      const double last = centre_terms<kLength, kFromTop>(g, norm2, cross, l0 + t, terms, t);
      if (g.last_term != nullptr) g.last_term[l0 + t] = last;
    }
    add_terms();
  }
  if (whole < width) {
    for (std::size_t i = 0; i < kLength; ++i) std::fill_n(terms[i], kChainLanes, 0.0);
    for (std::size_t l = whole; l < width; ++l) {
      const double last = centre_terms<kLength, kFromTop>(g, norm2, cross, l, terms, l - whole);
      if (g.last_term != nullptr) g.last_term[l] = last;
    }
    add_terms();
  }
  for (std::size_t i = 0; i < kLength; ++i) {
    for (std::size_t t = 0; t < kChainLanes; ++t) g.lane[i][t] += acc[i][t];
  }
}

template <bool kFromTop>
[[gnu::always_inline]] inline void segment_of_length(const Segment& g, const double* norm2,
                                                     const double* cross, std::size_t width) {
  if (g.length == 1) segment_pass<1, kFromTop>(g, norm2, cross, width);
  if (g.length == 2) segment_pass<2, kFromTop>(g, norm2, cross, width);
  if (g.length == 3) segment_pass<3, kFromTop>(g, norm2, cross, width);
}

[[gnu::always_inline]] inline void run_segment(const Segment& g, const double* norm2,
                                               const double* cross, std::size_t width) {
  if (g.start_term == nullptr) {
    segment_of_length<true>(g, norm2, cross, width);
  } else {
    segment_of_length<false>(g, norm2, cross, width);
  }
}

// Factors F_p = e^{−D_l·h_p} of every parent p, shared by all draws: a top parent takes the
// exponential (clamped), a chained parent squares its parent's factor twice (h_p = 4·h_q, so
// F_p = F_q⁴).
[[gnu::always_inline]] inline void parent_factors(const LevelPlan& plan, ShiftedKernelWorkspace& work,
                                                  const double* __restrict norm2, std::size_t width) {
  for (const std::size_t p : plan.order) {
    if (!plan.has_child[p]) continue;
    double* __restrict f = work.factor.data() + p * kTile;
    if (plan.parent[p] == kTopLevel) {
      const double h = plan.scales[p].half_inv_s2;
      for (std::size_t l = 0; l < width; ++l) {
        const double x = norm2[l] * h;  // D_l·h_p, nats
        f[l] = exp_neg(x < kExponentClamp ? x : kExponentClamp);
      }
    } else {
      const double* __restrict up = work.factor.data() + plan.parent[p] * kTile;
      for (std::size_t l = 0; l < width; ++l) {
        const double square = up[l] * up[l];
        f[l] = square * square;
      }
    }
  }
}

// G_{jl} = ⟨Z_j, y_i − y_l⟩, summed over c in increasing order; kBlock centres at a time in a
// local accumulator, which the compiler keeps in registers. (The last block may reach past
// `width` into finite leftovers of the buffers; those G are unused.)
[[gnu::always_inline]] inline void draw_cross(const double* __restrict z, const double* __restrict diff,
                                              std::size_t k, std::size_t width, double* __restrict cross) {
  for (std::size_t l0 = 0; l0 < width; l0 += kBlock) {
    double acc[kBlock] = {};
    for (std::size_t c = 0; c < k; ++c) {
      const double* __restrict row = diff + c * kTile + l0;
      for (std::size_t t = 0; t < kBlock; ++t) acc[t] += z[c] * row[t];
    }
    for (std::size_t t = 0; t < kBlock; ++t) cross[l0 + t] = acc[t];
  }
}

// Each chain of draw j in segments of up to kSegment levels, all in one pass over the tile.
[[gnu::always_inline]] inline void run_chains(const LevelPlan& plan, ShiftedKernelWorkspace& work, std::size_t j,
                                              std::size_t draws, const double* norm2, const double* cross,
                                              std::size_t width) {
  for (const std::vector<std::size_t>& chain : plan.chains) {
    for (std::size_t first = 0; first < chain.size(); first += kSegment) {
      const std::size_t length = std::min(kSegment, chain.size() - first);
      Segment segment{};
      segment.length = length;
      for (std::size_t i = 0; i < length; ++i) {
        const std::size_t v = chain[first + i];
        segment.lane[i] = work.lanes.data() + (v * draws + j) * kChainLanes;
        if (i + 1 < length) segment.factor[i] = work.factor.data() + v * kTile;
      }
      const std::size_t last = chain[first + length - 1];
      if (first + length < chain.size()) segment.last_term = work.terms.data() + last * kTile;
      if (first == 0) {
        segment.top = plan.scales[chain[0]];
      } else {
        const std::size_t before = chain[first - 1];
        segment.start_term = work.terms.data() + before * kTile;
        segment.start_factor = work.factor.data() + before * kTile;
      }
      run_segment(segment, norm2, cross, width);
    }
  }
}

}  // namespace

RECONBOUND_GOLDFELD_CLONES
void chained_kernel_sums(const double* centres, std::size_t n, std::size_t k, std::size_t self,
                         const double* draws_z, std::size_t draws, const LevelPlan& plan,
                         ShiftedKernelWorkspace& work, double* sums) {
  const std::size_t level_count = plan.scales.size();
  work.diff.resize(k * kTile);
  work.norm2.resize(kTile);
  work.cross.resize(kTile);
  work.terms.resize(level_count * kTile);
  work.factor.resize(level_count * kTile);
  work.lanes.assign(level_count * draws * kChainLanes, 0.0);
  double* __restrict diff = work.diff.data();
  double* __restrict norm2 = work.norm2.data();
  double* __restrict cross = work.cross.data();
  for (std::size_t tile = 0; tile < n; tile += kTile) {
    const std::size_t width = std::min(kTile, n - tile);
    tile_differences(centres, n, k, self, tile, width, kTile, diff, norm2);
    parent_factors(plan, work, norm2, width);
    for (std::size_t j = 0; j < draws; ++j) {
      draw_cross(draws_z + j * k, diff, k, width, cross);
      run_chains(plan, work, j, draws, norm2, cross, width);
    }
  }
  // The kChainLanes partial sums of each (level, draw) in a binary tree.
  for (std::size_t q = 0; q < level_count * draws; ++q) {
    double* __restrict lane = work.lanes.data() + q * kChainLanes;
    for (std::size_t half = kChainLanes / 2; half >= 1; half /= 2) {
      for (std::size_t l = 0; l < half; ++l) lane[l] += lane[l + half];
    }
    sums[q] = lane[0];
  }
}

}  // namespace reconbound::goldfeld
