#pragma once
// Seconds a stage of the bound took (BoundTimings).
#include <chrono>

namespace reconbound {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace reconbound
