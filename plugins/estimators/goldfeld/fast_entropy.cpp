#include "fast_entropy.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "perturbation_bound.hpp"
#include "reconbound/compensated_sum.hpp"
#include "reconbound/error.hpp"
#include "chained_kernel.hpp"
#include "rounding.hpp"
#include "single_bound.hpp"

namespace reconbound::goldfeld {

using detail::gamma;
using detail::kUnitRoundoff;

void SingleKernelQueries::append(const SingleKernelQueries& more) {
  weights.insert(weights.end(), more.weights.begin(), more.weights.end());
  offsets.insert(offsets.end(), more.offsets.begin(), more.offsets.end());
  scales.insert(scales.end(), more.scales.begin(), more.scales.end());
  errors.insert(errors.end(), more.errors.begin(), more.errors.end());
}

namespace {

// What start_tile's rows share: the block and its layouts, the plan, the truncation cut, the
// product kernel's queries collected over the tile (run once at its end) and one row's scratch.
struct TileRows {
  const BlockPoints& points;
  const ProductCentres* product;
  const SingleCentres* single;
  const LevelPlan& plan;
  std::size_t n_mc;
  ShiftedKernelWorkspace& work;
  // Certified truncation (direct kernels): groups whose exponents all exceed
  // ln n + kTruncationNats hold at most n·e^{−cut} = e^{−kTruncationNats} of mass relative to S ≥ 1.
  double cut = 0.0;
  // The product kernel's queries: weights, offsets, scales, the exponent bound ε_q and the slot
  // (PendingTile) of each.
  std::vector<double> weights{}, offsets{}, scales{}, exponent_error{};
  std::vector<std::size_t> product_slot{};
  // One row: its draws, its product queries in double, and in float for the single kernel.
  std::vector<double> z{}, row_weights{}, row_offsets{}, row_errors{};
  SingleKernelQueries row_single{};

  std::size_t k() const { return points.k(); }
  std::size_t per_row() const { return plan.scales.size() * n_mc; }  // queries of a row, q = v·n_mc + j
};

// The draws Z of sample row i (W_{ij,b} = s·Z_{ij} for every level s, mathematics §6.3) into
// rows.z, their computed ‖Z‖² into row_norm2; returns the largest.
double draw_row(TileRows& rows, NormalStream& dither, std::size_t i, double* row_norm2) {
  const std::size_t k = rows.k();
  double largest = 0.0;
  for (std::size_t j = 0; j < rows.n_mc; ++j) {
    double norm2 = 0.0;
    for (std::size_t c = 0; c < k; ++c) {
      rows.z[j * k + c] = dither.next();
      norm2 += rows.z[j * k + c] * rows.z[j * k + c];
    }
    // The sums are ≥ 1 and ≤ n·e^{‖Z‖²/2}; the error proof needs ‖Z‖²/2 ≤ 690.
    if (!(norm2 <= 1380.0)) {
      throw NumericalError(fmt::format(
          "goldfeld fast path: a dither draw has |Z|^2 = {} > 1380 at k={} (sample row {}); run with exact=true",
          norm2, k, i));
    }
    row_norm2[j] = norm2;
    largest = std::max(largest, norm2);
  }
  return largest;
}

// The chained kernel's sums of row i and their δ.
void chained_row(TileRows& rows, std::size_t i, const double* row_norm2, double* row_sums, double* row_delta) {
  const std::size_t n = rows.points.n();
  chained_kernel_sums(rows.points.coordinate_major(), n, rows.k(), i, rows.z.data(), rows.n_mc, rows.plan, rows.work,
                      row_sums);
  for (std::size_t v = 0; v < rows.plan.scales.size(); ++v) {
    for (std::size_t j = 0; j < rows.n_mc; ++j) {
      row_delta[v * rows.n_mc + j] =
          sum_relative_error(n, rows.k(), row_norm2[j], rows.plan.depth[v], chained_additions(n), 0.0);
    }
  }
}

// Which product kernel takes row i: its queries (rows.row_*) formed, with every query within the
// single kernel's bounds (fits_single) or within the double kernel's kProductExponentLimit.
struct ProductFit {
  bool single = false;
  bool product = false;
};

ProductFit fit_product_kernels(TileRows& rows, std::size_t i, const double* row_norm2) {
  const std::size_t k = rows.k();
  const ProductCentres* product = rows.product;
  ProductFit fit{rows.single != nullptr, product != nullptr};
  for (std::size_t v = 0; v < rows.plan.scales.size() && (fit.product || fit.single); ++v) {
    for (std::size_t j = 0; j < rows.n_mc && (fit.product || fit.single); ++j) {
      const std::size_t q = v * rows.n_mc + j;
      rows.row_errors[q] =
          product_exponent_error(k, product->norm2[i], product->max_norm2, row_norm2[j], rows.plan.scales[v]);
      rows.row_offsets[q] = product_query(rows.points.coordinate_major() + i, rows.points.n(), product->norm2[i],
                                          rows.z.data() + j * k, k, rows.plan.scales[v], rows.row_weights.data() + q * k);
      fit.product = fit.product && rows.row_errors[q] <= kProductExponentLimit;
      if (!fit.single) continue;
      SingleKernelQueries& single = rows.row_single;
      float* weight = single.weights.data() + q * k;
      for (std::size_t c = 0; c < k; ++c) weight[c] = static_cast<float>(rows.row_weights[q * k + c]);
      single.offsets[q] = static_cast<float>(rows.row_offsets[q]);
      single.scales[q] = static_cast<float>(rows.plan.scales[v].half_inv_s2);
      single.errors[q] = single_exponent_error(*rows.single, weight, single.offsets[q], single.scales[q],
                                               row_norm2[j], rows.row_errors[q]);
      fit.single = fits_single(single.errors[q], row_norm2[j]);
    }
  }
  return fit;
}

// Row `row`'s queries (formed by fit_product_kernels) join the tile's double product kernel.
void queue_product_row(TileRows& rows, std::size_t row) {
  const std::size_t k = rows.k();
  for (std::size_t q = 0; q < rows.per_row(); ++q) {
    rows.weights.insert(rows.weights.end(), rows.row_weights.begin() + q * k, rows.row_weights.begin() + (q + 1) * k);
    rows.offsets.push_back(rows.row_offsets[q]);
    rows.scales.push_back(rows.plan.scales[q / rows.n_mc].half_inv_s2);
    rows.exponent_error.push_back(rows.row_errors[q]);
    rows.product_slot.push_back(row * rows.per_row() + q);
  }
}

// The difference kernel's sums of row i and their δ.
void difference_row(TileRows& rows, std::size_t i, const double* row_norm2, double* row_sums, double* row_delta) {
  const std::size_t n = rows.points.n();
  const std::size_t levels = rows.plan.scales.size();
  std::vector<double> skipped(rows.per_row());
  std::vector<double> smallest_skipped(rows.per_row());
  shifted_kernel_sums(rows.points.coordinate_major(), n, rows.k(), i, rows.z.data(), rows.n_mc,
                      rows.plan.scales.data(), levels, rows.cut, rows.work, row_sums, skipped.data(),
                      smallest_skipped.data());
  for (std::size_t v = 0; v < levels; ++v) {
    for (std::size_t j = 0; j < rows.n_mc; ++j) {
      const std::size_t q = v * rows.n_mc + j;
      row_delta[q] = sum_relative_error(n, rows.k(), row_norm2[j], 0, direct_additions(n),
                                        skipped_mass_bound(rows.k(), row_norm2[j], skipped[q], smallest_skipped[q]));
    }
  }
}

// The double product kernel's sums of the tile's queued rows, into their slots with their δ.
void product_sums(TileRows& rows, PendingTile& out) {
  const std::size_t count = rows.product_slot.size();
  if (count == 0) return;
  std::vector<double> sums(count);
  std::vector<double> skipped(count);
  std::vector<double> smallest(count);
  product_kernel_sums(*rows.product, rows.weights.data(), rows.offsets.data(), rows.scales.data(), count, rows.cut,
                      rows.work, sums.data(), skipped.data(), smallest.data());
  for (std::size_t p = 0; p < count; ++p) {
    const double error = rows.exponent_error[p];
    out.sums[rows.product_slot[p]] = sums[p];
    out.relative_error[rows.product_slot[p]] = product_sum_relative_error(
        out.n, error, product_skipped_mass_bound(error, skipped[p], smallest[p]));
  }
}

}  // namespace

PendingTile start_tile(const BlockPoints& points, const ProductCentres* product, const SingleCentres* single,
                       const LevelPlan& plan, std::size_t n_mc, NormalStream& dither, std::size_t row_begin,
                       std::size_t row_end, ShiftedKernelWorkspace& work, const SeriesTables* series) {
  const std::size_t k = points.k();
  TileRows rows{points, product, single, plan, n_mc, work, std::log(static_cast<double>(points.n())) + kTruncationNats};
  const std::size_t per_row = rows.per_row();
  rows.z.assign(n_mc * k, 0.0);
  rows.row_weights.assign(per_row * k, 0.0);
  rows.row_offsets.assign(per_row, 0.0);
  rows.row_errors.assign(per_row, 0.0);
  rows.row_single = {std::vector<float>(per_row * k), std::vector<float>(per_row), std::vector<float>(per_row),
                     std::vector<SingleExponentError>(per_row)};
  PendingTile out;
  out.n = points.n();
  out.k = k;
  out.level_count = plan.scales.size();
  out.n_mc = n_mc;
  out.rows = row_end - row_begin;
  out.z_norm2.assign(out.rows * n_mc, 0.0);
  out.kernel.assign(out.rows, RowKernel::difference);
  out.sums.assign(out.rows * per_row, 0.0);
  out.relative_error.assign(out.rows * per_row, 0.0);  // δ of each sum
  for (const LevelScale& scale : plan.scales) out.level_h.push_back(scale.half_inv_s2);
  out.centring_error = points.centring_error();
  for (std::size_t i = row_begin; i < row_end; ++i) {
    const std::size_t row = i - row_begin;
    double* row_norm2 = out.z_norm2.data() + row * n_mc;
    double* row_sums = out.sums.data() + row * per_row;
    double* row_delta = out.relative_error.data() + row * per_row;
    const double largest_norm2 = draw_row(rows, dither, i, row_norm2);
    RowKernel& kernel = out.kernel[row];
    if (series != nullptr &&
        series_row_sums(*series, points, i, rows.z.data(), n_mc, largest_norm2, work, row_sums, row_delta)) {
      kernel = RowKernel::series;
    } else if (plan.chained && largest_norm2 <= kChainNormLimit) {  // the chains' proof (r) needs ‖Z‖² ≤ 700
      kernel = RowKernel::chained;
      chained_row(rows, i, row_norm2, row_sums, row_delta);
    } else if (const ProductFit fit = fit_product_kernels(rows, i, row_norm2); fit.single) {
      kernel = RowKernel::single;  // its sums come to finish_tile, for the whole tile at once
      out.single_queries.append(rows.row_single);
      for (std::size_t q = 0; q < per_row; ++q) out.single_slot.push_back(row * per_row + q);
    } else if (fit.product) {
      kernel = RowKernel::product;  // its sums follow in product_sums, for the whole tile at once
      queue_product_row(rows, row);
    } else {
      kernel = RowKernel::difference;
      difference_row(rows, i, row_norm2, row_sums, row_delta);
    }
  }
  product_sums(rows, out);
  return out;
}

SingleKernelSums cpu_single_sums(const SingleCentres& centres, const SingleKernelQueries& queries,
                                 ShiftedKernelWorkspace& work) {
  const std::size_t count = queries.offsets.size();
  SingleKernelSums out{std::vector<double>(count), std::vector<double>(count), std::vector<double>(count),
                       SingleSummation::cpu_lanes};
  if (count == 0) return out;
  const double cut = std::log(static_cast<double>(centres.n)) + kTruncationNats;  // as start_tile's
  single_kernel_sums(centres, queries.weights.data(), queries.offsets.data(), queries.scales.data(), count, cut,
                     work, out.sums.data(), out.skipped.data(), out.smallest_skipped.data());
  return out;
}

TileSums finish_tile(PendingTile tile, const SingleKernelSums& single, std::size_t first) {
  const std::size_t n = tile.n;
  for (std::size_t p = 0; p < tile.single_slot.size(); ++p) {
    const SingleExponentError& error = tile.single_queries.errors[p];
    const std::size_t q = first + p;
    tile.sums[tile.single_slot[p]] = single.sums[q];
    tile.relative_error[tile.single_slot[p]] =
        single.summation == SingleSummation::cpu_lanes
            ? single_sum_relative_error(
                  n, error, product_skipped_mass_bound(error.all, single.skipped[q], single.smallest_skipped[q]))
            : device_sum_relative_error(n, error, single.summation);
  }
  TileSums out{std::vector<double>(tile.level_count, 0.0), std::vector<double>(tile.level_count, 0.0),
               std::vector<double>(tile.level_count, 0.0)};
  const std::size_t n_mc = tile.n_mc;
  const std::size_t per_row = tile.level_count * n_mc;
  // The values in row order, then level, then draw (the same order on every thread count).
  for (std::size_t row = 0; row < tile.rows; ++row) {
    for (std::size_t v = 0; v < tile.level_count; ++v) {
      for (std::size_t j = 0; j < n_mc; ++j) {
        const std::size_t q = row * per_row + v * n_mc + j;
        // Taylor boxes: −ln Σ_l exp(−‖t − y_l‖²/(2s²)) directly; the other kernels:
        // −ln Σ_l exp(−‖t − y_l‖²/(2s²)) = ‖Z‖²/2 − ln Σ_l exp(−a_l)   (nats)
        const double z2 = tile.kernel[row] == RowKernel::series ? 0.0 : tile.z_norm2[row * n_mc + j];
        const double value = 0.5 * z2 - std::log(tile.sums[q]);
        out.value[v] += value;
        out.magnitude[v] += std::abs(value);
        out.error[v] += query_error_nats(tile.k, z2, tile.sums[q], value, tile.relative_error[q]);
        // The centring's rounding moves the query's point and every centre (perturbation_bound.hpp);
        // the smallest exponent is at most the own centre's, ‖Z‖²/2.
        out.error[v] += detail::perturbation_nats(0.505 * tile.z_norm2[row * n_mc + j], 1.01 * tile.level_h[v],
                                                  2.0 * tile.centring_error, static_cast<double>(tile.n));
      }
    }
  }
  return out;
}

TileSums fast_tile_sums(const BlockPoints& points, const ProductCentres* product,
                        const SingleCentres* single, const LevelPlan& plan, std::size_t n_mc,
                        NormalStream& dither, std::size_t row_begin, std::size_t row_end, ShiftedKernelWorkspace& work,
                        const SeriesTables* series) {
  PendingTile tile = start_tile(points, product, single, plan, n_mc, dither, row_begin, row_end, work, series);
  SingleKernelSums sums;
  if (!tile.single_slot.empty()) sums = cpu_single_sums(*single, tile.single_queries, work);
  return finish_tile(std::move(tile), sums, 0);
}

// Skipped mass (certified truncation, direct kernel). Every skipped centre has computed
// exponent ã ≥ m̃ (the smallest skipped one); by (a) below, its exact exponent satisfies
// a ≥ ã − γ_{k+6}·(4a + 4.5‖Z‖²), i.e. a ≥ (m̃ − 4.5·γ_{k+6}·‖Z‖²)/(1 + 4·γ_{k+6}) =: a_lb, so
// the skipped mass is S_skip ≤ count·e^{−a_lb} =: U (rounded up by 1 + 1e-12: the roundings
// of a_lb, ≤ 4u·710 < 1e-12 in the exponent, std::exp's and the product's).
double skipped_mass_bound(std::size_t k, double z_norm2, double count, double smallest) {
  if (count == 0.0) return 0.0;
  const double g = gamma(static_cast<double>(k) + 6.0);
  const double lower = (smallest - 4.5 * g * 1.01 * z_norm2) / (1.0 + 4.0 * g);  // a_lb
  return count * std::exp(-lower) * (1.0 + 1e-12);
}

// Proof of the per-query bound. u = 2^-53, γ_m = m·u/(1 − m·u), λ(x) = −ln(1 − x). For one
// query t = y_i + s·Z and one level (h = 1/(2s²), r = 1/s; computed h̃ = h(1+θ₂),
// r̃ = r(1+θ₁), |θ_m| ≤ γ_m). For a positive computed x̃ of an exact x write x̃ = x·e^{φ}:
// φ is its log error. A rounded product with a normal result adds |φ| ≤ λ(u), exp_neg
// adds |φ| ≤ λ(δ_e), δ_e = kExpRelativeError.
//
//  (a) Exponents. With D = ‖y_i − y_l‖², G = ⟨Z, y_i − y_l⟩ the exact a = D·h + G·r
//      satisfies ‖t − y_l‖²/(2s²) = ‖Z‖²/2 + a ≥ 0. The computed differences carry one
//      rounding, D̃ = D(1+θ_{k+2}) (k squares of rounded differences, summed), and
//      |G̃ − G| ≤ γ_{k+1}·Σ_c|Z_c||y_ic − y_lc| ≤ γ_{k+1}·‖Z‖·√D (Cauchy–Schwarz). Two more
//      roundings form ã = D̃h̃ + G̃r̃, so with A = D·h:
//        ε_l := |ã − a| ≤ γ_{k+6}·(A + ‖Z‖·√(2A)) ≤ γ_{k+6}·(2A + ‖Z‖²/2)
//      (AM–GM: ‖Z‖√(2A) ≤ A + ‖Z‖²/2). Also a = A + G·r ≥ A − ‖Z‖√(2A) ≥ A/2 − ‖Z‖²
//      (AM–GM again), so A ≤ 2a + 2‖Z‖² and ε_l ≤ γ_{k+6}·(4a + 4.5‖Z‖²).
//  (b) Terms of a top level. If ã ≤ 708 the computed term is e^{−ã}(1+η), |η| ≤ δ_e: its
//      log error is ≤ ε_l + λ(δ_e). If ã > 708 (the clamp), then a ≥ 700 (ε_l is far
//      below 8) and both t̃_l = e^{−708}(1+η) and t_l = e^{−a} are ≤ e^{−700} ("tiny").
//  (c) Chained levels (level_plan.hpp), parent p of v: s_p = 2·s_v exactly, so h_v = 4h_p,
//      r_v = 2r_p, A_v = 4A_p and a_v = 2(a_p + A_p). The factor F_p = e^{−A_p} is
//      exp_neg(fl(D̃·h̃_p)) for a top p (log error ≤ γ_{k+5}·A_p + λ(δ_e) when
//      fl(D̃·h̃_p) ≤ 708) or fl(fl(F̃_q²)²) for a chained p with parent q (log error
//      ≤ 4φ_q + 3λ(u)); the term is t̃_v = fl(fl(t̃_p·F̃_p)²) (log error ≤ 2φ_{t,p} +
//      2φ_{F,p} + 3λ(u)). By induction over the depth d (d = 0: (a), (b)), as long as every
//      intermediate is normal and no exponent is clamped,
//        φ_t,v ≤ γ_{k+6}·(A_v + ‖Z‖√(2A_v)) + ρ_d,   φ_F,v ≤ γ_{k+5}·A_v + ρ_d,
//        ρ_d := 4^d·λ(δ_e) + (4^d − 1)·λ(u) ≤ 1.0001·(4^d·δ_e + (4^d − 1)·u),
//      since 2(A_p + ‖Z‖√(2A_p)) + 2A_p ≤ A_v + ‖Z‖√(2A_v) (A_v = 4A_p) and
//      2·ρ_d + 2·ρ_d + 3λ(u) = ρ_{d+1} = 4·ρ_d + 3λ(u). So the exponent part obeys the
//      bound ε_l ≤ γ_{k+6}(4a + 4.5‖Z‖²) of (a) and the rest is ρ_d instead of λ(δ_e).
//  (r) Range of the chains (this plan is used only when every draw of the row has
//      fl(‖Z‖²) ≤ kChainNormLimit = 690, so ‖Z‖² ≤ 700). Every chained term is either as
//      in (c) or tiny (both computed and exact ≤ e^{−700}):
//      – a factor is "small" when both F̃ ≤ e^{−707} and F ≤ e^{−707}: a clamped top
//        factor (fl(D̃h̃) > 708, so A > 707.9 and F̃ = e^{−708}(1+η)); a chained factor of a
//        small parent (its result underflows to 0); a chained factor whose result or
//        intermediate square falls below 2^-1022 (the exact value is within a factor
//        e^{1e-6} of the unrounded product, so it is < 2^-1021 < e^{−707}). Otherwise
//        every intermediate is normal and (c) holds.
//      – t̃_p tiny ⇒ t̃_v ≤ (1.001·e^{−700})²·(1+u)² ≤ e^{−700} and t_v = (t_p·F_p)²
//        ≤ t_p² ≤ e^{−1400} (computed factors are ≤ e^{ρ_d} ≤ 1.001, exact ones ≤ 1).
//      – F_p small: a_v = 2(2A_p + G·r_p) ≥ 2(A_p − ‖Z‖²/2) ≥ 2(707 − 350) = 714, so
//        t_v ≤ e^{−714}; and t̃_p ≤ e^{350.1} (t_p = e^{−a_p} ≤ e^{‖Z‖²/2}, as a_p ≥
//        −‖Z‖²/2, with log error ≤ 1e-6, or tiny), so fl(t̃_p·F̃_p) ≤ e^{−356.8} and
//        t̃_v ≤ e^{−713}.
//      – t̃_p and F̃_p as in (c) but fl(t̃_p·F̃_p) or its square below 2^-1022: as for
//        factors, both t̃_v and t_v are < 2^-1021 < e^{−700}.
//      Every other case has normal intermediates, so (c) holds and t̃_v ≤ e^{350.1} again.
//      Without the chains (direct plan) only (a), (b) apply, and ‖Z‖² ≤ 1380 suffices.
//  (s) Sum of the terms of one level. Accurate terms: |t̃_l − t_l| ≤ t_l·(e^{φ} − 1) ≤
//      1.01·t_l·(ε_l + 1.0001·ρ_d) (φ ≤ 1e-3, checked below); tiny terms: ≤ e^{−700} each.
//      Σ_l t_l·ε_l ≤ γ_{k+6}·(4·Σ_l a_l e^{−a_l} + 4.5‖Z‖²·S) ≤ γ_{k+6}·(4n/e + 4.5‖Z‖²·S),
//      since a·e^{−a} ≤ 1/e for every real a. Summation: positive terms, each through at
//      most A additions (A = `additions`: the direct kernel's 8 lanes of ⌈n/8⌉ terms and a
//      tree of depth 3; the chained kernel's 8 register lanes of ≤ 16 terms per tile, added
//      to 8 running sums once per tile, and the tree): relative error ≤ γ_A of the sum of the
//      computed terms.
//  (d) The exact sum S = Σ_l e^{−a_l} ≥ 1 (the own centre has a = 0), so absolute errors
//      are relative errors. S = S_kept + S_skip; (a)–(s) apply to the kept terms and the
//      skipped mass satisfies 0 ≤ S_skip ≤ U (skipped_mass_bound; U = 0 in the chained
//      kernel, which skips nothing), so |S̃ − S| ≤ δ·S with
//        δ = 1.05·(4^d·δ_e + (4^d − 1)·u + γ_{k+6}·(4n/e + 4.5‖Z‖²) + n·e^{−700}
//                  + γ_A) + U
//      (the factor 1.05 covers 1.0001, 1.01 and the products of first-order terms, all
//      ≤ 1e-3, checked). Then |ln S̃ − ln S| ≤ −ln(1 − δ) ≤ 1.001·δ.
//  (e) The value ṽ = fl(fl(‖Z‖²)/2 − log S̃): ‖Z‖² has error ≤ γ_k·‖Z‖², the logarithm
//      (glibc, < 1 ulp) ≤ 2u·|ln S̃|, the subtraction ≤ u·|ṽ|·1.01.
//  Also ‖Z‖² ≤ 1.01·fl(‖Z‖²) wherever it appears above, and ε_l ≤ γ_{k+6}·(4·709 + 4.5·1380)
//  < 1e-6 for k ≤ 1e6, as used in (s).
double sum_relative_error(std::size_t n, std::size_t k, double z_norm2, std::size_t depth,
                          std::size_t additions, double skipped_mass) {
  const double nd = static_cast<double>(n);
  const double kd = static_cast<double>(k);
  const double z2 = 1.01 * z_norm2;
  const double power = std::ldexp(1.0, 2 * static_cast<int>(depth));  // 4^d
  const double delta =
      1.05 * (power * kExpRelativeError + (power - 1.0) * kUnitRoundoff +
              gamma(kd + 6.0) * (4.0 * nd / std::numbers::e + 4.5 * z2) +
              nd * std::exp(-700.0) +
              gamma(static_cast<double>(additions))) +
      skipped_mass;
  if (!(delta <= 1e-3)) {
    throw NumericalError(fmt::format(
        "goldfeld fast path: the rounding bound {} is too large for n={} at k={}; run with "
        "exact=true",
        delta, n, k));
  }
  return delta;
}

// The product kernel (shifted_kernel.hpp). Its exponents satisfy |ã_l − a_l| ≤ ε_q for every
// centre l (product_exponent_error, proof in shifted_kernel.cpp), the same ε_q for all l,
// so the steps (a) and (s) above simplify:
//  (b') A kept term with ã ≤ 708 is e^{−ã}(1+η), |η| ≤ δ_e: log error ≤ ε_q + λ(δ_e). A
//      clamped one (ã > 708) has a ≥ 708 − ε_q > 700: computed and exact ≤ e^{−700}.
//      The exponent range of exp_neg holds: a ≥ −‖Z‖²/2 ≥ −690 (‖Z‖² ≤ 1380, checked) and
//      ε_q ≤ kProductExponentLimit, so ã ∈ [−691, 708].
//  (s') |Σ_kept t̃_l − Σ_kept t_l| ≤ 1.01·(ε_q + 1.0001·δ_e)·S + n·e^{−700}, and the 8-lane
//      summation (direct_additions, as the difference kernel: adding a masked lane's 0 is
//      exact) adds ≤ γ_A of the computed sum.
//  (d') Truncation: every skipped centre has ã ≥ m̃ (the smallest skipped), so a ≥ m̃ − ε_q
//      and S_skip ≤ U := count·e^{−(m̃ − ε_q)} (rounded up by 1 + 1e-12: the subtraction's
//      rounding, ≤ u·710 < 1e-13 in the exponent, std::exp's and the product's).
//  So, with S ≥ 1, |S̃ − S| ≤ δ·S for
//    δ = 1.05·(δ_e + ε_q + n·e^{−700} + γ_A) + U,
//  the factor 1.05 covering 1.0001, 1.01 and products of first-order terms (δ ≤ 1e-3,
//  checked), and the value's error follows as in (e).
double product_skipped_mass_bound(double exponent_error, double count, double smallest) {
  if (count == 0.0) return 0.0;
  return count * std::exp(-(smallest - exponent_error)) * (1.0 + 1e-12);
}

double product_sum_relative_error(std::size_t n, double exponent_error, double skipped_mass) {
  const double nd = static_cast<double>(n);
  const double delta =
      1.05 * (kExpRelativeError + exponent_error + nd * std::exp(-700.0) +
              gamma(static_cast<double>(direct_additions(n)))) +
      skipped_mass;
  if (!(delta <= 1e-3)) {
    throw NumericalError(fmt::format(
        "goldfeld fast path: the rounding bound {} is too large for n={}; run with exact=true",
        delta, n));
  }
  return delta;
}

double query_error_nats(std::size_t k, double z_norm2, double sum, double value,
                        double sum_error) {
  const double z2 = 1.01 * z_norm2;
  return 1.001 * sum_error + 0.5 * gamma(static_cast<double>(k)) * z2 +
         2.0 * kUnitRoundoff * std::abs(std::log(sum)) + 1.01 * kUnitRoundoff * std::abs(value);
}

// Aggregation, with N = n·n_mc queries and T = kTileRows·n_mc queries per tile:
//   Σ_q ṽ_q is formed by plain sums inside each tile (error ≤ γ_T·Σ_{q∈tile}|ṽ_q|) and a
//   Neumaier sum over the ⌈n/kTileRows⌉ =: M tiles (error ≤ 2u·|Σ| + 4M·u²·Σ|x|), so the
//   total error is ≤ 1.01·(γ_T + 2u + 4M·u²)·Σ_q|ṽ_q|. Σ e_q and Σ|ṽ_q| are sums of
//   non-negative numbers, exact up to a factor 1 + γ_N ≤ 1.01 (N·u < 1e-3, checked).
//   ĥ = (C + Σ/N)/ln2 with C = ln n + (k/2)·ln(2πs²): C carries ≤ 10u·(ln n + (k/2)·
//   (|ln(2πs²)| + 1)), the division by N, the addition and the division by ln2 (rounded
//   itself) ≤ 4u·(|C| + |Σ/N|). So
//     |ĥ − ĥ_exact| ≤ 1.01·[ (Σ e_q + aggregation)/N + C error + 4u·(|C| + |Σ/N|) ] / ln2,
//   where ĥ_exact is eq 31 evaluated in exact arithmetic on the same draws Z.
FastBlockResult fast_block_result(const std::vector<TileSums>& tiles, std::size_t level,
                                  std::size_t n, std::size_t k, std::size_t n_mc, double s) {
  CompensatedSum value;
  double magnitude = 0.0;
  double error = 0.0;
  for (const TileSums& tile : tiles) {
    value.add(tile.value[level]);
    magnitude += tile.magnitude[level];
    error += tile.error[level];
  }
  const double tile_count = static_cast<double>(tiles.size());  // M
  const double aggregation =
      1.01 * (gamma(static_cast<double>(kTileRows * n_mc)) + 2.0 * kUnitRoundoff +
              4.0 * tile_count * kUnitRoundoff * kUnitRoundoff) *
      (1.01 * magnitude);
  return block_from_sums(value.value(), error, aggregation, n, k, n_mc, s);
}

FastBlockResult block_from_sums(double value_sum, double error_sum, double aggregation, std::size_t n, std::size_t k,
                                std::size_t n_mc, double s) {
  const double nd = static_cast<double>(n);
  const double queries = nd * static_cast<double>(n_mc);  // N
  if (!(queries * kUnitRoundoff < 1e-3)) {
    throw NumericalError(fmt::format(
        "goldfeld: n·n_mc = {} queries are too many for its error bound; lower n_mc", queries));
  }
  const double error = error_sum;
  const double half_k = 0.5 * static_cast<double>(k);
  const double log_scale = std::log(2.0 * std::numbers::pi * s * s);
  const double constant = std::log(nd) + half_k * log_scale;  // nats
  const double constant_error = 10.0 * kUnitRoundoff * (std::log(nd) + half_k * (std::abs(log_scale) + 1.0));
  const double mean = value_sum / queries;
  FastBlockResult out;
  out.h_mc_bits = (constant + mean) / std::numbers::ln2;  // eq 31, bits
  out.numerical_error_bits =
      1.01 *
      ((1.01 * error + aggregation) / queries + constant_error +
       4.0 * kUnitRoundoff * (std::abs(constant) + std::abs(mean))) /
      std::numbers::ln2;
  return out;
}

}  // namespace reconbound::goldfeld
