#pragma once
// Progress reporting for long computations. Plugins call report() from any thread; the
// CLI draws a bar with an ETA on stderr, tests pass nothing.
#include <cstddef>
#include <string_view>

#include "reconbound/export.hpp"

namespace reconbound {

class RECONBOUND_API Progress {
 public:
  virtual ~Progress() = default;
  // `done` of `total` work units of `stage` are complete. Thread safe.
  virtual void report(std::string_view stage, std::size_t done, std::size_t total) = 0;
};

}  // namespace reconbound
