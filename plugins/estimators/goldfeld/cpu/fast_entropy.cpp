#include "cpu/fast_entropy.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "cpu/chained_kernel.hpp"
#include "cpu/single_bound.hpp"
#include "mathematics/perturbation_bound.hpp"
#include "mathematics/query_bound.hpp"
#include "reconbound/error.hpp"

namespace reconbound::goldfeld {

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
        out.n, error, direct_additions(out.n), product_skipped_mass_bound(error, skipped[p], smallest[p]));
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

}  // namespace reconbound::goldfeld
