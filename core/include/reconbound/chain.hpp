#pragma once
// The tightness chain (mathematics §9; paper §G.5–G.6, eq 39):  ρ* ≤ ρ_blk ≤ ρ_cb ≤ ρ_dpsgd.
// At each leakage γ it puts the certified bound next to the per-block bound of a codebook
// release, the codebook's conditional-mean attack and the prior-aware DP-SGD attack, all
// in the space of Ψ and normalised by the same tr Σ̂ (from D⊥) as the bound.
//
// Data layout (§F.4, enforced): D⊥ and D_est as for the bound; D_shadow ⊆ D_est (fits the
// codebook, holds the attack's candidates); the targets are held out from all three.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/export.hpp"

namespace reconbound {

// A DP-SGD release configuration of the attack: Poisson rate q over T steps.
struct DpsgdSetting {
  double q = 1.0;
  std::uint64_t steps = 1;
};

struct ChainConfig {
  BoundConfig bound;                                     // Ψ, estimator, grid, seed, threads, progress
  std::vector<double> dpsgd_gammas{0.72, 2.89, 8.01, 72.13};  // γ (bits) of the DP-SGD attacks
  std::vector<unsigned> codebook_bits{1, 2, 3, 4, 5, 6, 7, 8};  // R of the deterministic codebooks
  std::vector<DpsgdSetting> dpsgd_settings{{1.0, 1}, {0.02, 100}};
  double clip = 0.3;               // C of the attack's linear model (paper §G.5)
  double block_nu2 = 0.2;          // ν² of the per-block bound (k = 1, Table 7)
  std::size_t min_cell_records = 20;  // per-block bound: estimation records every cell needs
  std::size_t bootstrap = 1000;    // resamples of the targets for standard errors
  std::size_t figure_targets = 6;  // targets whose reconstructions are kept for the image grid
};

struct ChainData {
  const RowMatrix* perp = nullptr;
  const RowMatrix* est = nullptr;
  const RowMatrix* shadow = nullptr;   // nullptr: all of D_est
  const RowMatrix* targets = nullptr;  // held out from D⊥, D_est and D_shadow
  ImageShape shape;
};

// Where the records of a ChainData came from, so overlaps can be refused (mathematics §7, §F.4).
struct ChainIndices {
  std::vector<std::size_t> perp, est, shadow, targets;  // shadow empty: all of D_est
};
// InvalidInput naming the two sets and an index when D⊥, D_est or the targets overlap, or
// when D_shadow is not inside D_est.
RECONBOUND_API void check_chain_layout(const ChainIndices& indices);

// An attack's error over the held-out targets: ρ = sqrt(mean_i e_i / tr Σ̂) (eq 3 with the
// expectation replaced by the mean over targets) and its bootstrap standard error.
struct AttackEstimate {
  double rho = 0.0;
  double standard_error = 0.0;
  std::vector<double> rho_per_target;  // sqrt(e_i / tr Σ̂)
  double sigma = 0.0;                  // DP-SGD: the noise multiplier charged γ; else 0
};

// ρ = sqrt(mean_i e_i / tr Σ) over the targets' squared errors e_i (eq 3, the expectation
// replaced by the mean over targets); the standard error is the standard deviation of ρ over
// `resamples` bootstrap resamples of the targets (std::mt19937_64 seeded with `seed`; fewer
// than 2 resamples: no standard error). InvalidInput for no targets, a negative or non-finite
// error, or tr Σ ≤ 0.
RECONBOUND_API AttackEstimate estimate_attack(const std::vector<double>& squared_errors,
                                              double trace_sigma, std::size_t resamples,
                                              std::uint64_t seed);

struct ChainRow {
  double gamma_bits = 0.0;
  ConverseResult bound;                  // ρ* (and its point estimate) at γ
  // The codebook release at this γ: R bits (deterministic) or the two-cell codebook through
  // a binary symmetric channel below one bit. Absent where no codebook leaks exactly γ.
  std::optional<unsigned> codebook_bits;
  std::optional<double> keep_probability;   // BSC only
  std::optional<double> realised_entropy_bits;  // H(Q) of the deterministic release on D_est
  std::optional<double> rho_blk;            // eq 40 with the per-block charge
  std::optional<double> mean_gamma_b;       // mean per-coordinate leakage γ_b (bits)
  std::optional<AttackEstimate> codebook;   // the conditional-mean decoder
  std::vector<std::optional<AttackEstimate>> dpsgd;  // one per setting; at dpsgd_gammas only
};

struct ChainTimings {
  double bound_s = 0, codebook_s = 0, per_block_s = 0, dpsgd_s = 0;
};

struct ChainReport {
  BoundReport bound;
  std::vector<DpsgdSetting> settings;
  std::vector<ChainRow> rows;       // ascending γ: the union of dpsgd_gammas and codebook_bits
  std::size_t n_shadow = 0, n_targets = 0;
  // The image grid (paper Figure 9): the first figure_targets targets and, at each γ of
  // dpsgd_gammas, their reconstruction as an image — the attack's posterior weights applied
  // to the shadow records' images (for Ψ = pixels this is the attack's own output).
  RowMatrix figure_images;                     // figure_targets × d (grey levels)
  std::vector<double> figure_gammas;           // dpsgd_gammas, ascending
  std::vector<RowMatrix> figure_reconstructions;  // one per figure γ: figure_targets × d
  std::vector<std::vector<double>> figure_rho;    // per figure γ: each shown target's ρ
  std::vector<std::string> notes;  // what could not be computed and why (e.g. a γ no σ reaches)
  ChainTimings timings;
};

RECONBOUND_API ChainReport compute_chain(const Registry& registry, const ChainData& data,
                                         const ChainConfig& config);

}  // namespace reconbound
