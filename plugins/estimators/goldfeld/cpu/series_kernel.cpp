#include "cpu/series_kernel.hpp"

#include <algorithm>
#include <cmath>

#include "cpu/exp_neg.hpp"
#include "cpu/kernel_clones.hpp"
#include "mathematics/rounding.hpp"
#include "mathematics/taylor_box_bound.hpp"

namespace reconbound::goldfeld {

namespace {

using detail::exp_neg;
using detail::kUnitRoundoff;

}  // namespace

std::optional<SeriesLevel> build_series_level(const double* y, std::size_t n, double s) {
  SeriesLevel level;
  const auto [lo, hi] = std::minmax_element(y, y + n);
  level.inv_s = 1.0 / s;
  level.lo = *lo;
  level.width = kSeriesBoxWidth * s;
  const double span = (*hi - *lo) / level.width;
  if (!(span < static_cast<double>(kSeriesMaxBoxes - 1))) return std::nullopt;
  level.boxes = static_cast<std::size_t>(span) + 1;
  level.centre.resize(level.boxes);
  for (std::size_t b = 0; b < level.boxes; ++b) {
    level.centre[b] = level.lo + (static_cast<double>(b) + 0.5) * level.width;
  }
  double inverse[kSeriesTerms];  // fl(1/p)
  for (std::size_t p = 1; p < kSeriesTerms; ++p) inverse[p] = 1.0 / static_cast<double>(p);
  level.moments.assign(kSeriesTerms * level.boxes, 0.0);
  level.box_of.resize(n);
  std::vector<std::size_t> count(level.boxes, 0);
  for (std::size_t l = 0; l < n; ++l) {
    const auto b = std::min(level.boxes - 1,
                            static_cast<std::size_t>((y[l] - level.lo) / level.width));
    level.box_of[l] = static_cast<std::uint32_t>(b);
    ++count[b];
    const double e = (y[l] - level.centre[b]) * level.inv_s;  // ẽ_l
    level.radius = std::max(level.radius, std::abs(e));
    double power = exp_neg(0.5 * (e * e));  // e^{−ẽ²/2}·ẽ^p/p! for p = 0, 1, …
    level.moments[b] += power;
    for (std::size_t p = 1; p < kSeriesTerms; ++p) {
      power *= e * inverse[p];
      level.moments[p * level.boxes + b] += power;
    }
  }
  level.largest_box = *std::max_element(count.begin(), count.end());
  return level;
}

// Proof of the bound δ_q (one query; u = 2^-53, γ_m = m·u/(1 − m·u), δ_e = kExpRelativeError;
// ẽ_l = fl(fl(y_l − c_b)·fl(1/s)) are the computed offsets, E = max|ẽ_l|, and the exact
// e_l = (y_l − c_b)/s, d_b = (y_i − c_b)/s + Z, so Q = Σ_l exp(−(d_b − e_l)²/2)).
//  (k) Kept boxes. c = √(2(ln n + kSeriesSkipNats) + Z²) and L = c + E + η,
//      η = 1e-9·(c + E + |Z| + 1). The computed d̃_b = fl(fl(fl(y_i − c_b)·fl(1/s)) + Z)
//      (or, with FMA contraction, the product unrounded before the sum) is non-increasing
//      in b (every operation is monotone and c_b increases), and the own box has
//      |d̃| ≤ (E(1 + 2u) + |Z|)(1 + u) < L (its product is ẽ_i, rounded or not). The kept
//      range is widened and narrowed until its neighbours have |d̃| > L and its ends
//      |d̃| ≤ L, so every kept box has |d̃| ≤ L and every skipped one |d̃| > L.
//  (p) Perturbation. d̃ = (A(1+θ₃) + Z)(1+θ₁) with A = (y_i − c_b)/s (θ₂ with FMA), so
//      |d̃ − d| ≤ γ₄|A| + u|d| ≤ γ₅(2|d̃| + |Z|)·1.01, and |ẽ − e| ≤ γ₃·1.01·E. With
//      Δ = γ₅(2L + |Z|)·1.01 + γ₃·1.01·E, each kept exponent satisfies
//      |(d̃ − ẽ)² − (d − e)²|/2 ≤ Δ·(L + E + Δ) =: π, so the kept sum at (d̃, ẽ) is within a
//      factor e^{±π} of the kept sum at (d, e); e^π − 1 ≤ 1.01π.
//  (s) Skipped boxes. There |d| ≥ |d̃| − γ₅(2|d| + |Z|) and |e| ≤ 1.01E, so
//      |d − e| ≥ L − η ≥ c (η covers the γ terms), and each skipped term is ≤ e^{−c²/2}.
//      The own term is e^{−Z²/2} ≤ Q, so the skipped mass is ≤ n·e^{−(c² − Z²)/2}·Q
//      = e^{−kSeriesSkipNats}·Q, computed as δ_skip = 1.01·n·e^{−(c̃² − Z²)/2}.
//  (t) Taylor. With x = 1.000001·L·E ≥ |d̃·ẽ_l|: |Σ_{p<P}(d̃ẽ)^p/p! − e^{d̃ẽ}|
//      ≤ |x|^P/P!·e^{max(0, d̃ẽ)} (Lagrange), relative to e^{d̃ẽ}: ≤ x^P/P!·e^{x} =: δ_t.
//  (r) Rounding. The computed sum is built from the elementary products
//      e^{−d̃²/2}·e^{−ẽ²/2}·ẽ^p/p!·d̃^p. Each reaches the result through at most
//      R = 3P (moment powers: fl(1/p), ·ẽ, ·previous) + n_b (sum over the box's centres)
//      + 2P (Horner) + 1 (·e^{−d̃²/2}) + B (sum over the kept boxes) roundings, so
//      elementwise relative error γ_R; the two exponentials add δ_e each and their rounded
//      arguments fl(0.5·fl(x·x)) change the exponent by ≤ u·(L² + E²)/2 together. The
//      absolute error is therefore ≤ 1.01·(γ_R + 2.0001·δ_e + u(L² + E²)/2)·Σ|elementary|, and
//      Σ_p |elementary| ≤ e^{−(d̃² + ẽ²)/2}·e^{|d̃ẽ|} = e^{−(d̃ − ẽ)²/2}·e^{|d̃ẽ| − d̃ẽ}
//      ≤ e^{−(d̃ − ẽ)²/2}·e^{2x}: relative δ_r = 1.01·e^{2x}·(γ_R + 2.0001δ_e + u(L² + E²)/2).
//      Results below 2^-1022 carry absolute errors ≤ 2^-1074 each, at most 3P·(n + B) of
//      them, amplified by ≤ (L + 1)^P ≤ 1e40 through Horner, against Q ≥ e^{−Z²/2} ≥ e^{−50}:
//      < 1e-200 relative, included as kUnderflowTerm.
//  Together (taylor_box_relative_error), with every part ≤ 1e-3: |Q̃ − Q| ≤ δ·Q,
//      δ = 1.01·(δ_r + δ_t + 1.01π) + δ_skip + kUnderflowTerm.
RECONBOUND_GOLDFELD_CLONES
void series_sums(const SeriesLevel& level, const double* y, std::size_t n,
                 const std::size_t* self, const double* z, std::size_t count,
                 std::vector<double>& work, double* sums, double* relative_error) {
  const std::size_t boxes = level.boxes;
  const double inv_s = level.inv_s;
  const double radius = level.radius;  // E
  work.resize(2 * boxes);
  double* __restrict d = work.data();
  double* __restrict acc = work.data() + boxes;
  const double log_n = std::log(static_cast<double>(n));
  for (std::size_t q = 0; q < count; ++q) {
    const double zq = z[q];
    const double yi = y[self[q]];
    const double cut = std::sqrt(2.0 * (log_n + kSeriesSkipNats) + zq * zq);  // c
    const double limit = cut + radius + 1e-9 * (cut + radius + std::abs(zq) + 1.0);  // L
    const auto offset = [&](std::size_t b) { return (yi - level.centre[b]) * inv_s + zq; };
    // Kept: the boxes with |d̃_b| ≤ L, a range around the own box (d̃ falls with b). Start
    // from the estimate ±L/kSeriesBoxWidth boxes around the query, then settle exactly.
    const std::size_t own = level.box_of[self[q]];
    const double reach = (limit + std::abs(zq)) / kSeriesBoxWidth + 1.0;
    const double left = static_cast<double>(own) - reach;
    const double right = static_cast<double>(own) + reach;
    std::size_t first = left > 0.0 ? static_cast<std::size_t>(left) : 0;
    std::size_t last = std::min(boxes - 1, static_cast<std::size_t>(right));
    while (first > 0 && offset(first - 1) <= limit) --first;
    while (offset(first) > limit) ++first;  // stops at the own box at the latest
    while (last + 1 < boxes && offset(last + 1) >= -limit) ++last;
    while (offset(last) < -limit) --last;
    const std::size_t kept = last - first + 1;
    for (std::size_t b = 0; b < kept; ++b) {
      d[b] = offset(first + b);
      acc[b] = level.moments[(kSeriesTerms - 1) * boxes + first + b];
    }
    for (std::size_t p = kSeriesTerms - 1; p-- > 0;) {  // Horner in d̃
      const double* __restrict m = level.moments.data() + p * boxes + first;
      for (std::size_t b = 0; b < kept; ++b) acc[b] = acc[b] * d[b] + m[b];
    }
    double total = 0.0;
    for (std::size_t b = 0; b < kept; ++b) total += exp_neg(0.5 * (d[b] * d[b])) * acc[b];
    sums[q] = total;

    TaylorBoxQuery bound;
    bound.terms = kSeriesTerms;
    bound.kept_limit = limit;
    bound.radius = radius;
    bound.z_norm = std::abs(zq);
    bound.rounding_steps = static_cast<double>(5 * kSeriesTerms + 1 + level.largest_box + kept);
    bound.exponent_rounding = 0.5 * kUnitRoundoff * (limit * limit + radius * radius);
    bound.skip_nats = 0.5 * (cut * cut - zq * zq);
    bound.n = n;
    const double delta = taylor_box_relative_error(bound, total, "k=1 series");
    relative_error[q] = delta;
  }
}

}  // namespace reconbound::goldfeld
