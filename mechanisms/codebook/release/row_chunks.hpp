#pragma once
// Work on consecutive chunks of rows over a few threads, for the codebook's distance
// computations. Each chunk is processed by one thread, so results do not depend on `threads`.
#include <Eigen/Core>
#include <algorithm>
#include <cstddef>

#include "reconbound/parallel_items.hpp"

namespace reconbound::codebook {

inline constexpr Eigen::Index kChunkRows = 512;

// Calls work(begin, rows) for every chunk [begin, begin + rows) of `n` rows on `threads`
// workers (at least one); the first exception of any worker is rethrown.
template <class Work>
void for_each_row_chunk(Eigen::Index n, std::size_t threads, const Work& work) {
  const Eigen::Index chunks = (n + kChunkRows - 1) / kChunkRows;
  for_each_index(static_cast<std::size_t>(chunks), std::max<std::size_t>(threads, 1), [&](std::size_t c) {
    const Eigen::Index begin = static_cast<Eigen::Index>(c) * kChunkRows;
    work(begin, std::min(kChunkRows, n - begin));
  });
}

}  // namespace reconbound::codebook
