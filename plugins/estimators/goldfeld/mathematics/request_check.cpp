#include "mathematics/request_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <thread>
#include <tuple>

#include "mathematics/block_result.hpp"
#include "reconbound/error.hpp"

namespace reconbound::goldfeld {

CheckedRequest check_settings(const EntropyRequest& request) {
  CheckedRequest out;
  out.n = static_cast<std::size_t>(request.rotated.rows());
  out.width = static_cast<std::size_t>(request.rotated.cols());
  out.first_column = request.first_column;
  out.m = sample_columns(request);
  if (request.columns == 0 && request.first_column != 0) {
    throw InvalidInput(fmt::format("first_column = {} needs the sample's column count (columns) too",
                                   request.first_column));
  }
  if (out.first_column > out.m || out.width > out.m - out.first_column) {
    throw InvalidInput(fmt::format("the window of columns [{}, {}) lies outside the sample's {} columns",
                                   out.first_column, out.first_column + out.width, out.m));
  }
  if (out.n < 2) {
    throw InvalidInput(fmt::format(
        "the goldfeld estimator needs at least 2 sample rows, got {}; pass a larger sample",
        out.n));
  }
  if (out.m < 1) throw InvalidInput("the rotated sample has no columns; pass U·Ψ(x_i) as rows");
  if (request.grid.empty()) throw InvalidInput("the grid is empty; give at least one (k, nu2) pair");
  for (std::size_t p = 0; p < request.grid.size(); ++p) {
    const GridPair& pair = request.grid[p];
    if (pair.k < 1 || out.m % pair.k != 0) {
      throw InvalidInput(fmt::format(
          "grid pair {}: block size k={} does not divide m={}; use a divisor of m", p + 1,
          pair.k, out.m));
    }
    if (!(pair.nu2 > 0.0) || !std::isfinite(pair.nu2)) {
      throw InvalidInput(fmt::format(
          "grid pair {}: nu2={} must be finite and > 0 (relative dither, mathematics §5)", p + 1,
          pair.nu2));
    }
  }
  if (!(request.trace_sigma > 0.0) || !std::isfinite(request.trace_sigma)) {
    throw InvalidInput(fmt::format(
        "trace_sigma={} must be finite and > 0; estimate tr Σ on the held-out split",
        request.trace_sigma));
  }
  if (!(request.alpha > 0.0 && request.alpha < 1.0)) {
    throw InvalidInput(fmt::format("alpha={} must lie in (0, 1)", request.alpha));
  }
  if (!(request.alpha_mc_fraction > 0.0 && request.alpha_mc_fraction < 1.0)) {
    throw InvalidInput(fmt::format("alpha_mc_fraction={} must lie in (0, 1)",
                                   request.alpha_mc_fraction));
  }
  const std::size_t union_size = request.union_size == 0 ? request.grid.size() : request.union_size;
  if (union_size < request.grid.size()) {
    throw InvalidInput(fmt::format(
        "union_size={} is smaller than the grid ({} pairs); give the size of the whole grid G "
        "or 0",
        request.union_size, request.grid.size()));
  }
  if (request.n_mc > 1'000'000) {
    throw InvalidInput(fmt::format(
        "n_mc={} must lie in [1, 1000000] (Monte Carlo draws per sample point; 0 for the "
        "budget rule)",
        request.n_mc));
  }
  if (request.shards < 1 || request.shard >= request.shards) {
    throw InvalidInput(fmt::format("shard {} of {} is not valid; need 0 ≤ shard < shards",
                                   request.shard, request.shards));
  }
  std::tie(out.part_begin, out.part_end) = query_parts_computed(request);
  out.query_parts = request.query_parts;
  if (out.query_parts > tiles_of(out.n)) {
    throw InvalidInput(fmt::format("query_parts = {} exceeds the {} tiles of {} sample rows; split into fewer parts",
                                   out.query_parts, tiles_of(out.n), out.n));
  }
  out.threads = request.threads > 0
                    ? request.threads
                    : std::max<std::size_t>(1, std::thread::hardware_concurrency());
  out.margins = margin_settings(union_size, request.alpha, request.alpha_mc_fraction);  // |G|, α₁, α₂
  return out;
}

void check_sample_finite(const MatrixView& rotated) {
  for (Eigen::Index i = 0; i < rotated.rows(); ++i) {
    if (rotated.row(i).allFinite()) continue;
    Eigen::Index j = 0;
    while (std::isfinite(rotated(i, j))) ++j;
    throw InvalidInput(fmt::format(
        "row {} (column {}, both 0-based) of the rotated sample is {}; remove or repair that "
        "record", i, j,
        rotated(i, j)));
  }
}

bool computes_block(const EntropyRequest& request, const CheckedRequest& checked, std::size_t k, std::size_t b) {
  return b % request.shards == request.shard && b * k >= checked.first_column &&
         (b + 1) * k <= checked.first_column + checked.width;
}

bool computes_all_blocks(const EntropyRequest& request, const CheckedRequest& checked) {
  return request.shards == 1 && checked.first_column == 0 && checked.width == checked.m;
}

std::size_t tiles_of(std::size_t n) { return (n + kTileRows - 1) / kTileRows; }

}  // namespace reconbound::goldfeld
