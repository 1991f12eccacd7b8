#include "cost_progress.hpp"

#include <algorithm>
#include <cmath>

namespace reconbound::goldfeld {

std::uint64_t cost_units(double cost) {
  return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::llround(cost)));
}

void CostProgress::finished(std::uint64_t units) {
  std::uint64_t done = 0;
  std::uint64_t total = 0;
  {
    const std::lock_guard lock(mutex_);
    done_ += units;
    done = done_;
    total = total_;
  }
  // Outside the lock: report() may call back into Python or throw Cancelled.
  if (target_ != nullptr) target_->report(kEntropyStage, done, total);
}

}  // namespace reconbound::goldfeld
