#pragma once
// The bound pipeline's work shared among the ranks of a job (reconbound/ranks.hpp,
// docs/distributed.md).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "reconbound/checkpoint.hpp"
#include "reconbound/estimator.hpp"
#include "reconbound/export.hpp"
#include "reconbound/ranks.hpp"

namespace reconbound {

// estimator.estimate(request) with the request's blocks shared among `ranks` (nullptr or one
// rank: that plain call). The blocks of the request's own share, b = shard + shards·i, are dealt
// to the ranks in turn from rank `first_rank` on: rank r computes those with
// i ≡ r − first_rank (mod N), i.e. b ≡ shard + shards·((r − first_rank) mod N) (mod shards·N);
// every rank receives every part. With a checkpoint in `store`, each rank's blocks of a request for all
// blocks are estimated in items (docs/checkpoints.md) kept in it; a share is one item. (A
// caller making several calls chooses each call's first_rank with deal_from, so that no rank
// gets the odd block of every call.) A request for all
// blocks (shards = 1) comes back combined by the estimator (combine(): bit for bit what one
// call returns); a request for a share (the pilot's) comes back as that share's partial
// results, the blocks of all ranks in block order. Every rank gets the same results.
RECONBOUND_API std::vector<GridEntropy> estimate_on_ranks(const EntropyEstimator& estimator,
                                                          const EntropyRequest& request, Ranks* ranks,
                                                          std::size_t first_rank = 0,
                                                          const ItemStore& store = {});

// estimate_on_ranks in two steps, so that a caller can estimate several requests before the
// ranks exchange anything (one wait at the end, not one per request): estimate_share computes
// this rank's blocks (no communication); gather_share, called by every rank for the same
// requests in the same order, exchanges them and returns what estimate_on_ranks returns.
struct RankShare {
  std::vector<std::vector<GridEntropy>> parts;  // this rank's results, one vector per item
};
RECONBOUND_API RankShare estimate_share(const EntropyEstimator& estimator, const EntropyRequest& request,
                                        Ranks* ranks, std::size_t first_rank = 0, const ItemStore& store = {});
RECONBOUND_API std::vector<GridEntropy> gather_share(const EntropyEstimator& estimator, const EntropyRequest& request,
                                                     Ranks* ranks, RankShare share);

// The first_rank to deal a request's `blocks` blocks from, each costing `block_cost`, so that
// the blocks left over by an even split go to the least loaded ranks: `loads` (each rank's cost
// dealt so far; updated) end up with the smallest sum of squares. Ties go to the smallest first
// rank, so every rank deals alike. loads.size() is the number of ranks (1: always 0).
RECONBOUND_API std::size_t deal_from(std::vector<double>& loads, std::size_t blocks, double block_cost);

// How many of `blocks` blocks, dealt from `first_rank` among `ranks` ranks, rank `rank` gets.
RECONBOUND_API std::size_t blocks_dealt_to(std::size_t rank, std::size_t ranks, std::size_t first_rank,
                                           std::size_t blocks);

// estimator.estimate(request) when each rank holds a range of the sample's records:
// request.rotated is this rank's rows [first_row, first_row + rows) of the n × m sample. The work
// is cut into units — chunks of lcm(k over the grid) columns (whole blocks of every k), each
// split into P query parts (EntropyRequest::query_parts; P = query_parts_for) — and each rank
// takes an even, contiguous run of units (window_calls). The ranks exchange their rows (one
// all-to-all) so that each holds all n rows of the columns of its units, estimate them (at most
// three calls: a chunk's last parts, whole chunks, a chunk's first parts), gather the results on
// every rank and combine them in block and part order. Every rank gets the complete results one
// call on the whole sample returns. With a checkpoint in `store`, each rank estimates its calls in items kept
// in it. With no ranks (nullptr or one) request.rotated must be the whole sample.
RECONBOUND_API std::vector<GridEntropy> estimate_on_column_windows(const EntropyEstimator& estimator,
                                                                   const EntropyRequest& request,
                                                                   std::size_t first_row, std::size_t n,
                                                                   Ranks* ranks, const ItemStore& store = {});

// The query parts P each chunk is split into for `ranks` ranks sharing `chunks` chunks: none
// (1) when the ranks divide the chunks evenly, else ranks / gcd(chunks, ranks), so that every rank
// gets chunks·P/ranks units exactly; at most `limit` (the estimator's query_parts_limit).
RECONBOUND_API std::size_t query_parts_for(std::size_t chunks, std::size_t ranks, std::size_t limit);

// How estimate_on_column_windows divides a request's m columns (request.columns, or its
// rotated.cols()) among `ranks` ranks for a sample of n rows: chunks of `step` = lcm(k over the
// grid) columns, each block's queries in `parts` parts (query_parts_for with the estimator's
// query_parts_limit). InvalidInput when lcm(k) does not divide m.
struct WindowLayout {
  std::size_t step = 1;
  std::size_t chunks = 1;
  std::size_t parts = 1;
};
RECONBOUND_API WindowLayout window_layout(const EntropyEstimator& estimator, const EntropyRequest& request,
                                          std::size_t n, std::size_t ranks);

// The columns [first, end) of the window rank `rank` receives, all n rows of them: the chunks
// of its units ({0, 0} when it has none).
RECONBOUND_API std::pair<std::size_t, std::size_t> column_window(const WindowLayout& layout, std::size_t rank,
                                                                 std::size_t ranks);

// One estimator call of a rank: chunks [first_chunk, end_chunk), query parts [first_part,
// end_part) of P of each of their blocks.
struct WindowCall {
  std::size_t first_chunk = 0;
  std::size_t end_chunk = 0;
  std::size_t first_part = 0;
  std::size_t end_part = 0;
  bool operator==(const WindowCall&) const = default;
};

// The calls of rank `rank` of `ranks`: its units [U·rank/ranks, U·(rank+1)/ranks) of the
// U = chunks·parts units (chunk-major), as at most three calls in chunk order; none when it has
// no unit. Its window is the chunks from the first call's first to the last call's end.
RECONBOUND_API std::vector<WindowCall> window_calls(std::size_t chunks, std::size_t parts, std::size_t rank,
                                                    std::size_t ranks);

// Every rank's values, concatenated in rank order, on every rank.
RECONBOUND_API std::vector<double> gather_doubles(Ranks* ranks, const std::vector<double>& values);

// A digest of `count` doubles' bits, chained from `seed` (for require_same_on_ranks).
RECONBOUND_API std::uint64_t digest_doubles(std::uint64_t seed, const double* values, std::size_t count);

// InvalidInput naming the first rank whose digest differs from rank 0's: the ranks were given
// different data or options, or computed `what` differently. Nothing when `ranks` is nullptr.
RECONBOUND_API void require_same_on_ranks(Ranks* ranks, std::uint64_t digest, std::string_view what);

}  // namespace reconbound
