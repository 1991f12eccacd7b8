#include "cpu/planar_series_kernel.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "cpu/exp_neg.hpp"
#include "cpu/kernel_clones.hpp"
#include "mathematics/rounding.hpp"
#include "mathematics/taylor_box_bound.hpp"

namespace reconbound::goldfeld {

namespace {

using detail::exp_neg;
using detail::gamma;
using detail::kExponentClamp;
using detail::kUnitRoundoff;
using detail::LaneVector;

static_assert(kPlanarLanes == detail::kVectorLanes, "one LaneVector per box group");

constexpr std::size_t kP = kPlanarTerms;

// Index of coefficient (α, β), α + β < P: the β of one α are contiguous, α ascending.
constexpr std::size_t coefficient(std::size_t alpha, std::size_t beta) {
  return alpha * kP - alpha * (alpha - 1) / 2 + beta;  // Σ_{a<α} (P − a) + β
}

}  // namespace

std::optional<PlanarSeriesLevel> build_planar_series_level(const double* y, std::size_t n,
                                                           double s) {
  const double* x1 = y;
  const double* x2 = y + n;
  const auto [lo1, hi1] = std::minmax_element(x1, x1 + n);
  const auto [lo2, hi2] = std::minmax_element(x2, x2 + n);
  const double width = kPlanarBoxWidth * s;
  const double span1 = (*hi1 - *lo1) / width;
  const double span2 = (*hi2 - *lo2) / width;
  if (!((span1 + 1.0) * (span2 + 1.0) <= static_cast<double>(kPlanarMaxCells))) return std::nullopt;
  const auto columns = static_cast<std::size_t>(span1) + 1;
  const auto rows = static_cast<std::size_t>(span2) + 1;
  const auto cell_of = [&](double v, double lo, std::size_t cells) {
    return std::min(cells - 1, static_cast<std::size_t>((v - lo) / width));
  };

  PlanarSeriesLevel level;
  level.inv_s = 1.0 / s;
  std::vector<std::int64_t> box_of_cell(columns * rows, -1);
  std::vector<std::size_t> box_of_point(n);
  std::vector<std::size_t> count;
  for (std::size_t l = 0; l < n; ++l) {  // boxes numbered in order of first appearance
    const std::size_t c1 = cell_of(x1[l], *lo1, columns);
    const std::size_t c2 = cell_of(x2[l], *lo2, rows);
    std::int64_t& box = box_of_cell[c2 * columns + c1];
    if (box < 0) {
      box = static_cast<std::int64_t>(count.size());
      count.push_back(0);
      level.centre_x.push_back(*lo1 + (static_cast<double>(c1) + 0.5) * width);
      level.centre_y.push_back(*lo2 + (static_cast<double>(c2) + 0.5) * width);
    }
    box_of_point[l] = static_cast<std::size_t>(box);
    ++count[static_cast<std::size_t>(box)];
  }
  level.largest_box = *std::max_element(count.begin(), count.end());
  level.boxes = (count.size() + kPlanarLanes - 1) / kPlanarLanes * kPlanarLanes;
  level.centre_x.resize(level.boxes, level.centre_x.front());  // padding: zero moments
  level.centre_y.resize(level.boxes, level.centre_y.front());
  level.moments.assign(level.boxes * kPlanarCoefficients, 0.0);

  double inverse[kP];  // fl(1/p)
  for (std::size_t p = 1; p < kP; ++p) inverse[p] = 1.0 / static_cast<double>(p);
  double power1[kP];  // ẽ₁^α/α!
  double power2[kP];  // ẽ₂^β/β!
  for (std::size_t l = 0; l < n; ++l) {
    const std::size_t b = box_of_point[l];
    const double e1 = (x1[l] - level.centre_x[b]) * level.inv_s;  // ẽ_l
    const double e2 = (x2[l] - level.centre_y[b]) * level.inv_s;
    const double norm2 = e1 * e1 + e2 * e2;
    level.radius = std::max(level.radius, std::sqrt(norm2));
    power1[0] = exp_neg(0.5 * norm2);  // e^{−‖ẽ‖²/2} folded into the α powers
    power2[0] = 1.0;
    for (std::size_t p = 1; p < kP; ++p) {
      power1[p] = power1[p - 1] * (e1 * inverse[p]);
      power2[p] = power2[p - 1] * (e2 * inverse[p]);
    }
    double* m = level.moments.data() + (b / kPlanarLanes) * kPlanarCoefficients * kPlanarLanes +
                b % kPlanarLanes;
    for (std::size_t alpha = 0; alpha < kP; ++alpha) {
      for (std::size_t beta = 0; alpha + beta < kP; ++beta) {
        m[coefficient(alpha, beta) * kPlanarLanes] += power1[alpha] * power2[beta];
      }
    }
  }
  level.radius *= 1.0 + 4.0 * kUnitRoundoff;  // ≥ ‖ẽ_l‖ exactly (the norm had ≤ 4 roundings)
  return level;
}

// Proof of the bound δ_q, as for k = 1 (series_kernel.cpp) with norms: u = 2^-53,
// γ_m = m·u/(1 − m·u), δ_e = kExpRelativeError; ẽ_l = fl(fl(y_l − c_b)·fl(1/s)) per
// coordinate, E ≥ max‖ẽ_l‖; exact e_l = (y_l − c_b)/s, d_b = (y_i − c_b)/s + Z, so
// Q = Σ_l exp(−‖d_b − e_l‖²/2).
//  (k) Kept boxes: c = √(2(ln n + 30) + ‖Z‖²), L = c + E + η, η = 1e-9·(c + E + ‖Z‖ + 1); a box
//      is kept when the computed ñ = fl(d̃₁² + d̃₂²) ≤ fl(L²). ñ has relative error ≤ γ₂, so
//      kept boxes have ‖d̃‖ ≤ L(1 + 4u) and skipped ones ‖d̃‖ ≥ L(1 − 3u).
//  (p) Perturbation: per coordinate |d̃ − d| ≤ γ₅(2|d̃| + |Z|)·1.01 (series_kernel.cpp), so
//      ‖d̃ − d‖ ≤ γ₅(2‖d̃‖ + ‖Z‖)·1.01 and ‖ẽ − e‖ ≤ γ₃·1.01·E. With Δ the sum of the two bounds
//      (at ‖d̃‖ = L(1 + 4u)), |‖d̃ − ẽ‖² − ‖d − e‖²|/2 ≤ Δ(L + E + Δ) =: π.
//  (s) Skipped boxes: ‖d − e‖ ≥ L(1 − 3u) − Δ − 1.01E ≥ c (η covers 3uL, Δ and 0.01E's γ), so
//      each skipped term is ≤ e^{−c²/2}; the own term e^{−‖Z‖²/2} ≤ Q, so the skipped mass is
//      ≤ n·e^{−(c² − ‖Z‖²)/2}·Q =: δ_skip·Q (≈ e^{−30}·Q).
//  (t) Taylor: with x = 1.000001·L·E ≥ |⟨d̃, ẽ⟩|, cutting e^{⟨d̃,ẽ⟩} = Σ_p ⟨d̃,ẽ⟩^p/p! at total
//      degree P errs by ≤ x^P/P!·e^{max(0,⟨d̃,ẽ⟩)}, relative ≤ x^P/P!·e^x =: δ_t.
//  (r) Rounding: the elementary products e^{−‖d̃‖²/2}·e^{−‖ẽ‖²/2}·ẽ₁^α ẽ₂^β d̃₁^α d̃₂^β/(α!β!)
//      each pass through at most R = 6P (the powers: fl(1/p), ·ẽ, ·previous per step) + 1
//      (their product) + n_b (the box's sum) + 4P (inner and outer Horner) + 1 (·e^{−‖d̃‖²/2})
//      + ⌈B/8⌉ + 3 (lanes over the B boxes, then a tree) roundings: γ_R elementwise. The two
//      exponentials add δ_e each and their rounded arguments ≤ γ₂(L² + E²)/2·1.01 to the
//      exponent. Σ over (α, β) of |elementary| ≤ e^{−(‖d̃‖² + ‖ẽ‖²)/2}·e^{|d̃₁ẽ₁| + |d̃₂ẽ₂|}
//      ≤ e^{−‖d̃ − ẽ‖²/2}·e^{2x} (Cauchy–Schwarz), so δ_r = 1.01·e^{2x}·(γ_R + 2.0001δ_e
//      + 0.51·γ₂(L² + E²)). Underflow: as for k = 1, < 1e-200 relative.
//  Together (taylor_box_relative_error, with kept_limit = L(1 + 4u)):
//  δ = 1.01·(δ_r + δ_t + 1.01π) + δ_skip + 1e-200.
namespace {

// The queries of one pass: their Horner recurrences are independent, so a batch keeps the
// vector unit busy while each recurrence waits on its previous multiply-add, and it loads
// every moment once for the whole batch.
constexpr std::size_t kPlanarQueryBatch = 4;

// The per-query quantities of the bound and the kept-box test.
struct PlanarQuery {
  double y1, y2, z1, z2;
  double z_norm2, z_norm, cut, limit, limit2;
};

PlanarQuery planar_query(const double* y, std::size_t n, std::size_t self, const double* z,
                         double log_n, double radius) {
  PlanarQuery p{};
  p.y1 = y[self];
  p.y2 = y[n + self];
  p.z1 = z[0];
  p.z2 = z[1];
  p.z_norm2 = p.z1 * p.z1 + p.z2 * p.z2;
  p.z_norm = std::sqrt(p.z_norm2);
  p.cut = std::sqrt(2.0 * (log_n + 30.0) + p.z_norm2);                            // c
  p.limit = p.cut + radius + 1e-9 * (p.cut + radius + p.z_norm + 1.0);          // L
  p.limit2 = p.limit * p.limit;
  return p;
}

// Σ over the boxes of e^{−‖d̃‖²/2}·(expansion) for a batch of `batch` ≤ kPlanarQueryBatch queries.
template <std::size_t kBatch>
[[gnu::always_inline]] inline void batch_sums(const PlanarSeriesLevel& level,
                                              const PlanarQuery* query, double* sums) {
  const std::size_t groups = level.boxes / kPlanarLanes;
  LaneVector total[kBatch] = {};
  for (std::size_t g = 0; g < groups; ++g) {
    LaneVector x1[kBatch];
    LaneVector x2[kBatch];
    LaneVector factor[kBatch];
    for (std::size_t u = 0; u < kBatch; ++u) {
      double d1[kPlanarLanes];
      double d2[kPlanarLanes];
      double scale[kPlanarLanes];  // e^{−‖d̃‖²/2} for kept boxes, 0 for skipped ones
      for (std::size_t t = 0; t < kPlanarLanes; ++t) {
        const std::size_t b = g * kPlanarLanes + t;
        d1[t] = (query[u].y1 - level.centre_x[b]) * level.inv_s + query[u].z1;
        d2[t] = (query[u].y2 - level.centre_y[b]) * level.inv_s + query[u].z2;
        const double norm2 = d1[t] * d1[t] + d2[t] * d2[t];
        const double half = 0.5 * norm2;
        const double term = exp_neg(half < kExponentClamp ? half : kExponentClamp);
        scale[t] = norm2 <= query[u].limit2 ? term : 0.0;
      }
      std::memcpy(&x1[u], d1, sizeof x1[u]);
      std::memcpy(&x2[u], d2, sizeof x2[u]);
      std::memcpy(&factor[u], scale, sizeof factor[u]);
    }
    const double* m = level.moments.data() + g * kPlanarCoefficients * kPlanarLanes;
    LaneVector outer[kBatch] = {};
    for (std::size_t alpha = kP; alpha-- > 0;) {  // Σ_α d̃₁^α (Σ_β d̃₂^β M_αβ), Horner twice
      LaneVector inner[kBatch];
      LaneVector moment;
      std::memcpy(&moment, m + coefficient(alpha, kP - 1 - alpha) * kPlanarLanes, sizeof moment);
      for (std::size_t u = 0; u < kBatch; ++u) inner[u] = moment;
      for (std::size_t beta = kP - 1 - alpha; beta-- > 0;) {
        std::memcpy(&moment, m + coefficient(alpha, beta) * kPlanarLanes, sizeof moment);
        for (std::size_t u = 0; u < kBatch; ++u) inner[u] = inner[u] * x2[u] + moment;
      }
      for (std::size_t u = 0; u < kBatch; ++u) outer[u] = outer[u] * x1[u] + inner[u];
    }
    for (std::size_t u = 0; u < kBatch; ++u) total[u] += factor[u] * outer[u];
  }
  for (std::size_t u = 0; u < kBatch; ++u) {
    double lanes[kPlanarLanes];
    std::memcpy(lanes, &total[u], sizeof lanes);
    sums[u] = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) +
              ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
  }
}

// δ_q for one query with computed sum `sum` (proof above).
double planar_relative_error(const PlanarSeriesLevel& level, std::size_t n,
                             const PlanarQuery& p, double sum) {
  TaylorBoxQuery bound;
  bound.terms = kP;
  bound.kept_limit = p.limit * (1.0 + 4.0 * kUnitRoundoff);
  bound.radius = level.radius;
  bound.z_norm = p.z_norm;
  bound.rounding_steps =
      static_cast<double>(10 * kP + 5 + level.largest_box + level.boxes / kPlanarLanes);
  bound.exponent_rounding = 0.51 * gamma(2.0) * (p.limit2 + level.radius * level.radius);
  bound.skip_nats = 0.5 * (p.cut * p.cut - p.z_norm2) - 1e-9;
  bound.n = n;
  return taylor_box_relative_error(bound, sum, "k=2 series");
}

}  // namespace

RECONBOUND_GOLDFELD_CLONES
void planar_series_sums(const PlanarSeriesLevel& level, const double* y, std::size_t n,
                        const std::size_t* self, const double* z, std::size_t count,
                        double* sums, double* relative_error) {
  const double log_n = std::log(static_cast<double>(n));
  for (std::size_t first = 0; first < count; first += kPlanarQueryBatch) {
    const std::size_t batch = std::min(kPlanarQueryBatch, count - first);
    PlanarQuery query[kPlanarQueryBatch];
    for (std::size_t u = 0; u < batch; ++u) {
      query[u] = planar_query(y, n, self[first + u], z + 2 * (first + u), log_n, level.radius);
    }
    switch (batch) {
      case 4: batch_sums<4>(level, query, sums + first); break;
      case 3: batch_sums<3>(level, query, sums + first); break;
      case 2: batch_sums<2>(level, query, sums + first); break;
      default: batch_sums<1>(level, query, sums + first); break;
    }
    for (std::size_t u = 0; u < batch; ++u) {
      relative_error[first + u] = planar_relative_error(level, n, query[u], sums[first + u]);
    }
  }
}

}  // namespace reconbound::goldfeld
