#pragma once
// Runs independent work items on a few threads. Each item writes only its own outputs, so the
// results do not depend on the number of threads. Header only; used by the attacks of the
// mechanism plugins.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace reconbound {

// Calls work(worker_state, item) for every item in [0, items): each of min(threads, items)
// workers (threads = 0: every hardware thread) makes its own state with make_state() and
// takes the next item until none is left. The first exception is rethrown after all join.
template <class MakeState, class Work>
void for_each_item(std::size_t items, std::size_t threads, const MakeState& make_state, const Work& work) {
  if (threads == 0) threads = std::max(1U, std::thread::hardware_concurrency());
  threads = std::min(threads, std::max<std::size_t>(items, 1));
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto worker = [&] {
    try {
      auto state = make_state();
      for (std::size_t item = next++; item < items; item = next++) work(state, item);
    } catch (...) {
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = items;  // the others stop after their current item
    }
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
}

// Calls work(i) for every i in [0, count), as for_each_item without per-worker state.
template <class Work>
void for_each_index(std::size_t count, std::size_t threads, const Work& work) {
  for_each_item(count, threads, [] { return 0; }, [&](int&, std::size_t i) { work(i); });
}

}  // namespace reconbound
