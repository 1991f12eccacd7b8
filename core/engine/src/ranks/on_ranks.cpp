#include "reconbound/on_ranks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <cstring>

#include "entropy_wire.hpp"
#include "reconbound/weighted_progress.hpp"
#include "reconbound/work_items.hpp"
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

// Every rank's parts (each one result per grid pair), in rank order, on every rank; a rank that
// computed no block sends none.
std::vector<std::vector<GridEntropy>> gather_results(Ranks& ranks, const std::vector<std::vector<GridEntropy>>& mine,
                                                     std::size_t pairs) {
  std::vector<GridEntropy> flat;
  for (const auto& part : mine) flat.insert(flat.end(), part.begin(), part.end());
  std::vector<std::vector<GridEntropy>> parts;
  const std::vector<std::string> messages = ranks.all_gather(encode_entropies(flat));
  for (std::size_t r = 0; r < messages.size(); ++r) {
    std::vector<GridEntropy> results = decode_entropies(messages[r]);
    if (results.empty()) continue;
    if (pairs == 0 || results.size() % pairs != 0) {
      throw PluginError(fmt::format("rank {} returned {} results for {} grid pairs; every rank must load the "
                                    "same estimator plugin",
                                    r, results.size(), pairs));
    }
    for (std::size_t first = 0; first < results.size(); first += pairs) {
      parts.emplace_back(std::make_move_iterator(results.begin() + static_cast<std::ptrdiff_t>(first)),
                         std::make_move_iterator(results.begin() + static_cast<std::ptrdiff_t>(first + pairs)));
    }
  }
  return parts;
}

// One result per grid pair from the parts of all shards: combined by the estimator (a request
// for all blocks) or, for a share, its blocks merged in block order.
std::vector<GridEntropy> assembled(const EntropyEstimator& estimator, const std::vector<std::vector<GridEntropy>>& parts,
                                   const EntropyRequest& request) {
  std::vector<GridEntropy> results;
  results.reserve(request.grid.size());
  for (std::size_t p = 0; p < request.grid.size(); ++p) {
    results.push_back(request.shards == 1 ? estimator.combine(parts_of_pair(parts, p), request)
                                          : merged_share(parts_of_pair(parts, p)));
  }
  return results;
}

// `request` on the columns [first_column, first_column + rotated.cols()) of its m columns,
// queries parts [first_part, end_part) of `parts`, one shard.
EntropyRequest on_columns(const EntropyRequest& request, MatrixView rotated, std::size_t first_column, std::size_t m,
                          std::size_t parts, std::size_t first_part = 0, std::size_t end_part = 0) {
  return {.rotated = rotated,
          .grid = request.grid,
          .trace_sigma = request.trace_sigma,
          .union_size = request.union_size,
          .alpha = request.alpha,
          .alpha_mc_fraction = request.alpha_mc_fraction,
          .seed = request.seed,
          .n_mc = request.n_mc,
          .threads = request.threads,
          .shard = 0,
          .shards = 1,
          .first_column = first_column,
          .columns = m,
          .query_parts = parts,
          .first_query_part = first_part,
          .end_query_part = end_part,
          .progress = request.progress};
}

}  // namespace

RankShare estimate_share(const EntropyEstimator& estimator, const EntropyRequest& request, Ranks* ranks,
                         std::size_t first_rank, const ItemStore& store) {
  EntropyRequest part = request;
  if (shared(ranks)) {
    // b ≡ shard (mod shards), dealt N ways from first_rank on.
    const std::size_t n_ranks = ranks->size();
    part.shard = request.shard + request.shards * ((ranks->rank() + n_ranks - first_rank % n_ranks) % n_ranks);
    part.shards = request.shards * n_ranks;
  }
  // A certified estimate is checkpointed in items; a share (the pilot's) is one item.
  const std::size_t items = store.checkpoint != nullptr && request.shards == 1 ? certified_items(part) : 1;
  return {estimate_in_items(estimator, part, store, items)};
}

std::vector<GridEntropy> gather_share(const EntropyEstimator& estimator, const EntropyRequest& request, Ranks* ranks,
                                      RankShare share) {
  if (!shared(ranks) && share.parts.size() == 1) return std::move(share.parts.front());
  return assembled(estimator, shared(ranks) ? gather_results(*ranks, share.parts, request.grid.size()) : share.parts,
                   request);
}

std::vector<GridEntropy> estimate_on_ranks(const EntropyEstimator& estimator, const EntropyRequest& request,
                                           Ranks* ranks, std::size_t first_rank, const ItemStore& store) {
  return gather_share(estimator, request, ranks, estimate_share(estimator, request, ranks, first_rank, store));
}

std::size_t blocks_dealt_to(std::size_t rank, std::size_t ranks, std::size_t first_rank, std::size_t blocks) {
  // Block i of the share goes to rank (first_rank + i) mod ranks.
  const std::size_t offset = (rank + ranks - first_rank % ranks) % ranks;
  return blocks / ranks + (offset < blocks % ranks ? 1 : 0);
}

std::size_t deal_from(std::vector<double>& loads, std::size_t blocks, double block_cost) {
  const std::size_t n_ranks = loads.size();
  if (n_ranks <= 1) {
    if (n_ranks == 1) loads[0] += static_cast<double>(blocks) * block_cost;
    return 0;
  }
  // The leftover blocks go to a run of consecutive ranks; the run whose loads end up least
  // spread (smallest sum of squares) is the one of the least loaded ranks.
  std::size_t best = 0;
  double best_spread = 0.0;
  for (std::size_t first = 0; first < n_ranks; ++first) {
    double spread = 0.0;
    for (std::size_t r = 0; r < n_ranks; ++r) {
      const double load = loads[r] + static_cast<double>(blocks_dealt_to(r, n_ranks, first, blocks)) * block_cost;
      spread += load * load;
    }
    if (first == 0 || spread < best_spread) best = first, best_spread = spread;
  }
  for (std::size_t r = 0; r < n_ranks; ++r) {
    loads[r] += static_cast<double>(blocks_dealt_to(r, n_ranks, best, blocks)) * block_cost;
  }
  return best;
}

std::size_t query_parts_for(std::size_t chunks, std::size_t ranks, std::size_t limit) {
  if (chunks == 0 || ranks <= 1) return 1;
  return std::max<std::size_t>(1, std::min(ranks / std::gcd(chunks, ranks), limit));
}

WindowLayout window_layout(const EntropyEstimator& estimator, const EntropyRequest& request, std::size_t n,
                           std::size_t ranks) {
  const auto m = static_cast<std::size_t>(request.columns > 0 ? request.columns : request.rotated.cols());
  // Chunks of lcm(k) columns hold whole blocks of every block size of the grid.
  std::size_t step = 1;
  for (const GridPair& pair : request.grid) step = std::lcm(step, pair.k);
  if (step == 0 || m % step != 0) {
    throw InvalidInput(fmt::format("the grid's block sizes (lcm {}) do not divide m = {}; use divisors of m", step, m));
  }
  const std::size_t chunks = m / step;
  const RowMatrix sample_shape(static_cast<Eigen::Index>(n), 0);  // the sizes the estimator's limit reads
  const std::size_t limit = estimator.query_parts_limit(on_columns(request, sample_shape, 0, m, 1));
  return {step, chunks, query_parts_for(chunks, ranks, limit)};
}

std::pair<std::size_t, std::size_t> column_window(const WindowLayout& layout, std::size_t rank, std::size_t ranks) {
  const std::vector<WindowCall> calls = window_calls(layout.chunks, layout.parts, rank, ranks);
  if (calls.empty()) return {0, 0};
  return {calls.front().first_chunk * layout.step, calls.back().end_chunk * layout.step};
}

std::vector<WindowCall> window_calls(std::size_t chunks, std::size_t parts, std::size_t rank, std::size_t ranks) {
  const std::size_t units = chunks * parts;
  const std::size_t begin = units * rank / ranks;
  const std::size_t end = units * (rank + 1) / ranks;
  if (begin >= end) return {};
  // The run [begin, end) of units (c, p) = (u / parts, u % parts): a head of one chunk's last
  // parts, whole chunks, a tail of one chunk's first parts.
  const std::size_t first_chunk = begin / parts;
  const std::size_t last_chunk = (end - 1) / parts;
  const std::size_t first_part = begin % parts;
  const std::size_t end_part = (end - 1) % parts + 1;
  if (first_chunk == last_chunk) return {{first_chunk, first_chunk + 1, first_part, end_part}};
  std::vector<WindowCall> calls;
  std::size_t whole_begin = first_chunk;
  std::size_t whole_end = last_chunk + 1;
  if (first_part > 0) calls.push_back({first_chunk, first_chunk + 1, first_part, parts}), ++whole_begin;
  if (end_part < parts) --whole_end;
  if (whole_begin < whole_end) calls.push_back({whole_begin, whole_end, 0, parts});
  if (end_part < parts) calls.push_back({last_chunk, last_chunk + 1, 0, end_part});
  return calls;
}

std::vector<double> gather_doubles(Ranks* ranks, const std::vector<double>& values) {
  if (!shared(ranks)) return values;
  std::string mine(values.size() * sizeof(double), '\0');
  if (!values.empty()) std::memcpy(mine.data(), values.data(), mine.size());
  std::vector<double> all;
  for (const std::string& part : ranks->all_gather(mine)) {
    const std::size_t count = part.size() / sizeof(double);
    if (count == 0) continue;
    all.resize(all.size() + count);
    std::memcpy(all.data() + all.size() - count, part.data(), count * sizeof(double));
  }
  return all;
}

std::vector<GridEntropy> estimate_on_column_windows(const EntropyEstimator& estimator, const EntropyRequest& request,
                                                    std::size_t first_row, std::size_t n, Ranks* ranks,
                                                    const ItemStore& store) {
  if (!shared(ranks)) {
    std::vector<std::vector<GridEntropy>> parts =
        estimate_in_items(estimator, request, store, store.checkpoint != nullptr ? certified_items(request) : 1);
    return parts.size() == 1 ? std::move(parts.front()) : assembled(estimator, parts, request);
  }
  const std::size_t n_ranks = ranks->size();
  const auto m = static_cast<std::size_t>(request.rotated.cols());
  const auto rows = static_cast<std::size_t>(request.rotated.rows());
  const WindowLayout layout = window_layout(estimator, request, n, n_ranks);
  const std::size_t step = layout.step;
  const std::size_t parts = layout.parts;
  // To rank s: this rank's rows of s's window, after a header (first row, row count).
  std::vector<std::string> outgoing(n_ranks);
  for (std::size_t s = 0; s < n_ranks; ++s) {
    const auto [c0, c1] = column_window(layout, s, n_ranks);
    const std::uint64_t header[2] = {first_row, rows};
    std::string& out = outgoing[s];
    out.resize(sizeof header + rows * (c1 - c0) * sizeof(double));
    std::memcpy(out.data(), header, sizeof header);
    char* at = out.data() + sizeof header;
    for (std::size_t i = 0; i < rows; ++i, at += (c1 - c0) * sizeof(double)) {
      std::memcpy(at, request.rotated.row(static_cast<Eigen::Index>(i)).data() + c0, (c1 - c0) * sizeof(double));
    }
  }
  const auto [first_column, last_column] = column_window(layout, ranks->rank(), n_ranks);
  const std::size_t width = last_column - first_column;
  RowMatrix window(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(width));
  std::size_t filled = 0;
  for (const std::string& part : ranks->all_to_all(std::move(outgoing))) {
    std::uint64_t header[2];
    if (part.size() < sizeof header) throw InvalidInput("a rank's rows of the rotated sample are malformed");
    std::memcpy(header, part.data(), sizeof header);
    if (header[0] != filled || header[0] + header[1] > n ||
        part.size() != sizeof header + header[1] * width * sizeof(double)) {
      throw InvalidInput(fmt::format("a rank sent rows [{}, {}) of the rotated sample where rows from {} of {} "
                                     "were due; every rank must be given the same data",
                                     header[0], header[0] + header[1], filled, n));
    }
    if (width > 0 && header[1] > 0) {
      std::memcpy(window.row(static_cast<Eigen::Index>(header[0])).data(), part.data() + sizeof header,
                  header[1] * width * sizeof(double));
    }
    filled += header[1];
  }
  if (filled != n) throw InvalidInput(fmt::format("the ranks hold {} of the sample's {} rows", filled, n));

  const EntropyRequest windowed = on_columns(request, window, first_column, m, parts);
  // Each call on its columns of the window; a rank with no unit sends no results.
  std::vector<EntropyRequest> call_requests;
  std::vector<double> costs;
  for (const WindowCall& call : window_calls(layout.chunks, parts, ranks->rank(), n_ranks)) {
    const auto columns = static_cast<Eigen::Index>((call.end_chunk - call.first_chunk) * step);
    const auto offset = static_cast<Eigen::Index>(call.first_chunk * step - first_column);
    call_requests.push_back(on_columns(request, window.middleCols(offset, columns), call.first_chunk * step, m, parts,
                                       call.first_part, call.end_part));
    costs.push_back(call_cost(estimator, call_requests.back()));
  }
  WeightedProgress progress(request.progress, "entropy estimate", std::move(costs));
  std::vector<std::vector<GridEntropy>> mine;
  for (EntropyRequest& part : call_requests) {
    if (call_requests.size() > 1) part.progress = &progress;
    for (auto& item : estimate_in_items(estimator, part, store, store.checkpoint != nullptr ? certified_items(part) : 1)) {
      mine.push_back(std::move(item));
    }
    progress.next_call();
  }
  return assembled(estimator, gather_results(*ranks, mine, request.grid.size()), windowed);
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
