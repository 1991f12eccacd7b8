#pragma once
// The work items of one estimate (docs/checkpoints.md): a call's blocks split into shards that
// are each looked up in the checkpoint, or computed and stored there as soon as they finish.
// The item format is the one the ranks of an MPI job exchange (entropy_wire.hpp).
#include <cstddef>
#include <vector>

#include "reconbound/checkpoint.hpp"
#include "reconbound/estimator.hpp"
#include "reconbound/export.hpp"

namespace reconbound {

// The most items a certified estimate is split into: a kill loses at most about 1/32 of it.
inline constexpr std::size_t kMaxItemsPerEstimate = 32;

// How many items a certified estimate of `request` is split into when checkpointed: one per
// block of the pair with the most blocks in the request's share and window, at most
// kMaxItemsPerEstimate.
RECONBOUND_API std::size_t certified_items(const EntropyRequest& request);

// The results of estimator.estimate(request), as the results of `items` calls, each on the
// blocks b ≡ shard + shards·j (mod shards·items) of the request's, j < items, in that order
// (items = 1: the call itself). With a checkpoint in `store`, each is read from it when an earlier
// run finished it, else computed and stored before the next begins (keyed from store.key_seed). Progress of several items is
// reported as one stage.
RECONBOUND_API std::vector<std::vector<GridEntropy>> estimate_in_items(const EntropyEstimator& estimator,
                                                                       const EntropyRequest& request,
                                                                       const ItemStore& store, std::size_t items);

}  // namespace reconbound
