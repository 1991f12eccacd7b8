#pragma once
// The Taylor-box tables of one block for every dither level (k = 1: series_kernel.hpp,
// k = 2: planar_series_kernel.hpp), built once per block and shared by all its tiles.
#include <cstddef>
#include <optional>
#include <vector>

#include "cpu/block_entropy.hpp"
#include "cpu/planar_series_kernel.hpp"
#include "cpu/series_kernel.hpp"
#include "cpu/shifted_kernel.hpp"
#include "mathematics/level_plan.hpp"

namespace reconbound::goldfeld {

// When the fast path uses the Taylor boxes (the goldfeld parameter `series`).
enum class SeriesPolicy {
  automatic,  // k = 1 always, k = 2 where cheaper than the chained kernel (kPlanarBoxCost)
              // or the product kernel (kPlanarBoxCostPerLevel)
  always,     // k ≤ 2 wherever the tables fit (kSeriesMaxBoxes, kPlanarMaxCells)
  never,
};

struct SeriesTables {
  std::vector<SeriesLevel> line;         // k = 1, one per level
  std::vector<PlanarSeriesLevel> plane;  // k = 2, one per level
};

// Whether block size k has Taylor boxes.
constexpr bool has_series(std::size_t k) { return k == 1 || k == 2; }

// The tables of every level s of a block, or nothing when the policy is `never`, k has no
// Taylor boxes, a level would need too many boxes, or (automatic, k = 2) the expansion would
// cost more than the kernel the block uses otherwise: the chained kernel when `chained` (the
// level plan has squaring chains), else the product kernel of `precision`, one pass per level.
std::optional<SeriesTables> build_series_tables(const BlockPoints& points,
                                                const std::vector<double>& s,
                                                SeriesPolicy policy, bool chained, ProductPrecision precision);

// For sample row i with draws z (n_mc × k, row-major) whose largest ‖Z‖² is largest_norm2:
// sums[v·n_mc + j] = Q̃ for level v and draw j, relative_error[v·n_mc + j] = its bound δ
// (series_sums, planar_series_sums). Returns false, computing nothing, when a draw is beyond
// the tables' ‖Z‖² limit.
bool series_row_sums(const SeriesTables& tables, const BlockPoints& points, std::size_t i,
                     const double* z, std::size_t n_mc, double largest_norm2,
                     ShiftedKernelWorkspace& work, double* sums, double* relative_error);

}  // namespace reconbound::goldfeld
