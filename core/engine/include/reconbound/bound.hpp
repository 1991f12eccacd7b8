#pragma once
// The bound pipeline (Algorithm 1; mathematics §3–7): represent D⊥ and D_est with Ψ, estimate
// tr Σ̂ and the rotation on D⊥ only, rotate D_est, estimate the block-averaged entropy
// lower bounds for every grid pair once, then apply the converse for every γ (the
// entropy does not depend on γ).
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "reconbound/checkpoint.hpp"
#include "reconbound/converse.hpp"
#include "reconbound/estimator.hpp"
#include "reconbound/export.hpp"
#include "reconbound/grid_selection.hpp"
#include "reconbound/matrix.hpp"
#include "reconbound/params.hpp"
#include "reconbound/representation.hpp"
#include "reconbound/run_handles.hpp"

namespace reconbound {

class Registry;
class MappedDataset;

enum class RotationChoice {
  automatic,   // eigenbasis when |D⊥| ≥ m and Ψ does not prefer data-free; else signs
  eigenbasis,  // U = H·Vᵀ from the D⊥ covariance (mathematics §4)
  signs,       // U = H·D, data-free
};

// Which tr Σ divides the squared error in eq 14 (mathematics §6.5, §6.8).
enum class Normaliser {
  ucb,     // an upper confidence bound on tr Σ at its share of α: ρ* is a (1 − α) confidence
           // bound (the default)
  sample,  // the point estimate tr Σ̂ on D⊥: only the absolute bound (eq 13) is certified, ρ* is
           // a point normalisation of it (for comparison with the paper)
};

// The split of the certificate's α over its random events (mathematics §6.8): the union bound
// joins them, so the statement holds with probability ≥ 1 − total(). The entropy estimator gets
// entropy() and splits it between its own events by monte_carlo/entropy()
// (EntropyRequest::alpha_mc_fraction; mathematics §6: its two margins, eq 34 and 35).
struct AlphaShares {
  double monte_carlo = 0.0;  // α₁: the estimator's Monte Carlo event
  double sampling = 0.0;     // α₂: the estimator's sampling event
  double normaliser = 0.0;   // α_T: tr Σ ≤ UCB (eq 6.5b); 0 with the point normaliser
  double entropy() const { return monte_carlo + sampling; }
  double total() const { return monte_carlo + sampling + normaliser; }
};

// The share of α the tr Σ upper confidence bound gets by default (mathematics §6.8: measured to
// maximise ρ* at paper size; docs/mathematics.md gives the table).
inline constexpr double kDefaultNormaliserAlphaFraction = 0.1;

// InvalidInput "‹alpha=A› must be in (0, 1)" unless 0 < α < 1: the one check of a certificate's α
// (mathematics §6.8), for split_alpha and check_bound_config.
RECONBOUND_API void check_alpha(double alpha);

// α split for `normaliser`: α_T = fraction·α with the UCB (none with the point normaliser), the
// rest evenly between the estimator's two events (α₁, α₂). InvalidInput for α outside (0, 1)
// (check_alpha); the fraction, in (0, 1), is checked by check_bound_config where a config enters.
RECONBOUND_API AlphaShares split_alpha(double alpha, Normaliser normaliser, double normaliser_fraction);

// The settings of one bound: values only, compared and fingerprinted as a whole
// (bound_config_fingerprint). The handles of a run (progress, ranks, checkpoint) go beside it
// (RunHandles).
struct BoundConfig {
  // The plugins, by name: core names none, so these start empty and a caller names each (the
  // front ends name the paper's pipeline: docs/library-api.md, "The paper's pipeline").
  std::string representation;
  Params representation_params;
  std::string estimator;
  Params estimator_params;
  std::string converse;
  Params converse_params;
  std::vector<std::size_t> block_sizes;  // empty: divisors of m_pad up to 32 (mathematics §5)
  std::vector<double> nu2_levels;        // empty: mathematics §5 defaults
  double alpha = 0.05;                   // the certificate's total miscoverage (split_alpha)
  double normaliser_alpha_fraction = kDefaultNormaliserAlphaFraction;  // α_T / α (ucb only)
  RotationChoice rotation = RotationChoice::automatic;
  std::size_t padded_order = 0;          // 0: smallest constructible Hadamard order ≥ m
  Normaliser normaliser = Normaliser::ucb;
  GridSelect grid_select = GridSelect::pilot;  // mathematics §6.6; none: certify the whole grid
  std::size_t select_pairs = 1;          // pairs certified per γ (and per target ρ)
  double target_rho = 0.0;               // > 0: also select for the largest γ reaching it
  bool selection_only = false;           // stop after the selection: no entropy on D_est
  std::uint64_t seed = 0;
  std::size_t threads = 1;
  std::size_t memory_limit_bytes = 0;    // refuse before any work when the memory plan exceeds it (0: no check)
  std::string memory_limit_source;       // where the limit came from, for the refusal
};

// Two configs are equal when every field is (Params by their values).
RECONBOUND_API bool operator==(const BoundConfig& a, const BoundConfig& b);

// The checks of a config that need no data, run once where a config enters: by compute_bound (a
// library caller's config) and by workflow::bound_config (the front ends'), before any data is
// read. InvalidInput naming the setting for grid lists check_grid_lists refuses, for α outside
// (0, 1) (check_alpha) and for a normaliser_alpha_share outside (0, 1) (mathematics §6.8), in
// that order.
RECONBOUND_API void check_bound_config(const BoundConfig& config);

// Every setting of `config` that can change a number of the result, as ("setting NAME", value)
// text in declaration order; threads and the memory limit change none and are left out. Every
// checkpointed work item's key starts from a digest of it (docs/checkpoints.md), so an item of
// other settings is never restored.
RECONBOUND_API Fingerprint bound_config_fingerprint(const BoundConfig& config);

// The data of one bound: records of D⊥ and D_est (rows, grey levels), their shape. The
// records are read in place: views of the caller's matrices, or of memory it owns (NumPy
// arrays from Python), or records of a mapped data set (an .npy file) decoded a batch at a time
// while the frame is built (docs/memory.md); all of it must outlive the computation.
struct BoundData {
  std::optional<MatrixView> perp, est;  // nullopt: missing (InvalidInput), unless `mapped` is set
  ImageShape shape;
  // Or D⊥ and D_est as the records perp_indices and est_indices of `mapped`.
  const MappedDataset* mapped = nullptr;
  std::span<const std::size_t> perp_indices, est_indices;

  BoundData(const MappedDataset* records, std::span<const std::size_t> perp_rows,
            std::span<const std::size_t> est_rows, const ImageShape& record_shape)
      : shape(record_shape), mapped(records), perp_indices(perp_rows), est_indices(est_rows) {}

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
  double gamma_bits = 0.0;        // the leakage bound as given or charged
  double gamma_error_bits = 0.0;  // its numerical error bound: the converse uses γ + this
  ConverseResult converse;
};

struct BoundReport {
  std::size_t m = 0;             // dim of Ψ
  std::size_t m_padded = 0;      // Hadamard order used
  double padding_fraction = 0.0;
  std::string rotation;          // "eigenbasis" or "signs"
  std::size_t n_perp = 0, n_est = 0;
  double trace_sigma = 0.0;      // tr Σ̂ on D⊥
  double trace_sigma_ucb = 0.0;  // the (1 − α_T) UCB on tr Σ from D_est (mathematics §6.5)
  double trace_sigma_ucb_alpha = 0.0;  // its α_T (with the point normaliser: the share it would get)
  double normaliser = 0.0;       // the tr Σ that divides (sample or UCB)
  Normaliser normaliser_kind = Normaliser::ucb;
  double alpha = 0.0;            // the certificate's total α
  AlphaShares alpha_shares;      // its split (mathematics §6.8)
  GridSelectionReport selection;       // how the certified grid G' was chosen (mathematics §6.6)
  std::vector<GridEntropy> entropies;  // one per certified grid pair
  std::vector<ConfidenceEvent> entropy_events;  // the estimator's events behind them (certificate)
  std::vector<BoundResult> results;    // one per γ
  // δ: how far the features' rounding (the rotation and the block scaling) can move a record, in
  // Ψ's units; every pair's RMSE bound is lowered by it (mathematics §6.9).
  double residue_rmse = 0.0;
  BoundTimings timings;
};

// Estimates the entropies once; the returned report holds results for every γ given. Results
// that break a plugin's contract where they enter the bound (an h_lb above the estimator's point
// value or not finite, event shares above its α, a ρ* outside [0, 1]) are a PluginError naming
// the plugin. With
// grid selection, the certified pairs are those a pilot on D⊥ predicts best for these γ
// (and for config.target_rho): more γ later (apply_converse) are covered only by them.
// gamma_errors_bits: empty (every γ exact) or one numerical error bound per γ, added to γ
// before the converse (mathematics §6.8).
// The config is checked first (check_bound_config); `run` holds the run's handles: its progress,
// ranks and checkpoint (none by default).
RECONBOUND_API BoundReport compute_bound(const Registry& registry, const BoundData& data,
                                         const std::vector<double>& gammas_bits,
                                         const BoundConfig& config, const RunHandles& run = {},
                                         const std::vector<double>& gamma_errors_bits = {});

// Applies the converse of `config` to an existing report's entropies for more γ values, at
// γ + gamma_error_bits.
RECONBOUND_API BoundResult apply_converse(const Registry& registry, const BoundReport& report,
                                          double gamma_bits, const BoundConfig& config,
                                          double gamma_error_bits = 0.0);

// The largest leakage γ (bits) whose ρ* still reaches target_rho ∈ (0, 1], from the same
// entropies (the converse's inverse, mathematics §8); negative when even γ = 0 falls short.
RECONBOUND_API LeakageBudget largest_gamma_for_rho(const Registry& registry,
                                                   const BoundReport& report, double target_rho,
                                                   const BoundConfig& config);

// "name:4" → ("name", {arg=4}); "name" → ("name", {}).
RECONBOUND_API std::pair<std::string, Params> parse_plugin_spec(const std::string& spec);

}  // namespace reconbound
