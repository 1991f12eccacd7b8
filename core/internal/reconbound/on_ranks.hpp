#pragma once
// The bound pipeline's work shared among the ranks of a job (reconbound/ranks.hpp,
// docs/distributed.md).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "reconbound/estimator.hpp"
#include "reconbound/export.hpp"
#include "reconbound/ranks.hpp"

namespace reconbound {

// estimator.estimate(request) with the request's blocks shared among `ranks` (nullptr or one
// rank: that plain call). Rank r computes the blocks b ≡ shard + shards·r (mod shards·N) — its
// part of the request's own share — and every rank receives every part. A request for all
// blocks (shards = 1) comes back combined by the estimator (combine(): bit for bit what one
// call returns); a request for a share (the pilot's) comes back as that share's partial
// results, the blocks of all ranks in block order. Every rank gets the same results.
RECONBOUND_API std::vector<GridEntropy> estimate_on_ranks(const EntropyEstimator& estimator,
                                                          const EntropyRequest& request, Ranks* ranks);

// A digest of `count` doubles' bits, chained from `seed` (for require_same_on_ranks).
RECONBOUND_API std::uint64_t digest_doubles(std::uint64_t seed, const double* values, std::size_t count);

// InvalidInput naming the first rank whose digest differs from rank 0's: the ranks were given
// different data or options, or computed `what` differently. Nothing when `ranks` is nullptr.
RECONBOUND_API void require_same_on_ranks(Ranks* ranks, std::uint64_t digest, std::string_view what);

}  // namespace reconbound
