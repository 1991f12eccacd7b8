#pragma once
// Plugin kind 3 — the entropy estimator (mathematics §6, Proposition 5.1).
//
// Contract: for every grid pair (k, ν²) it returns h̄_LB(k), a lower confidence bound
// (bits) on the block-averaged entropy h̄_U(k) = (1/N_k) Σ_b h(Π_b Ψ(x) + W_b),
// W_b ∼ N(0, s² I_k), holding for all pairs of the grid simultaneously with probability
// ≥ 1 − α (a union bound over `union_size` pairs), and the point estimate h_point ≥ h̄_LB it
// is built around. How the bound is argued (its margins, draws, ...) is the estimator's own:
// it reports those numbers as named `details` and its random events as `confidence_events`.
//
// The input is already represented and rotated: row i of `rotated` is U·Ψ(x_i) for the
// estimation sample x_1..x_n (disjoint from D⊥). Block b of block size k is columns
// [b·k, (b+1)·k) scaled by sqrt(N_k), N_k = m/k, i.e. y_{b,i} = Π_b Ψ(x_i) (mathematics §4).
//
// Distribution: blocks can be split into shards (block b belongs to shard b mod shards), and
// `rotated` may hold a window of the sample's columns only (first_column, columns: the ranks
// of an MPI job each hold the columns of their blocks). A call computes the blocks of its shard
// that lie wholly inside the window and returns per-block partial results unless that is every
// block; combine() merges the partial results of one grid pair into the same result a single
// call on the whole sample would have produced.
//
// Query parts: a block's Monte Carlo queries (one per sample row and draw) can be split too, so
// that more ranks than blocks share the work or the ranks' loads even out. With query_parts = P,
// a call computes, of each of its blocks, the queries of parts [first_query_part, end_query_part)
// of P, each part a contiguous range of sample rows fixed by the estimator (mathematics §6: tiles
// ⌊T·p/P⌋ … ⌊T·(p+1)/P⌋ of its T tiles of rows). Such a block result carries the estimator's
// partial numbers instead of a point estimate, and combine() merges the parts of each block in
// part order into the bits one call on all queries would have produced. query_parts_limit()
// says how many parts an estimator splits a request into (1: it does not split).
//
// Grid selection (mathematics §6.6): core runs the estimator on prefixes of D⊥ (a pilot) and
// asks predict() what the certified estimate on D_est would give; predict() sees the pilot's
// numbers and the sizes only, never a sample.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reconbound/export.hpp"
#include "reconbound/matrix.hpp"
#include "reconbound/progress.hpp"

namespace reconbound {

struct GridPair {
  std::size_t k = 1;  // block size, divides m
  double nu2 = 0.2;   // relative dither ν², s² = ν²·tr Σ̂ / k (mathematics §5)
  bool operator==(const GridPair&) const = default;
};

struct EntropyRequest {
  MatrixView rotated;             // n × m, rows U·Ψ(x_i)
  std::vector<GridPair> grid;     // the pairs to estimate
  double trace_sigma = 0.0;       // tr Σ̂ from D⊥: sets s = ν·sqrt(tr Σ̂ / k)
  std::size_t union_size = 0;     // |G| of the union bound (≥ grid.size()); 0 = grid.size()
  double alpha = 0.05;            // total miscoverage α of the estimator's events
  double alpha_mc_fraction = 0.5; // the estimator's split of α between its events, where it has
                                  // two (mathematics §6: α₁ = fraction·α Monte Carlo, α₂ = rest sampling)
  std::uint64_t seed = 0;         // dither draws; results are independent of `threads`
  std::size_t n_mc = 0;           // draws per sample point for every pair, for estimators that
                                  // draw; 0: the estimator's own setting or rule (mathematics §6.7)
  std::size_t threads = 1;
  std::size_t shard = 0;          // this call computes blocks b with b % shards == shard
  std::size_t shards = 1;
  std::size_t first_column = 0;   // `rotated` holds columns [first_column, first_column + rotated.cols())
  std::size_t columns = 0;        // of the sample's m = columns (0: rotated.cols(), the whole sample)
  std::size_t query_parts = 1;       // P: every block's queries split into P parts (see above)
  std::size_t first_query_part = 0;  // this call computes parts [first_query_part, end_query_part)
  std::size_t end_query_part = 0;    // of its blocks (0: query_parts, the end)
  Progress* progress = nullptr;
};

// A named number an estimator reports beside the generic ones, such as the parts of its
// confidence argument (mathematics §6: the draws n_mc and the margins t_mc, t_md in bits). Front ends
// show each under its name (JSON: a key of that name beside the generic keys).
struct EstimateDetail {
  std::string name{};
  double value = 0.0;
  bool count = false;  // a whole number (draws, blocks): shown without a fraction
};
using EstimateDetails = std::vector<EstimateDetail>;

// The value of the detail called `name`, nullopt when there is none.
RECONBOUND_API std::optional<double> find_detail(const EstimateDetails& details, std::string_view name);

// One block's contribution (mathematics §4: the bound is a mean over blocks).
struct BlockEntropy {
  std::size_t block = 0;
  double h_point_bits = 0.0;          // the block's point estimate, bits (mathematics §6: ĥ_MC(Π_b), eq 31)
  double numerical_error_bits = 0.0;  // proven bound on |computed − exact|, bits
  // A part of the block's queries (EntropyRequest::query_parts): the parts [part_begin,
  // part_end) and the estimator's numbers for merging them (mathematics §6: Σ ṽ, Σ |ṽ| and Σ e per
  // tile of rows); h_point_bits and numerical_error_bits are NaN until combine() merges every
  // part. Empty for a block computed whole.
  std::size_t part_begin = 0;
  std::size_t part_end = 0;
  std::vector<double> partial{};
};

struct GridEntropy {
  GridPair pair;
  double s = 0.0;          // dither standard deviation ν·sqrt(tr Σ̂ / k) (mathematics §5; eq 13 needs it)
  std::size_t n = 0;       // estimation sample size
  double h_point = 0.0;    // the point estimate h̄_LB is built around, bits (margins dropped)
  double t_num = 0.0;      // numerical-approximation margin inside h_lb, bits (0 for exact paths)
  double h_lb = 0.0;       // h̄_LB ≤ h_point, bits (mathematics §6.4)
  EstimateDetails details{};  // the estimator's own numbers (mathematics §6: n_mc, t_mc, t_md)
  std::vector<BlockEntropy> blocks{};  // per-block detail (all blocks after combine)
  bool complete = true;    // false for a shard's partial result
  // What computed the estimate: "cpu", or the device that computed the estimator's kernel sums
  // (mathematics §6: "opencl:N <name> (<platform>), double sums"); several, "; "-separated, when the
  // shards of a combined result came from different ones.
  std::string computed_on{};
};

// How many blocks of block size k a call of `request` computes: those of its shard (b % shards ==
// shard) whose columns lie wholly inside the columns `rotated` holds.
RECONBOUND_API std::size_t blocks_computed(const EntropyRequest& request, std::size_t k);

// The query parts [begin, end) of its blocks a call of `request` computes (end_query_part = 0
// read as query_parts); InvalidInput unless 1 ≤ query_parts and begin < end ≤ query_parts.
RECONBOUND_API std::pair<std::size_t, std::size_t> query_parts_computed(const EntropyRequest& request);

// One random event the h̄_LB of a call rest on, for the certificate (mathematics §6.8).
struct ConfidenceEvent {
  std::string name{};    // e.g. "sampling"
  double alpha = 0.0;  // its share of EntropyRequest::alpha; the shares of a call sum to it
  std::string data{};    // what it is random over, e.g. "D_est"
  std::string detail{};  // one line: the argument and the margin it added
};

// What a pilot measured for one candidate pair (mathematics §6.6): the mean of the block point
// estimates on an evenly spread subset of the blocks, on nested prefixes of D⊥.
struct PilotEstimate {
  GridPair pair;
  double s = 0.0;                  // the pair's dither standard deviation
  std::vector<std::size_t> sizes{};  // the prefix sizes, increasing
  std::vector<double> h_point{};     // the point estimate at each size, bits
};

// The certified estimate a prediction is for (D_est itself is not shown).
struct PredictionTarget {
  std::size_t n = 0;               // its sample size n_est
  std::size_t m = 0;               // columns of its rows: N_k = m/k blocks
  std::size_t union_size = 0;      // |G'| of its union bound
  double alpha = 0.05;             // as EntropyRequest::alpha
  double alpha_mc_fraction = 0.5;  // as EntropyRequest::alpha_mc_fraction
};

struct EntropyPrediction {
  double h_point = 0.0;     // the point estimate expected at target.n, bits
  double h_lb = 0.0;        // the lower bound expected at target.n and target.union_size, bits (≤ h_point)
  double cost = 0.0;        // the cost of certifying the pair at target.n (> 0; compared between
                            // pairs of one estimator only: the selection prefers the cheaper of
                            // two equally good pairs)
  EstimateDetails details{};  // what GridEntropy::details would hold
};

class RECONBOUND_API EntropyEstimator {
 public:
  virtual ~EntropyEstimator() = default;
  // One result per request.grid entry, in the same order.
  virtual std::vector<GridEntropy> estimate(const EntropyRequest& request) const = 0;
  // Merges the partial results of all shards of one grid pair (same request otherwise).
  virtual GridEntropy combine(const std::vector<GridEntropy>& shards,
                              const EntropyRequest& request) const = 0;
  // The events the h̄_LB of `results` (the complete results of `request`) rest on; their shares
  // sum to request.alpha.
  virtual std::vector<ConfidenceEvent> confidence_events(const std::vector<GridEntropy>& results,
                                                         const EntropyRequest& request) const = 0;
  // The result expected for `pilot.pair` from a certified estimate of `target`, from the pilot's
  // numbers alone; deterministic.
  virtual EntropyPrediction predict(const PilotEstimate& pilot, const PredictionTarget& target) const = 0;
  // The modelled cost of estimate(request), from the request's sizes alone (no sample value is
  // read; InvalidInput for a request estimate() would refuse for its sizes or settings): > 0 and
  // finite, in the units the call reports its progress in. Only ratios between requests to the
  // same estimator matter. Core weighs calls of unequal cost with it — the checkpoint's work items
  // in one progress stage, the pilot's blocks dealt to the ranks of a job (docs/progress.md).
  // The default counts n² per grid pair and block the call computes: right for an estimator
  // whose work per block does not grow with k (a fixed number of draws per record); an estimator
  // whose draws or kernels depend on the pair should override it.
  virtual double cost(const EntropyRequest& request) const;
  // The most parts estimate() splits the queries of each block of `request` into (≥ 1, from the
  // request's sizes and settings alone; the part range of `request` is ignored). The default, 1,
  // is an estimator that computes each block whole: it refuses query_parts > 1.
  virtual std::size_t query_parts_limit(const EntropyRequest& request) const;
};

}  // namespace reconbound
