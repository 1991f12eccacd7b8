#include "query_parts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "mathematics/request_check.hpp"
#include "reconbound/error.hpp"

namespace reconbound::goldfeld {

namespace {

constexpr std::size_t kNumbersPerTile = 3;  // Σ ṽ, Σ |ṽ|, Σ e of the tile's queries

// One block's parts (sorted by part, each partial) merged: their tiles in order, then eq 31.
BlockEntropy merged(const BlockEntropy* first, const BlockEntropy* last, std::size_t parts, std::size_t n,
                    std::size_t k, std::size_t n_mc, double s) {
  const std::size_t tiles = tiles_of(n);
  std::vector<TileSums> sums;
  sums.reserve(tiles);
  std::size_t next_part = 0;
  for (const BlockEntropy* part = first; part != last; ++part) {
    if (part->part_begin != next_part || part->part_end <= part->part_begin || part->part_end > parts) {
      throw InvalidInput(fmt::format(
          "combine: block {} has query parts [{}, {}) where part {} of {} was due; pass every part of every block once",
          part->block, part->part_begin, part->part_end, next_part, parts));
    }
    const std::size_t expected =
        first_tile_of_part(tiles, parts, part->part_end) - first_tile_of_part(tiles, parts, part->part_begin);
    if (part->partial.size() != expected * kNumbersPerTile) {
      throw InvalidInput(fmt::format(
          "combine: block {} parts [{}, {}) carry {} numbers where {} tiles of {} rows need {}; pass the request "
          "the parts came from",
          part->block, part->part_begin, part->part_end, part->partial.size(), expected, n,
          expected * kNumbersPerTile));
    }
    for (std::size_t t = 0; t < expected; ++t) {
      const double* tile = part->partial.data() + t * kNumbersPerTile;
      sums.push_back(TileSums{{tile[0]}, {tile[1]}, {tile[2]}});
    }
    next_part = part->part_end;
  }
  if (next_part != parts) {
    throw InvalidInput(fmt::format("combine: block {} lacks query parts [{}, {}); pass every part of every block",
                                   first->block, next_part, parts));
  }
  const FastBlockResult fast = fast_block_result(sums, 0, n, k, n_mc, s);
  BlockEntropy out;
  out.block = first->block;
  out.h_point_bits = fast.h_mc_bits;
  out.numerical_error_bits = fast.numerical_error_bits;
  return out;
}

}  // namespace

void set_partial(BlockEntropy& out, const std::vector<TileSums>& tiles, std::size_t level, std::size_t first_part,
                 std::size_t end_part) {
  out.h_point_bits = out.numerical_error_bits = std::numeric_limits<double>::quiet_NaN();
  out.part_begin = first_part;
  out.part_end = end_part;
  out.partial.clear();
  out.partial.reserve(tiles.size() * kNumbersPerTile);
  for (const TileSums& tile : tiles) {
    out.partial.insert(out.partial.end(), {tile.value[level], tile.magnitude[level], tile.error[level]});
  }
}

std::vector<BlockEntropy> merge_query_parts(std::vector<BlockEntropy> blocks, std::size_t parts, std::size_t n,
                                            std::size_t k, std::size_t n_mc, double s) {
  std::sort(blocks.begin(), blocks.end(), [](const BlockEntropy& a, const BlockEntropy& b) {
    return a.block != b.block ? a.block < b.block : a.part_begin < b.part_begin;
  });
  std::vector<BlockEntropy> out;
  out.reserve(blocks.size());
  for (std::size_t i = 0; i < blocks.size();) {
    std::size_t j = i;
    bool in_parts = false;
    while (j < blocks.size() && blocks[j].block == blocks[i].block) in_parts |= blocks[j++].part_end > 0;
    if (!in_parts) {
      out.insert(out.end(), blocks.begin() + static_cast<std::ptrdiff_t>(i), blocks.begin() + static_cast<std::ptrdiff_t>(j));
    } else {
      for (std::size_t p = i; p < j; ++p) {
        if (blocks[p].part_end == 0) {
          throw InvalidInput(fmt::format("combine: block {} of k={} is given whole and in query parts; pass each "
                                         "part once",
                                         blocks[p].block, k));
        }
      }
      out.push_back(merged(blocks.data() + i, blocks.data() + j, parts, n, k, n_mc, s));
    }
    i = j;
  }
  return out;
}

}  // namespace reconbound::goldfeld
