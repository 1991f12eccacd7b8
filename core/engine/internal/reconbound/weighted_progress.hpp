#pragma once
// One progress stage over a sequence of estimator calls of unequal cost (the checkpoint's work
// items): call j moves the stage by its share of the modelled cost (EntropyEstimator::cost), in
// proportion to the estimator's own fraction within it, so that the fraction done is the
// fraction of the time spent and the stage's name stays fixed (docs/progress.md).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reconbound/estimator.hpp"
#include "reconbound/progress.hpp"

namespace reconbound {

// estimator.cost(request) (estimator.hpp), or 0 where a plugin returns a cost that is not a
// finite number ≥ 0: the cost only weighs progress and dealing, never a result, so a defective
// model makes the bar uneven (`reconbound conformance` reports it) but computes the same bound.
inline double call_cost(const EntropyEstimator& estimator, const EntropyRequest& request) {
  const double cost = estimator.cost(request);
  return std::isfinite(cost) && cost >= 0.0 ? cost : 0.0;
}

class WeightedProgress final : public Progress {
 public:
  static constexpr std::size_t kUnits = 1'000'000;  // the stage's total when the costs sum to < 1

  // `costs`: the modelled cost of each call, in the order they run.
  WeightedProgress(Progress* target, std::string stage, std::vector<double> costs)
      : target_(target), stage_(std::move(stage)), costs_(std::move(costs)) {
    for (const double cost : costs_) sum_ += cost;
    total_ = sum_ >= 1.0 ? static_cast<std::size_t>(std::llround(sum_)) : kUnits;
  }

  // The current call has finished (called between calls, on the calling thread).
  void next_call() {
    before_ += costs_[current_];
    ++current_;
  }

  void report(std::string_view, std::size_t done, std::size_t total) override {
    if (target_ == nullptr || total == 0 || !(sum_ > 0.0) || current_ >= costs_.size()) return;
    const double within = static_cast<double>(std::min(done, total)) / static_cast<double>(total);
    if (current_ + 1 == costs_.size() && done >= total) {
      target_->report(stage_, total_, total_);  // the stage ends exactly
      return;
    }
    const double fraction = (before_ + within * costs_[current_]) / sum_;
    target_->report(stage_, std::min(static_cast<std::size_t>(fraction * static_cast<double>(total_)), total_ - 1),
                    total_);
  }

 private:
  Progress* target_;
  std::string stage_;
  std::vector<double> costs_;
  double sum_ = 0.0;
  // The stage's total: the calls' summed cost, rounded — the units one call of the estimator
  // reports in, so that the ranks of a job, each reporting its share of the stage, add up
  // (docs/progress.md) — or kUnits where the costs sum to less than 1.
  std::size_t total_ = kUnits;
  double before_ = 0.0;  // the costs of the calls finished
  std::size_t current_ = 0;
};

}  // namespace reconbound
