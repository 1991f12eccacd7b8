#pragma once
// Runs body(item) for item = 0..count−1 on up to `threads` threads, each item exactly once.
// Items write to their own slots, so results do not depend on the thread count. The first
// exception thrown by any item is rethrown in the caller after all threads have stopped.
#include <cstddef>
#include <functional>

namespace reconbound::goldfeld {

void parallel_for(std::size_t count, std::size_t threads,
                  const std::function<void(std::size_t)>& body);

}  // namespace reconbound::goldfeld
