#pragma once
// The fast path of the goldfeld estimator (docs/fast_estimator.md): ĥ_MC(Π_b) (eq 31) for
// every dither level of one block size from one set of draws Z, with a proven bound on
// its distance to the exact plug-in value, computed per query.
#include <cstddef>
#include <vector>

#include "cpu/block_entropy.hpp"
#include "cpu/series_tables.hpp"
#include "cpu/shifted_kernel.hpp"
#include "cpu/single_bound.hpp"
#include "cpu/single_kernel.hpp"
#include "mathematics/block_result.hpp"
#include "mathematics/level_plan.hpp"

namespace reconbound::goldfeld {

// Largest computed ‖Z‖² of a draw for which a sample row uses the chained kernel: the proof
// that squaring chains never overflow and lose no accuracy needs ‖Z‖² ≤ 700
// (query_bound.cpp). Rows with a larger draw use the direct kernel (one exponential per
// level), whose proof needs only ‖Z‖² ≤ 1380.
inline constexpr double kChainNormLimit = 690.0;

// Largest proven exponent error ε_q (nats, product_exponent_error) for which a row uses the
// product kernel; rows with a larger one (points far from the block's mean relative to s)
// use the difference kernel. Its share of t_num is then ≤ 1.05·1.001·ε_q/ln 2 ≈ 1.5e-8 bits,
// against typical ε_q of 1e-12..1e-10 on image data.
inline constexpr double kProductExponentLimit = 1e-8;

// Rows [row_begin, row_end) of one block: draws Z_{ij} from `dither` (positioned at draw
// row_begin·n_mc·k, order i, then j, then coordinate, as the exact path), all levels of
// `plan`. Each row takes one kernel for all its levels and draws:
// * with `series` (k ≤ 2: the Taylor tables of every level, in the order of plan.scales)
//   and draws within the tables' ‖Z‖² limit, the Taylor boxes (series_tables.hpp);
// * when the plan has chains and every draw of the row has ‖Z‖² ≤ kChainNormLimit, the
//   chained kernel (chained_kernel.hpp);
// * otherwise, with `single` (the block's centres in float, single_kernel.hpp; it needs
//   `product` too) and every query of the row within the single kernel's bounds
//   (fits_single, single_bound.hpp), the single-precision product kernel;
// * otherwise, with `product` (the block's centres in the product kernel's layout) and
//   every query of the row within kProductExponentLimit, the product kernel;
// * else the difference kernel (shifted_kernel.hpp).
// The product kernels run once for all their rows of the tile.
TileSums fast_tile_sums(const BlockPoints& points, const ProductCentres* product,
                        const SingleCentres* single, const LevelPlan& plan, std::size_t n_mc, NormalStream& dither,
                        std::size_t row_begin, std::size_t row_end, ShiftedKernelWorkspace& work,
                        const SeriesTables* series = nullptr);

// fast_tile_sums in two halves, so that a device can compute the single kernel's sums of many
// tiles at once (fast_path.cpp): start_tile does everything but those sums, finish_tile takes
// them and forms the tile's values and bounds. fast_tile_sums is the two with the CPU's single
// kernel between them, and gives the same bits as the halves with cpu_single_sums.

// How a row's sums were formed: the Taylor boxes give −ln of the whole mixture sum (no
// ‖Z‖²/2 term), the other kernels Σ_l e^{−a_l}.
enum class RowKernel { series, chained, single, product, difference };

// Queries of the single kernel (of a row, or collected over tiles): the float weights (k each),
// offsets and scales, and the bounds of each (single_bound.hpp).
struct SingleKernelQueries {
  std::vector<float> weights;
  std::vector<float> offsets;
  std::vector<float> scales;
  std::vector<SingleExponentError> errors;

  void append(const SingleKernelQueries& more);
};

// A tile whose single-kernel sums are still to come. Row-major per query slot: slot
// row·(levels·n_mc) + v·n_mc + j.
struct PendingTile {
  std::size_t n = 0;
  std::size_t k = 0;
  std::size_t level_count = 0;
  std::size_t n_mc = 1;
  std::size_t rows = 0;
  std::vector<double> z_norm2;         // rows × n_mc
  std::vector<RowKernel> kernel;       // per row
  std::vector<double> sums;            // per slot (the single kernel's rows still 0)
  std::vector<double> relative_error;  // δ per slot
  SingleKernelQueries single_queries;  // the single kernel's queries, in slot order
  std::vector<std::size_t> single_slot;  // the slot of each
  std::vector<double> level_h;         // per level: h = 1/(2s²) as computed
  double centring_error = 0.0;         // BlockPoints::centring_error
};

// The single kernel's sums of some queries and how they were formed (the CPU's lanes, with
// skipped groups, or a device's runs: device_kernel.hpp, which skips none).
struct SingleKernelSums {
  std::vector<double> sums;
  std::vector<double> skipped;           // centres skipped per query (0 on a device)
  std::vector<double> smallest_skipped;  // their smallest computed exponent
  SingleSummation summation = SingleSummation::cpu_lanes;
};

PendingTile start_tile(const BlockPoints& points, const ProductCentres* product, const SingleCentres* single,
                       const LevelPlan& plan, std::size_t n_mc, NormalStream& dither, std::size_t row_begin,
                       std::size_t row_end, ShiftedKernelWorkspace& work, const SeriesTables* series = nullptr);

// single_kernel_sums of `queries` on the CPU, with start_tile's truncation cut.
SingleKernelSums cpu_single_sums(const SingleCentres& centres, const SingleKernelQueries& queries,
                                 ShiftedKernelWorkspace& work);

// The tile's sums: its single-kernel queries' sums are those of `single` from index `first` on.
TileSums finish_tile(PendingTile tile, const SingleKernelSums& single, std::size_t first);

// Truncation cut above ln n (nats): skipped groups hold ≤ e^{−kTruncationNats} ≈ 1.5e-8 of
// the mixture sum per query, well inside the t_num target of 1e-6 bits.
inline constexpr double kTruncationNats = 18.0;

}  // namespace reconbound::goldfeld
