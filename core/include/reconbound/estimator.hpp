#pragma once
// Plugin kind 3 — the entropy estimator (mathematics §6, Proposition 5.1).
//
// Contract: for every grid pair (k, ν²) it returns h̄_LB(k), a lower confidence bound
// (bits) on the block-averaged entropy h̄_U(k) = (1/N_k) Σ_b h(Π_b Ψ(x) + W_b),
// W_b ∼ N(0, s² I_k), holding for all pairs of the grid simultaneously with probability
// ≥ 1 − α (a union bound over `union_size` pairs).
//
// The input is already represented and rotated: row i of `rotated` is U·Ψ(x_i) for the
// estimation sample x_1..x_n (disjoint from D⊥). Block b of block size k is columns
// [b·k, (b+1)·k) scaled by sqrt(N_k), N_k = m/k, i.e. y_{b,i} = Π_b Ψ(x_i) (mathematics §4).
//
// Distribution: blocks can be split into shards (block b belongs to shard b mod shards).
// A sharded call returns per-block partial results; combine() merges the shards of one
// grid pair into the same result a single call would have produced.
#include <cstddef>
#include <cstdint>
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
  double alpha = 0.05;            // total miscoverage α = α₁ + α₂
  double alpha_mc_fraction = 0.5; // α₁ = fraction·α (Monte Carlo), α₂ = rest (sampling)
  std::uint64_t seed = 0;         // dither draws; results are independent of `threads`
  std::size_t n_mc = 0;           // draws per sample point for every pair; 0: the estimator's
                                  // own setting or budget rule (mathematics §6.7)
  std::size_t threads = 1;
  std::size_t shard = 0;          // this call computes blocks b with b % shards == shard
  std::size_t shards = 1;
  Progress* progress = nullptr;
};

// One block's Monte Carlo contribution (mathematics §6, eq 31 and §6.3).
struct BlockEntropy {
  std::size_t block = 0;
  double h_mc_bits = 0.0;          // ĥ_MC(Π_b), bits
  double variance_bound_bits2 = 0.0;  // per-block Var bound σ_b², bits² (mathematics §6.3)
  double numerical_error_bits = 0.0;  // proven bound on |computed − exact plug-in|, bits
};

struct GridEntropy {
  GridPair pair;
  double s = 0.0;          // dither standard deviation
  std::size_t n = 0;       // estimation sample size
  std::size_t n_mc = 0;    // Monte Carlo draws per sample point
  double h_mc = 0.0;       // ĥ_MC, bits (mean over blocks)
  double t_mc = 0.0;       // Cantelli Monte Carlo margin, bits (eq 34)
  double t_md = 0.0;       // McDiarmid sampling margin, bits (eq 35)
  double t_num = 0.0;      // numerical-approximation margin, bits (0 for the exact path)
  double h_lb = 0.0;       // h̄_LB = h_mc − t_mc − t_md − t_num (mathematics §6.4)
  std::vector<BlockEntropy> blocks;  // per-block detail (all blocks after combine)
  bool complete = true;    // false for a shard's partial result
};

class RECONBOUND_API EntropyEstimator {
 public:
  virtual ~EntropyEstimator() = default;
  // One result per request.grid entry, in the same order.
  virtual std::vector<GridEntropy> estimate(const EntropyRequest& request) const = 0;
  // Merges the partial results of all shards of one grid pair (same request otherwise).
  virtual GridEntropy combine(const std::vector<GridEntropy>& shards,
                              const EntropyRequest& request) const = 0;
};

}  // namespace reconbound
