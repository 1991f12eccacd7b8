#include "reconbound/work_items.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <string>

#include "entropy_wire.hpp"
#include "reconbound/error.hpp"
#include "reconbound/on_ranks.hpp"

namespace reconbound {

namespace {

// The sample a request reads.
std::uint64_t sample_digest(const EntropyRequest& request) {
  std::uint64_t digest = 0;
  for (Eigen::Index i = 0; i < request.rotated.rows(); ++i) {
    digest = digest_doubles(digest, request.rotated.row(i).data(), static_cast<std::size_t>(request.rotated.cols()));
  }
  return digest;
}

// Everything an item's results are computed from: the sample (its digest), the request's
// numbers and the blocks it computes (threads and progress do not change results).
std::uint64_t item_digest(std::uint64_t sample, const EntropyRequest& request) {
  std::vector<double> numbers{static_cast<double>(request.rotated.rows()),
                              static_cast<double>(request.rotated.cols()),
                              request.trace_sigma,
                              static_cast<double>(request.union_size),
                              request.alpha,
                              request.alpha_mc_fraction,
                              static_cast<double>(request.seed >> 32),
                              static_cast<double>(request.seed & 0xffffffffU),
                              static_cast<double>(request.n_mc),
                              static_cast<double>(request.shard),
                              static_cast<double>(request.shards),
                              static_cast<double>(request.first_column),
                              static_cast<double>(request.columns)};
  for (const GridPair& pair : request.grid) {
    numbers.push_back(static_cast<double>(pair.k));
    numbers.push_back(pair.nu2);
  }
  return digest_doubles(sample, numbers.data(), numbers.size());
}

// The estimator's progress within item `computed` of `total` computed items, as one stage.
class ItemsProgress final : public Progress {
 public:
  static constexpr std::size_t kUnitsPerItem = 1000;
  ItemsProgress(Progress* target, std::size_t total) : target_(target), total_(total) {}
  void next_item() { ++computed_; }
  void report(std::string_view, std::size_t done, std::size_t total) override {
    if (target_ == nullptr || total == 0) return;
    const std::size_t within = std::min(done, total) * kUnitsPerItem / total;
    target_->report("entropy estimate", computed_ * kUnitsPerItem + within, total_ * kUnitsPerItem);
  }

 private:
  Progress* target_;
  std::size_t total_;
  std::atomic<std::size_t> computed_{0};
};

std::size_t blocks_in_share(const EntropyRequest& request, std::size_t k) {
  const std::size_t m = request.columns > 0 ? request.columns : static_cast<std::size_t>(request.rotated.cols());
  const std::size_t first = request.first_column;
  const std::size_t last = first + static_cast<std::size_t>(request.rotated.cols());
  std::size_t blocks = 0;
  for (std::size_t b = request.shard; b < m / k; b += request.shards) {
    if (b * k >= first && (b + 1) * k <= last) ++blocks;
  }
  return blocks;
}

}  // namespace

std::size_t certified_items(const EntropyRequest& request) {
  std::size_t most = 1;
  for (const GridPair& pair : request.grid) {
    if (pair.k > 0) most = std::max(most, blocks_in_share(request, pair.k));
  }
  return std::min(most, kMaxItemsPerEstimate);
}

std::vector<std::vector<GridEntropy>> estimate_in_items(const EntropyEstimator& estimator,
                                                        const EntropyRequest& request, Checkpoint* checkpoint,
                                                        std::size_t items) {
  items = std::max<std::size_t>(items, 1);
  if (checkpoint == nullptr && items == 1) return {estimator.estimate(request)};
  std::vector<EntropyRequest> parts(items, request);
  std::vector<std::string> keys(items);
  std::vector<std::vector<GridEntropy>> results(items);
  std::vector<bool> have(items, false);
  const std::uint64_t sample = checkpoint != nullptr ? sample_digest(request) : 0;
  std::size_t restored = 0;
  for (std::size_t j = 0; j < items; ++j) {
    parts[j].shard = request.shard + request.shards * j;
    parts[j].shards = request.shards * items;
    if (checkpoint == nullptr) continue;
    keys[j] = fmt::format("estimate {:016x}", item_digest(sample, parts[j]));
    if (const auto payload = checkpoint->find(keys[j])) {
      results[j] = decode_entropies(*payload);
      const auto same_pairs = [&] {
        for (std::size_t p = 0; p < results[j].size(); ++p) {
          if (!(results[j][p].pair == request.grid[p])) return false;
        }
        return true;
      };
      if (results[j].size() != request.grid.size() || !same_pairs()) {
        throw InvalidInput(fmt::format("checkpoint {} holds {} results of other grid pairs for an item of {}; delete it",
                                       checkpoint->path(), results[j].size(), request.grid.size()));
      }
      have[j] = true;
      ++restored;
    }
  }
  if (restored > 0 && items > 1 && request.progress != nullptr) {
    request.progress->report(fmt::format("checkpoint: {} of {} items restored", restored, items), 1, 1);
  }
  ItemsProgress progress(request.progress, items - restored);
  for (std::size_t j = 0; j < items; ++j) {
    if (have[j]) continue;
    if (items > 1) parts[j].progress = &progress;
    results[j] = estimator.estimate(parts[j]);
    if (checkpoint != nullptr) checkpoint->store(keys[j], encode_entropies(results[j]));
    progress.next_item();
  }
  return results;
}

}  // namespace reconbound
