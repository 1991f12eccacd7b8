#pragma once
// Choosing the grid on D⊥ (mathematics §6.6). A pilot estimate on the held-out split predicts, for
// every candidate pair (k, ν²) of G, the ρ* that the certified estimate on D_est would give
// at the final n_est; only the best few pairs G' ⊂ G are certified, with margins for |G'|.
// The pilot reads only D⊥ (and the rotation and tr Σ̂ fitted on it), so G' is fixed before
// D_est is seen and the union bound over G' is as valid as the one over a fixed G.
#include <cstddef>
#include <string>
#include <vector>

#include "reconbound/converse.hpp"
#include "reconbound/estimator.hpp"
#include "reconbound/export.hpp"
#include "reconbound/matrix.hpp"
#include "reconbound/progress.hpp"

namespace reconbound {

class EntropyEstimator;

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
  // selected for another goal, then the larger k (cheaper to certify) is taken.
  double share_tolerance_rho = 0.003;
  double share_tolerance_bits = 0.02;
  std::size_t n_est = 0;           // the size of D_est the prediction is for
  double alpha = 0.05;             // the certified estimate's α (split evenly, mathematics §6.2)
  double normaliser = 0.0;         // tr Σ (or its UCB) that divides in eq 14
  std::uint64_t seed = 0;          // the pilot's dither seed
  std::size_t threads = 1;
  Progress* progress = nullptr;
};

// The pilot's view of one candidate pair.
struct PairPrediction {
  GridPair pair;
  std::vector<double> h_pilot;       // ĥ_MC (bits) on the pilot prefixes, smallest first
  double h_predicted = 0.0;          // ĥ extrapolated to n_est (bits)
  std::size_t n_mc = 0;              // the budget rule's draws at n_est and |G'| (mathematics §6.7)
  double t_mc = 0.0, t_md = 0.0;     // the margins at n_est and |G'| (bits)
  double h_lb_predicted = 0.0;       // h_predicted − t_mc − t_md
  std::vector<double> rho_predicted; // eq 14 at each goal γ
  double gamma_for_target = 0.0;     // largest γ reaching the target ρ (target given only)
  bool selected = false;
};

struct GridSelectionReport {
  std::string method = "none";          // "pilot" or "none"
  std::string reason;                   // why no pilot ran, when method is "none"
  SelectionGoal goal;                   // what the selection aimed for
  std::size_t candidates = 0;           // |G|
  std::vector<std::size_t> pilot_sizes; // the D⊥ prefixes the pilot estimated on
  std::size_t pilot_n_mc = 1;
  std::size_t pairs_per_goal = 0;
  std::size_t assumed_union_size = 0;   // |G'| the predicted margins use
  std::vector<PairPrediction> predictions;  // one per candidate pair, in grid order
  std::vector<GridPair> selected;       // G', in grid order
  double seconds = 0.0;
};

// Blocks per block size the pilot estimates on (at most: every ⌈N_k/8⌉-th block).
inline constexpr std::size_t kPilotBlocks = 8;

// Smallest D⊥ for a pilot: its smallest prefix (a quarter) keeps ≥ 16 records.
inline constexpr std::size_t kMinPilotRecords = 64;

// The plug-in's growth with n (mathematics §6.6): from ĥ at n/4, n/2 and n, the increments
// Δ₁ = ĥ(n/2) − ĥ(n/4) and Δ₂ = ĥ(n) − ĥ(n/2) per doubling are taken to shrink
// geometrically with ratio r = Δ₂/Δ₁ ∈ [0, 1], so L = log2(n_target/n) more doublings add
// Δ₂·(r + r² + … ) = Δ₂·r·(1 − r^L)/(1 − r) (Δ₂·L at r = 1, a plug-in that still grows like
// log n). Negative increments (noise) count as 0. The result never exceeds `cap` (bits), the
// plug-in's ceiling h(W^(k)) + log2 n_target (mathematics §6.4). For n_target ≤ n it returns ĥ(n)
// plus the last increment scaled by L (≤ 0).
RECONBOUND_API double extrapolate_plugin_entropy(double h_quarter, double h_half, double h_full,
                                                 double doublings, double cap);

// Runs the pilot on `rotated_perp` (U·Ψ(x) of D⊥ or a prefix of it, n_p × m) for every pair of `grid`, predicts
// and selects. Needs n_p ≥ kMinPilotRecords and a grid larger than the selection; otherwise
// it returns the whole grid with method "none" and the reason.
RECONBOUND_API GridSelectionReport select_grid(const EntropyEstimator& estimator,
                                               const Converse& converse, MatrixView rotated_perp,
                                               const std::vector<GridPair>& grid,
                                               double trace_sigma, const SelectionGoal& goal,
                                               const SelectionSettings& settings);

}  // namespace reconbound
