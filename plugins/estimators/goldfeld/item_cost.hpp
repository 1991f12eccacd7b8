#pragma once
// Modelled cost of the goldfeld estimator's work items, for honest progress (docs/progress.md):
// the estimator reports done/total in these units, so that the fraction done is the fraction of
// the time spent. One unit is about a nanosecond of one core of the measuring machine; only the
// ratios between items matter. The constants were fitted to bench/progress/calibrate.py
// (results in bench/progress/results/calibration.jsonl, fit by bench/progress/fit.py).
#include <cstddef>

#include "mathematics/level_plan.hpp"

namespace reconbound::goldfeld {

// A tile of `rows` sample points of one block against its n centres with the chained kernel
// (chained_kernel.hpp): per (row, centre) the distance over k coordinates and a factor per
// level, and per draw the cross term over k coordinates, an exponential per top and two
// multiplications per chained level.
double chained_tile_cost(std::size_t rows, std::size_t n, std::size_t k, std::size_t n_mc,
                         std::size_t tops, std::size_t chained);

// A tile with the product kernel of `precision` (single_kernel.hpp, shifted_kernel.hpp): every
// query (row, draw, level) against the n centres, k multiply-adds and an exponential each.
double product_tile_cost(std::size_t rows, std::size_t n, std::size_t k, std::size_t n_mc,
                         std::size_t levels, ProductPrecision precision);

// A whole block at k = 1 with Taylor boxes (series_kernel.hpp): the tables of `levels` levels
// and n·n_mc queries per level, each against the boxes within its cut (a number that does not
// grow with n).
double line_series_block_cost(std::size_t n, std::size_t n_mc, std::size_t levels);

// One (grid pair, block) item of the exact path (block_entropy.hpp): n·n_mc queries, each a
// log-sum-exp over the n centres in k coordinates.
double exact_item_cost(std::size_t n, std::size_t k, std::size_t n_mc);

}  // namespace reconbound::goldfeld
