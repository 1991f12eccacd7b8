#pragma once
// One progress stage over a sequence of estimator calls of unequal cost (the checkpoint's work
// items): call j moves the stage by its share of the modelled
// cost, in proportion to the estimator's own fraction within it, so that the fraction done is
// the fraction of the time spent and the stage's name stays fixed (docs/progress.md).
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

// The modelled cost of an estimator call of n records over `blocks` blocks of k columns for
// `pairs` grid pairs, in units of n² kernel terms (plugin-agnostic: the estimator's kernels are
// not known here; measured on the goldfeld estimator, docs/progress.md):
// - with draws fixed by the request (`fixed_draws`, e.g. one per record), a block costs ∝ n² per
//   pair whatever k: the pilot's calls (one draw) at n = 4000 took 0.21–0.28 s per block for
//   k = 2..28 (2 threads);
// - with the estimator's own draws (its budget rule gives larger blocks more draws), ∝ n²·k^1.5:
//   per block 31, 37, 46, 128, 194 and 547 ms at k = 4, 7, 8, 14, 16, 28 (whole grid, n = 2000;
//   slope 1.47 in log k from 4 to 28); replaying the 32 checkpoint items of downsample:2 at
//   n = 4000 (bench/progress/results/downsample-checkpoint-k-weights.jsonl) weighted ∝ k^1.5 gives ETA
//   errors after 10 % of at most 29 % (median 13 %), against 129 % (104 %) ∝ k, 54 % (38 %) ∝ k²
//   and 451 % (373 %) for equal items.
inline double estimate_cost(std::size_t n, std::size_t k, std::size_t blocks, std::size_t pairs, bool fixed_draws) {
  const auto nd = static_cast<double>(n);
  const double per_block = fixed_draws ? 1.0 : std::pow(static_cast<double>(k), 1.5);
  return nd * nd * static_cast<double>(blocks) * static_cast<double>(pairs) * per_block;
}

class WeightedProgress final : public Progress {
 public:
  static constexpr std::size_t kUnits = 1'000'000;  // the stage's total

  // `costs`: the modelled cost of each call, in the order they run.
  WeightedProgress(Progress* target, std::string stage, std::vector<double> costs)
      : target_(target), stage_(std::move(stage)), costs_(std::move(costs)) {
    for (const double cost : costs_) sum_ += cost;
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
      target_->report(stage_, kUnits, kUnits);  // the stage ends exactly
      return;
    }
    const double fraction = (before_ + within * costs_[current_]) / sum_;
    target_->report(stage_, std::min(static_cast<std::size_t>(fraction * kUnits), kUnits - 1), kUnits);
  }

 private:
  Progress* target_;
  std::string stage_;
  std::vector<double> costs_;
  double sum_ = 0.0;
  double before_ = 0.0;  // the costs of the calls finished
  std::size_t current_ = 0;
};

}  // namespace reconbound
