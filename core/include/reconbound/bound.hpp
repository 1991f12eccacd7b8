#pragma once
// The bound pipeline (Algorithm 1; SPEC §3–7): represent D⊥ and D_est with Ψ, estimate
// tr Σ̂ and the rotation on D⊥ only, rotate D_est, estimate the block-averaged entropy
// lower bounds for every grid pair once, then apply the converse for every γ (the
// entropy does not depend on γ).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/converse.hpp"
#include "reconbound/estimator.hpp"
#include "reconbound/export.hpp"
#include "reconbound/grid_selection.hpp"
#include "reconbound/matrix.hpp"
#include "reconbound/params.hpp"
#include "reconbound/progress.hpp"
#include "reconbound/representation.hpp"

namespace reconbound {

class Registry;

enum class RotationChoice {
  automatic,   // eigenbasis when |D⊥| ≥ m and Ψ does not prefer data-free; else signs
  eigenbasis,  // U = H·Vᵀ from the D⊥ covariance (SPEC §4)
  signs,       // U = H·D, data-free
};

// Which tr Σ divides the squared error in eq 14 (SPEC §6.5).
enum class Normaliser {
  sample,  // tr Σ̂ on D⊥
  ucb,     // its (1−α) empirical-Bernstein upper confidence bound: ρ* becomes a joint
           // confidence bound (level 1 − 2α by a union bound)
};

struct BoundConfig {
  std::string representation = "pixel";
  Params representation_params;
  std::string estimator = "goldfeld";
  Params estimator_params;
  std::string converse = "slb";
  Params converse_params;
  std::vector<std::size_t> block_sizes;  // empty: divisors of m_pad up to 32 (SPEC §5)
  std::vector<double> nu2_levels;        // empty: SPEC §5 defaults
  double alpha = 0.05;                   // entropy confidence (and the tr Σ UCB level)
  RotationChoice rotation = RotationChoice::automatic;
  std::size_t padded_order = 0;          // 0: smallest constructible Hadamard order ≥ m
  Normaliser normaliser = Normaliser::sample;
  GridSelect grid_select = GridSelect::pilot;  // SPEC §6.6; none: certify the whole grid
  std::size_t select_pairs = 1;          // pairs certified per γ (and per target ρ)
  double target_rho = 0.0;               // > 0: also select for the largest γ reaching it
  bool selection_only = false;           // stop after the selection: no entropy on D_est
  std::uint64_t seed = 0;
  std::size_t threads = 1;
  Progress* progress = nullptr;
};

// The data of one bound: records of D⊥ and D_est (rows, grey levels), their shape. The
// records are read in place: views of the caller's matrices, or of memory it owns (NumPy
// arrays from Python), which must outlive the computation.
struct BoundData {
  std::optional<MatrixView> perp, est;  // nullopt: missing (InvalidInput)
  ImageShape shape;

  BoundData(MatrixView perp_records, MatrixView est_records, const ImageShape& record_shape)
      : perp(perp_records), est(est_records), shape(record_shape) {}
  // nullptr: missing.
  BoundData(const RowMatrix* perp_records, const RowMatrix* est_records, const ImageShape& record_shape)
      : shape(record_shape) {
    if (perp_records != nullptr) perp.emplace(*perp_records);
    if (est_records != nullptr) est.emplace(*est_records);
  }
};

struct BoundTimings {
  double represent_s = 0, trace_s = 0, rotation_s = 0, selection_s = 0, entropy_s = 0,
         converse_s = 0;
};

struct BoundResult {
  double gamma_bits = 0.0;
  ConverseResult converse;
};

struct BoundReport {
  std::size_t m = 0;             // dim of Ψ
  std::size_t m_padded = 0;      // Hadamard order used
  double padding_fraction = 0.0;
  std::string rotation;          // "eigenbasis" or "signs"
  std::size_t n_perp = 0, n_est = 0;
  double trace_sigma = 0.0;      // tr Σ̂ on D⊥
  double trace_sigma_ucb = 0.0;  // its (1−α) UCB (SPEC §6.5)
  double normaliser = 0.0;       // the tr Σ that divides (sample or UCB)
  double alpha = 0.0;
  GridSelectionReport selection;       // how the certified grid G' was chosen (SPEC §6.6)
  std::vector<GridEntropy> entropies;  // one per certified grid pair
  std::vector<BoundResult> results;    // one per γ
  BoundTimings timings;
};

// Estimates the entropies once; the returned report holds results for every γ given. With
// grid selection, the certified pairs are those a pilot on D⊥ predicts best for these γ
// (and for config.target_rho): more γ later (apply_converse) are covered only by them.
RECONBOUND_API BoundReport compute_bound(const Registry& registry, const BoundData& data,
                                         const std::vector<double>& gammas_bits,
                                         const BoundConfig& config);

// Applies the converse of `config` to an existing report's entropies for more γ values.
RECONBOUND_API BoundResult apply_converse(const Registry& registry, const BoundReport& report,
                                          double gamma_bits, const BoundConfig& config);

// The largest leakage γ (bits) whose ρ* still reaches target_rho ∈ (0, 1], from the same
// entropies (the converse's inverse, SPEC §8); negative when even γ = 0 falls short.
RECONBOUND_API LeakageBudget largest_gamma_for_rho(const Registry& registry,
                                                   const BoundReport& report, double target_rho,
                                                   const BoundConfig& config);

// "downsample:4" → ("downsample", {arg=4}); "pixel" → ("pixel", {}).
RECONBOUND_API std::pair<std::string, Params> parse_plugin_spec(const std::string& spec);

}  // namespace reconbound
