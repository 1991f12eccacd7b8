#include "reconbound/on_ranks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "entropy_wire.hpp"
#include "reconbound/error.hpp"

namespace reconbound {

namespace {

bool shared(const Ranks* ranks) { return ranks != nullptr && ranks->size() > 1; }

// The parts of every rank for grid pair p, in rank order.
std::vector<GridEntropy> parts_of_pair(const std::vector<std::vector<GridEntropy>>& parts, std::size_t p) {
  std::vector<GridEntropy> out;
  out.reserve(parts.size());
  for (const auto& rank_parts : parts) out.push_back(rank_parts[p]);
  return out;
}

// The request's share from the parts of all ranks: rank 0's numbers, every rank's blocks in
// block order.
GridEntropy merged_share(std::vector<GridEntropy> parts) {
  GridEntropy out = std::move(parts.front());
  for (std::size_t r = 1; r < parts.size(); ++r) {
    out.blocks.insert(out.blocks.end(), parts[r].blocks.begin(), parts[r].blocks.end());
  }
  std::sort(out.blocks.begin(), out.blocks.end(),
            [](const BlockEntropy& a, const BlockEntropy& b) { return a.block < b.block; });
  return out;
}

}  // namespace

std::vector<GridEntropy> estimate_on_ranks(const EntropyEstimator& estimator, const EntropyRequest& request,
                                           Ranks* ranks) {
  if (!shared(ranks)) return estimator.estimate(request);
  const std::size_t n_ranks = ranks->size();
  EntropyRequest part = request;
  part.shard = request.shard + request.shards * ranks->rank();  // b ≡ shard (mod shards), split N ways
  part.shards = request.shards * n_ranks;
  const std::vector<std::string> messages = ranks->all_gather(encode_entropies(estimator.estimate(part)));
  std::vector<std::vector<GridEntropy>> parts;
  parts.reserve(n_ranks);
  for (std::size_t r = 0; r < n_ranks; ++r) {
    parts.push_back(decode_entropies(messages[r]));
    if (parts.back().size() != request.grid.size()) {
      throw PluginError(fmt::format("rank {} returned {} results for {} grid pairs; every rank must load the "
                                    "same estimator plugin",
                                    r, parts.back().size(), request.grid.size()));
    }
  }
  std::vector<GridEntropy> results;
  results.reserve(request.grid.size());
  for (std::size_t p = 0; p < request.grid.size(); ++p) {
    results.push_back(request.shards == 1 ? estimator.combine(parts_of_pair(parts, p), request)
                                          : merged_share(parts_of_pair(parts, p)));
  }
  return results;
}

std::uint64_t digest_doubles(std::uint64_t seed, const double* values, std::size_t count) {
  // FNV-1a over 64-bit words, with a final avalanche: a fingerprint, not a cryptographic hash.
  std::uint64_t h = seed ^ 0xcbf29ce484222325ULL;
  for (std::size_t i = 0; i < count; ++i) {
    std::uint64_t bits;
    std::memcpy(&bits, &values[i], sizeof bits);
    h = (h ^ bits) * 0x100000001b3ULL;
  }
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return h;
}

void require_same_on_ranks(Ranks* ranks, std::uint64_t digest, std::string_view what) {
  if (!shared(ranks)) return;
  std::string mine(sizeof digest, '\0');
  std::memcpy(mine.data(), &digest, sizeof digest);
  const std::vector<std::string> all = ranks->all_gather(mine);
  for (std::size_t r = 1; r < all.size(); ++r) {
    if (all[r] != all.front()) {
      throw InvalidInput(fmt::format("rank {} computed a different {} from rank 0: every rank must be given the "
                                     "same data, options and plugins",
                                     r, what));
    }
  }
}

}  // namespace reconbound
