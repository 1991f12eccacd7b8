#pragma once
// The estimator's progress as one stage in units of modelled cost (item_cost.hpp), so that the
// fraction done is the fraction of the time spent and the stage name never changes within an
// estimate (a bar restarts its clock on a new name; docs/progress.md).
#include <cstdint>
#include <mutex>

#include "reconbound/progress.hpp"

namespace reconbound::goldfeld {

// The stage of every estimate, fast or exact path.
inline constexpr const char* kEntropyStage = "entropy estimate";

// A modelled cost as whole units, at least 1, so that every item moves the bar.
std::uint64_t cost_units(double cost);

class CostProgress {
 public:
  // `target` may be null (nothing is reported); `total`: the cost of all items.
  CostProgress(Progress* target, std::uint64_t total) : target_(target), total_(total) {}

  // An item of `units` finished: reports the cost done so far.
  void finished(std::uint64_t units);

 private:
  Progress* target_;
  std::mutex mutex_;
  std::uint64_t done_ = 0;
  std::uint64_t total_;
};

}  // namespace reconbound::goldfeld
