#pragma once
// Runs independent work items of the DP-SGD attack on a few threads. Which thread runs an
// item never changes what the item computes, so results do not depend on the thread count.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace reconbound::detail {

// Calls work(i) for every i in [0, count) on `threads` workers (0: all hardware threads);
// rethrows the first exception a worker raised.
template <class Work>
void for_each_index(std::size_t count, std::size_t threads, const Work& work) {
  if (threads == 0) threads = std::max(1U, std::thread::hardware_concurrency());
  threads = std::min(threads, std::max<std::size_t>(count, 1));
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto worker = [&] {
    try {
      for (std::size_t i = next++; i < count; i = next++) work(i);
    } catch (...) {
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace reconbound::detail
