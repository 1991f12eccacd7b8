#include "fast_path.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

#include "cost_progress.hpp"
#include "cpu/block_entropy.hpp"
#include "cpu/fast_entropy.hpp"
#include "cpu/series_tables.hpp"
#include "cpu/single_kernel.hpp"
#include "item_cost.hpp"
#include "mathematics/dither.hpp"
#include "mathematics/level_plan.hpp"
#include "mathematics/request_check.hpp"
#include "opencl/device_kernel.hpp"
#include "parallel_for.hpp"
#include "query_parts.hpp"

namespace reconbound::goldfeld {

namespace {

// The grid pairs of one block size: they share the blocks, n_mc and the draws Z.
struct BlockSizeGroup {
  std::size_t k = 0;
  std::size_t n_mc = 1;            // draws per sample point, the same for every pair of a block size
  std::vector<std::size_t> pairs;  // indices into the results
  std::vector<double> s;           // dither sd, one per pair
  LevelPlan plan;                  // the levels with their squaring chains (level_plan.hpp)
  ProductPrecision precision = ProductPrecision::single;  // of the product kernel
};

std::vector<BlockSizeGroup> group_by_block_size(const std::vector<GridEntropy>& results,
                                                const std::vector<std::size_t>& draws, ProductPrecision precision) {
  std::vector<BlockSizeGroup> groups;
  for (std::size_t p = 0; p < results.size(); ++p) {
    const std::size_t k = results[p].pair.k;
    auto it = std::find_if(groups.begin(), groups.end(),
                           [k](const BlockSizeGroup& g) { return g.k == k; });
    if (it == groups.end()) it = groups.insert(groups.end(), BlockSizeGroup{k, draws[p], {}, {}, {}, precision});
    it->pairs.push_back(p);
    it->s.push_back(results[p].s);
  }
  for (BlockSizeGroup& group : groups) group.plan = level_plan(group.s, group.k, precision);
  return groups;
}

// What the tiles of one block share, built once by the first of its work items to start
// and released when the last one finishes (work items are handed out in order, so only
// about `threads` blocks are held at a time): the block's points, the product kernels'
// layouts of them (plans without chains only: chained plans use them for no row but the rare
// ones over the chains' ‖Z‖² limit, which take the difference kernel; the float copy only
// with ProductPrecision::single) and the Taylor tables.
struct BlockData {
  BlockPoints points;
  std::optional<ProductCentres> product;
  std::optional<SingleCentres> single;
  std::optional<SeriesTables> series;
};

struct SharedBlock {
  std::once_flag built;
  std::unique_ptr<const BlockData> data;
  std::atomic<std::size_t> pending{0};  // work items of the block not yet finished
};

std::unique_ptr<const BlockData> build_block(const EntropyRequest& request,
                                             const BlockSizeGroup& group, std::size_t block,
                                             SeriesPolicy series_policy) {
  BlockPoints points(request.rotated, group.k, block, request.first_column, sample_columns(request));
  std::optional<ProductCentres> product;
  std::optional<SingleCentres> single;
  if (!group.plan.chained) {
    product = product_centres(points.coordinate_major(), points.n(), points.k());
    if (group.precision == ProductPrecision::single) single = single_centres(*product);
  }
  std::optional<SeriesTables> series =
      has_series(group.k) ? build_series_tables(points, group.s, series_policy, group.plan.chained, group.precision) : std::nullopt;
  return std::make_unique<const BlockData>(
      BlockData{std::move(points), std::move(product), std::move(single), std::move(series)});
}

// Modelled cost (item_cost.hpp) of `rows` sample rows of a block of `group` with the
// kernel its plan takes outside the Taylor boxes: chained or product.
double kernel_cost(const BlockSizeGroup& group, std::size_t n, std::size_t rows) {
  const std::size_t levels = group.plan.scales.size();
  if (!group.plan.chained) return product_tile_cost(rows, n, group.k, group.n_mc, levels, group.precision);
  const auto tops = static_cast<std::size_t>(
      std::count(group.plan.parent.begin(), group.plan.parent.end(), kTopLevel));
  return chained_tile_cost(rows, n, group.k, group.n_mc, tops, levels - tops);
}

// Cost of a whole block at k ≤ 2 (item_cost.hpp), fixed before its tables say which kernel it
// takes: the Taylor boxes at k = 1 (they fit unless the dither is far below the data's spread),
// the other kernel at k = 2 (whose boxes are counted only when the tables are built; the total
// stays fixed, as a tqdm bar takes it once per stage, so a k = 2 block that takes the boxes at
// large n counts more than its time: docs/progress.md).
double series_block_cost(const BlockSizeGroup& group, std::size_t n, SeriesPolicy policy) {
  if (group.k == 1 && policy != SeriesPolicy::never) {
    return line_series_block_cost(n, group.n_mc, group.plan.scales.size());
  }
  return kernel_cost(group, n, n);
}

// Work items: one tile of one block, or at k ≤ 2 a whole block, whose Taylor tables
// (series_tables.hpp) are built once for all its tiles.
struct Item {
  std::size_t group;
  std::size_t slot;  // index into results[pair].blocks, the same for every pair of the group
  std::size_t tile_begin;
  std::size_t tile_end;
  std::uint64_t units;  // modelled cost (item_cost.hpp)
};

// The tiles [begin, end) of every block a request computes: those of its query parts.
struct TileRange {
  std::size_t begin = 0;
  std::size_t end = 0;
};

TileRange tile_range(const EntropyRequest& request, std::size_t n) {
  const auto [first_part, end_part] = query_parts_computed(request);
  const std::size_t tiles = tiles_of(n);
  return {first_tile_of_part(tiles, request.query_parts, first_part),
          first_tile_of_part(tiles, request.query_parts, end_part)};
}

// The rows of tiles [begin, end) of a block of n rows.
std::size_t rows_of(TileRange range, std::size_t n) {
  return std::min(n, range.end * kTileRows) - std::min(n, range.begin * kTileRows);
}

// The work items of `groups` over the blocks `results` hold, the tiles `range` of n sample rows
// each, in the order they are handed out.
std::vector<Item> work_items(const std::vector<BlockSizeGroup>& groups, const std::vector<GridEntropy>& results,
                             std::size_t n, SeriesPolicy series_policy, TileRange range) {
  std::vector<Item> items;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const std::size_t slots = results[groups[g].pairs.front()].blocks.size();
    for (std::size_t slot = 0; slot < slots; ++slot) {
      if (has_series(groups[g].k)) {
        // The block's share of its rows (the tables are built whole, a small part of the cost).
        const double share = static_cast<double>(rows_of(range, n)) / static_cast<double>(n);
        items.push_back({g, slot, range.begin, range.end,
                         cost_units(share * series_block_cost(groups[g], n, series_policy))});
        continue;
      }
      for (std::size_t t = range.begin; t < range.end; ++t) {
        const std::size_t rows = std::min(n, (t + 1) * kTileRows) - t * kTileRows;
        items.push_back({g, slot, t, t + 1, cost_units(kernel_cost(groups[g], n, rows))});
      }
    }
  }
  return items;
}

std::uint64_t total_units(const std::vector<Item>& items) {
  std::uint64_t total = 0;
  for (const Item& item : items) total += item.units;
  return total;
}

// start_tile for tile `tile` of `block`, its draws positioned after those of the rows before it.
PendingTile start_block_tile(const EntropyRequest& request, const BlockSizeGroup& group, std::size_t block,
                             const BlockData& data, std::size_t tile, ShiftedKernelWorkspace& work) {
  const auto n = static_cast<std::size_t>(request.rotated.rows());
  NormalStream dither(request.seed, group.k, block);
  const std::size_t row_begin = tile * kTileRows;
  dither.discard(row_begin * group.n_mc * group.k);
  return start_tile(data.points, data.product ? &*data.product : nullptr, data.single ? &*data.single : nullptr,
                    group.plan, group.n_mc, dither, row_begin, std::min(n, row_begin + kTileRows), work,
                    data.series ? &*data.series : nullptr);
}

// The work items on `threads` threads, the single kernel's sums on the CPU.
void run_items(const EntropyRequest& request, std::size_t threads, SeriesPolicy series_policy,
               const std::vector<BlockSizeGroup>& groups, const std::vector<GridEntropy>& results,
               const std::vector<Item>& items, TileRange range, CostProgress& progress,
               std::vector<std::vector<std::vector<TileSums>>>& tiles) {
  std::vector<std::size_t> first_block(groups.size());  // index of (g, slot 0) in `shared`
  std::size_t block_count = 0;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    first_block[g] = block_count;
    block_count += tiles[g].size();
  }
  const std::unique_ptr<SharedBlock[]> shared(new SharedBlock[block_count]);
  for (const Item& item : items) ++shared[first_block[item.group] + item.slot].pending;
  parallel_for(items.size(), threads, [&](std::size_t index) {
    const Item& item = items[index];
    const BlockSizeGroup& group = groups[item.group];
    const GridEntropy& first = results[group.pairs.front()];
    const std::size_t block = first.blocks[item.slot].block;
    SharedBlock& shared_block = shared[first_block[item.group] + item.slot];
    std::call_once(shared_block.built, [&] {
      shared_block.data = build_block(request, group, block, series_policy);
    });
    const BlockData& data = *shared_block.data;
    ShiftedKernelWorkspace work;
    for (std::size_t tile = item.tile_begin; tile < item.tile_end; ++tile) {
      PendingTile pending = start_block_tile(request, group, block, data, tile, work);
      const SingleKernelSums sums =
          pending.single_slot.empty() ? SingleKernelSums{} : cpu_single_sums(*data.single, pending.single_queries, work);
      tiles[item.group][item.slot][tile - range.begin] = finish_tile(std::move(pending), sums, 0);
    }
    if (--shared_block.pending == 0) shared_block.data.reset();
    progress.finished(item.units);
  });
}

// The tiles of the work items [begin, end) of one block, each tile once, in order.
std::vector<std::size_t> tiles_of_items(const std::vector<Item>& items, std::size_t begin, std::size_t end) {
  std::vector<std::size_t> out;
  for (std::size_t i = begin; i < end; ++i) {
    for (std::size_t t = items[i].tile_begin; t < items[i].tile_end; ++t) out.push_back(t);
  }
  return out;
}

// The work items with the single kernel's sums on `device`, block by block: the block's tiles
// started on `threads` threads (start_tile), the sums of all their single-kernel queries in one
// device call, the tiles finished on the threads (finish_tile). Each query's sum depends on the
// query and the block alone, so the bits do not depend on the threads or the query parts.
void run_items_on_device(const EntropyRequest& request, std::size_t threads, SeriesPolicy series_policy,
                         const DeviceKernel& device, const std::vector<BlockSizeGroup>& groups,
                         const std::vector<GridEntropy>& results, const std::vector<Item>& items, TileRange range,
                         CostProgress& progress, std::vector<std::vector<std::vector<TileSums>>>& tiles) {
  for (std::size_t begin = 0, end = 0; begin < items.size(); begin = end) {
    end = begin;
    while (end < items.size() && items[end].group == items[begin].group && items[end].slot == items[begin].slot) ++end;
    const BlockSizeGroup& group = groups[items[begin].group];
    const std::size_t block = results[group.pairs.front()].blocks[items[begin].slot].block;
    const std::unique_ptr<const BlockData> data = build_block(request, group, block, series_policy);
    const std::vector<std::size_t> tile_ids = tiles_of_items(items, begin, end);
    std::vector<PendingTile> pending(tile_ids.size());
    parallel_for(tile_ids.size(), threads, [&](std::size_t i) {
      ShiftedKernelWorkspace work;
      pending[i] = start_block_tile(request, group, block, *data, tile_ids[i], work);
    });
    SingleKernelQueries queries;
    std::vector<std::size_t> first(tile_ids.size());
    for (std::size_t i = 0; i < tile_ids.size(); ++i) {
      first[i] = queries.offsets.size();
      queries.append(pending[i].single_queries);
    }
    const SingleKernelSums sums = data->single ? device.sums(*data->single, queries) : SingleKernelSums{};
    std::vector<TileSums>& block_tiles = tiles[items[begin].group][items[begin].slot];
    parallel_for(tile_ids.size(), threads, [&](std::size_t i) {
      block_tiles[tile_ids[i] - range.begin] = finish_tile(std::move(pending[i]), sums, first[i]);
    });
    for (std::size_t i = begin; i < end; ++i) progress.finished(items[i].units);
  }
}

}  // namespace

std::uint64_t fast_path_cost(const EntropyRequest& request, SeriesPolicy series_policy, ProductPrecision precision,
                             const std::vector<std::size_t>& draws, const std::vector<GridEntropy>& results) {
  const auto n = static_cast<std::size_t>(request.rotated.rows());
  return total_units(
      work_items(group_by_block_size(results, draws, precision), results, n, series_policy, tile_range(request, n)));
}

void run_fast_path(const EntropyRequest& request, std::size_t threads, SeriesPolicy series_policy,
                   ProductPrecision precision, const DeviceKernel* device, const std::vector<std::size_t>& draws,
                   std::vector<GridEntropy>& results) {
  const std::vector<BlockSizeGroup> groups = group_by_block_size(results, draws, precision);
  const std::size_t n = static_cast<std::size_t>(request.rotated.rows());
  const TileRange range = tile_range(request, n);
  const std::vector<Item> items = work_items(groups, results, n, series_policy, range);
  std::vector<std::vector<std::vector<TileSums>>> tiles(groups.size());  // [group][slot][tile − range.begin]
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const std::size_t slots = results[groups[g].pairs.front()].blocks.size();
    tiles[g].assign(slots, std::vector<TileSums>(range.end - range.begin));
  }
  CostProgress progress(request.progress, total_units(items));
  if (device != nullptr) {
    run_items_on_device(request, threads, series_policy, *device, groups, results, items, range, progress, tiles);
  } else {
    run_items(request, threads, series_policy, groups, results, items, range, progress, tiles);
  }

  // Per block: the level results, in tile order; for some of the query parts, their tiles' sums.
  const auto [first_part, end_part] = query_parts_computed(request);
  const bool whole = first_part == 0 && end_part == request.query_parts;
  std::vector<std::pair<std::size_t, std::size_t>> blocks;  // (group, slot)
  for (std::size_t g = 0; g < groups.size(); ++g) {
    for (std::size_t slot = 0; slot < tiles[g].size(); ++slot) blocks.emplace_back(g, slot);
  }
  parallel_for(blocks.size(), threads, [&](std::size_t index) {
    const auto [g, slot] = blocks[index];
    const BlockSizeGroup& group = groups[g];
    for (std::size_t v = 0; v < group.pairs.size(); ++v) {
      GridEntropy& r = results[group.pairs[v]];
      BlockEntropy& out = r.blocks[slot];
      if (whole) {
        const FastBlockResult fast = fast_block_result(tiles[g][slot], v, n, group.k, group.n_mc, r.s);
        out.h_point_bits = fast.h_mc_bits;
        out.numerical_error_bits = fast.numerical_error_bits;
      } else {
        set_partial(out, tiles[g][slot], v, first_part, end_part);
      }
    }
  });
}

}  // namespace reconbound::goldfeld
