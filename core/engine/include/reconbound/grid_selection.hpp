#pragma once
// Choosing the grid on D⊥ (mathematics §6.6). A pilot estimate on the held-out split predicts, for
// every candidate pair (k, ν²) of G, the ρ* that the certified estimate on D_est would give
// at the final n_est; only the best few pairs G' ⊂ G are certified, with margins for |G'|.
// The pilot reads only D⊥ (and the rotation and tr Σ̂ fitted on it), so G' is fixed before
// D_est is seen and the union bound over G' is as valid as the one over a fixed G.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "reconbound/checkpoint.hpp"
#include "reconbound/converse.hpp"
#include "reconbound/estimator.hpp"
#include "reconbound/export.hpp"
#include "reconbound/matrix.hpp"
#include "reconbound/progress.hpp"
#include "reconbound/ranks.hpp"

namespace reconbound {

enum class GridSelect {
  pilot,  // mathematics §6.6: certify the pairs a pilot on D⊥ predicts best
  none,   // the paper's procedure: certify the whole grid
};

// What the selection aims for: the largest ρ* at each γ (bound, spectrum), and/or the
// largest admissible γ for a target ρ (calibrate --target-rho; 0 = none).
struct SelectionGoal {
  std::vector<double> gammas_bits;
  double target_rho = 0.0;
};

struct SelectionSettings {
  std::size_t pairs_per_goal = 1;  // pairs certified for each γ (and for the target ρ)
  // Pairs whose predicted ρ* is within this of a goal's best count as equally good for it
  // (for the target ρ: admissible γ within the bits below); among them a pair already
  // selected for another goal, then the one the estimator says is cheaper to certify is taken.
  double share_tolerance_rho = 0.003;
  double share_tolerance_bits = 0.02;
  std::size_t n_est = 0;           // the size of D_est the prediction is for
  double alpha = 0.05;             // the certified estimate's α (EntropyRequest::alpha)
  double alpha_mc_fraction = 0.5;  // and its split (EntropyRequest::alpha_mc_fraction)
  double normaliser = 0.0;         // tr Σ (or its UCB) that divides in eq 14
  std::uint64_t seed = 0;          // the pilot's dither seed
  std::size_t threads = 1;
  Progress* progress = nullptr;
  Ranks* ranks = nullptr;          // the ranks sharing the pilot's blocks; nullptr: this process
  ItemStore items = {};            // the pilot's estimates are work items kept in its checkpoint
  std::string estimator_name{};    // the plugins, named when their results are refused
  std::string converse_name{};
};

// The pilot's view of one candidate pair: what it measured on D⊥ and what the estimator
// predicts from that for the certified run (EntropyEstimator::predict).
struct PairPrediction {
  GridPair pair;
  std::vector<std::size_t> sizes{};  // the pilot prefixes its prediction rests on, smallest first
  std::vector<double> h_pilot{};     // the point estimate (bits) on each of them
  double h_predicted = 0.0;          // the point estimate predicted at n_est (bits)
  double h_lb_predicted = 0.0;       // h̄_LB predicted at n_est and |G'| (bits)
  double cost = 0.0;                 // the estimator's cost of certifying the pair
  EstimateDetails details{};         // the estimator's own predicted numbers (mathematics §6: n_mc, t_mc, t_md)
  std::vector<double> rho_predicted{};  // eq 14 at each goal γ
  double gamma_for_target = 0.0;     // largest γ reaching the target ρ (target given only)
  bool refined = false;               // a contender, estimated on all of the pilot's records
  bool selected = false;
};

struct GridSelectionReport {
  std::string method = "none";          // "pilot" or "none"
  std::string reason;                   // why no pilot ran, when method is "none"
  SelectionGoal goal;                   // what the selection aimed for
  std::size_t candidates = 0;           // |G|
  std::vector<std::size_t> pilot_sizes; // the D⊥ prefixes the pilot estimated on (screen, then refinement)
  std::size_t contenders = 0;           // pairs the refinement estimated on all of them
  std::size_t pilot_n_mc = 1;           // draws per record the pilot asked for (kPilotDraws)
  std::size_t pairs_per_goal = 0;
  std::size_t assumed_union_size = 0;   // |G'| the predicted margins use
  std::vector<PairPrediction> predictions;  // one per candidate pair, in grid order
  std::vector<GridPair> selected;       // G', in grid order
  double seconds = 0.0;
};

// Blocks per block size the pilot estimates on (at most: every ⌈N_k/8⌉-th block).
inline constexpr std::size_t kPilotBlocks = 8;

// Draws per record of the pilot's estimates (EntropyRequest::n_mc): the cheapest estimate.
inline constexpr std::size_t kPilotDraws = 1;

// Pairs per goal the pilot's refinement estimates on all n_p records (at least the pairs
// certified per goal): the best of the screen on n_p/8, n_p/4, n_p/2 (mathematics §6.6).
inline constexpr std::size_t kPilotContenders = 8;

// Smallest D⊥ for a pilot: its smallest prefix (an eighth) keeps ≥ 16 records.
inline constexpr std::size_t kMinPilotRecords = 128;

// The pilot (mathematics §6.6): the estimator's point estimate of every pair of `grid` on the
// prefixes of n_p/4, n_p/2 and n_p rows of `rotated_perp` (U·Ψ(x) of D⊥ or a prefix of it,
// n_p × m), one draw per record (EntropyRequest::n_mc = 1) and the same seed at every size, on
// an evenly spread subset of at most kPilotBlocks blocks per block size (a shard). Uses alpha,
// seed, threads and progress of `settings`.
RECONBOUND_API std::vector<PilotEstimate> run_pilot(const EntropyEstimator& estimator, MatrixView rotated_perp,
                                                    const std::vector<GridPair>& grid, double trace_sigma,
                                                    const SelectionSettings& settings);

// Runs the pilot on `rotated_perp` (n_p rows) in two stages (mathematics §6.6): the screen
// estimates every pair of `grid` on n_p/8, n_p/4 and n_p/2 rows, the estimator predicts each
// pair's result at n_est and |G'| and the converse its ρ* (eq 14); the refinement estimates the
// kPilotContenders best pairs of each goal on n_p rows too, they are predicted again from n_p/4,
// n_p/2 and n_p, and the best of them are selected (same seed, blocks and draws as run_pilot).
// Needs n_p ≥
// kMinPilotRecords and a grid larger than the selection; otherwise it returns the whole grid
// with method "none" and the reason. A prediction with h_lb above its point value or not finite,
// or a predicted ρ* outside [0, 1], is a PluginError naming the plugin.
RECONBOUND_API GridSelectionReport select_grid(const EntropyEstimator& estimator,
                                               const Converse& converse, MatrixView rotated_perp,
                                               const std::vector<GridPair>& grid,
                                               double trace_sigma, const SelectionGoal& goal,
                                               const SelectionSettings& settings);

}  // namespace reconbound
