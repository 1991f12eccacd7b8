#pragma once
// Progress reporting for long computations. Plugins call report() from any thread; the
// CLI draws a bar with an ETA on stderr, the Python module calls the caller's callback, tests
// pass nothing.
//
// Cancellation: report() may throw reconbound::Cancelled (reconbound/error.hpp), but only on
// the thread that called the computation, which also reports (the worker loops run items on
// the calling thread too). Code that calls report() lets every exception through: a parallel
// loop stops its workers and rethrows the first one in the caller, and nothing catches
// reconbound::Error as a whole on the way.
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
