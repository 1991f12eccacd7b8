#pragma once
// Work on consecutive chunks of rows over a few threads, for the codebook's distance
// computations. Each chunk is processed by one thread, so results do not depend on `threads`.
#include <Eigen/Core>
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace reconbound::tightness {

inline constexpr Eigen::Index kChunkRows = 512;

// Calls work(begin, rows) for every chunk [begin, begin + rows) of `n` rows; the first
// exception of any worker is rethrown.
template <class Work>
void for_each_row_chunk(Eigen::Index n, std::size_t threads, const Work& work) {
  const Eigen::Index chunks = (n + kChunkRows - 1) / kChunkRows;
  const std::size_t workers =
      std::clamp<std::size_t>(threads, 1, static_cast<std::size_t>(std::max<Eigen::Index>(chunks, 1)));
  std::atomic<Eigen::Index> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto worker = [&] {
    try {
      for (Eigen::Index c = next++; c < chunks; c = next++) {
        const Eigen::Index begin = c * kChunkRows;
        work(begin, std::min(kChunkRows, n - begin));
      }
    } catch (...) {
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < workers; ++t) pool.emplace_back(worker);
  worker();
  for (auto& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace reconbound::tightness
