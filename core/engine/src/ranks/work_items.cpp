#include "reconbound/work_items.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "entropy_wire.hpp"
#include "reconbound/error.hpp"
#include "reconbound/on_ranks.hpp"
#include "reconbound/weighted_progress.hpp"

namespace reconbound {

namespace {

// The sample a request reads, digested from `seed` (the settings').
std::uint64_t sample_digest(std::uint64_t seed, const EntropyRequest& request) {
  std::uint64_t digest = seed;
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
                              static_cast<double>(request.columns),
                              static_cast<double>(request.query_parts),
                              static_cast<double>(request.first_query_part),
                              static_cast<double>(request.end_query_part)};
  for (const GridPair& pair : request.grid) {
    numbers.push_back(static_cast<double>(pair.k));
    numbers.push_back(pair.nu2);
  }
  return digest_doubles(sample, numbers.data(), numbers.size());
}

}  // namespace

std::size_t certified_items(const EntropyRequest& request) {
  std::size_t most = 1;
  for (const GridPair& pair : request.grid) {
    if (pair.k > 0) most = std::max(most, blocks_computed(request, pair.k));
  }
  return std::min(most, kMaxItemsPerEstimate);
}

std::vector<std::vector<GridEntropy>> estimate_in_items(const EntropyEstimator& estimator,
                                                        const EntropyRequest& request, const ItemStore& store,
                                                        std::size_t items) {
  Checkpoint* const checkpoint = store.checkpoint;
  items = std::max<std::size_t>(items, 1);
  if (checkpoint == nullptr && items == 1) return {estimator.estimate(request)};
  std::vector<EntropyRequest> parts(items, request);
  std::vector<std::string> keys(items);
  std::vector<std::vector<GridEntropy>> results(items);
  const std::uint64_t sample = checkpoint != nullptr ? sample_digest(store.key_seed, request) : 0;
  std::size_t restored = 0;  // items read from the checkpoint: their results are filled
  for (std::size_t j = 0; j < items; ++j) {
    parts[j].shard = request.shard + request.shards * j;
    parts[j].shards = request.shards * items;
    if (checkpoint == nullptr) continue;
    keys[j] = fmt::format("estimate {:016x}", item_digest(sample, parts[j]));
    if (const auto payload = checkpoint->find(keys[j])) {
      results[j] = decode_entropies(*payload);
      const auto same_pair = [](const GridEntropy& result, const GridPair& pair) { return result.pair == pair; };
      if (!std::equal(results[j].begin(), results[j].end(), request.grid.begin(), request.grid.end(), same_pair)) {
        throw InvalidInput(fmt::format("checkpoint {} holds {} results of other grid pairs for an item of {}; delete it",
                                       checkpoint->path(), results[j].size(), request.grid.size()));
      }
      ++restored;
    }
  }
  if (restored > 0 && items > 1 && request.progress != nullptr) {
    request.progress->report(fmt::format("checkpoint: {} of {} items restored", restored, items), 1, 1);
  }
  std::vector<double> costs;
  for (std::size_t j = 0; j < items; ++j) {
    if (results[j].empty()) costs.push_back(call_cost(estimator, parts[j]));
  }
  WeightedProgress progress(request.progress, "entropy estimate", std::move(costs));
  for (std::size_t j = 0; j < items; ++j) {
    if (!results[j].empty()) continue;  // restored
    if (items > 1) parts[j].progress = &progress;
    results[j] = estimator.estimate(parts[j]);
    if (checkpoint != nullptr) checkpoint->store(keys[j], encode_entropies(results[j]));
    progress.next_call();
  }
  return results;
}

}  // namespace reconbound
