#pragma once
// The tightness chain (mathematics §9; paper §G.5–G.6, eq 39):  ρ* ≤ ρ_blk ≤ ρ_cb ≤ ρ_dpsgd.
// At each leakage γ it puts the certified bound next to the attacks of mechanisms that provide
// one (Mechanism::attack(), reconbound/attack.hpp), all in the space of Ψ and normalised by
// the same tr Σ̂ (from D⊥) as the bound. The paper's chain is the codebook release (its
// per-block bound and conditional-mean attack) and the prior-aware DP-SGD attack: rows of the
// mechanisms codebook and dpsgd fill those columns; rows of every other mechanism are reported
// beside them (ChainRow::other).
//
// Data layout (§F.4, enforced): D⊥ and D_est as for the bound; D_shadow ⊆ D_est (fits the
// codebook, holds the attack's candidates); the targets are held out from all three.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reconbound/attack.hpp"
#include "reconbound/bound.hpp"
#include "reconbound/export.hpp"

namespace reconbound {

// A DP-SGD release configuration of the attack: Poisson rate q over T steps.
struct DpsgdSetting {
  double q = 1.0;
  std::uint64_t steps = 1;
};

// One row of attacks: a mechanism, its parameters (the attack's settings among them) and the
// leakages it is attacked at.
struct ChainAttackRow {
  std::string mechanism;
  Params params;
  std::string label;           // how reports name the row, e.g. "gaussian:k=10"
  std::vector<double> gammas;  // γ (bits)
};

struct ChainConfig {
  BoundConfig bound;                      // Ψ, estimator, grid, seed, threads, progress, checkpoint
  std::vector<ChainAttackRow> attacks;    // workflow::chain_attack_rows gives the paper's
  std::size_t bootstrap = 1000;    // resamples of the targets for standard errors
  std::size_t figure_targets = 6;  // targets whose reconstructions are kept for the image grid
  // A numerical error bound per γ of the attacks, added to that γ before the converse (as
  // compute_bound's gamma_errors_bits; mathematics §6.8): pairs (γ, error); a γ not listed is exact.
  std::vector<std::pair<double, double>> gamma_errors_bits;
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
};

// ρ = sqrt(mean_i e_i / tr Σ) over the targets' squared errors e_i (eq 3, the expectation
// replaced by the mean over targets); the standard error is the standard deviation of ρ over
// `resamples` bootstrap resamples of the targets (std::mt19937_64 seeded with `seed`; fewer
// than 2 resamples: no standard error). InvalidInput for no targets, a negative or non-finite
// error, or tr Σ ≤ 0.
RECONBOUND_API AttackEstimate estimate_attack(const std::vector<double>& squared_errors,
                                              double trace_sigma, std::size_t resamples,
                                              std::uint64_t seed);

// One row's attack at one γ.
struct ChainAttack {
  std::optional<AttackEstimate> estimate;  // absent: no release of the mechanism leaks exactly γ
  AttackDetails details;                   // the attack's AttackResult::details
  // γ of the release the attack ran, by the mechanism's own leakage() at the configuration the
  // attack reports (checked ≤ the row's γ + its error bound); absent where it reports none.
  std::optional<double> release_gamma_bits;
};

// An attack whose error is more than 3 standard errors below ρ* (mathematics §9): by the converse
// no attack on a release leaking ≤ γ beats ρ* but by chance, so the mechanism's γ or its attack is
// wrong.
struct ChainViolation {
  double gamma_bits = 0.0;
  std::string mechanism;  // the plugin
  std::string attack;     // its column: "codebook", "dpsgd (q=1, T=1)", or an other row's label
  double rho = 0.0, standard_error = 0.0, rho_star = 0.0;
};

// The value of the detail `name`, if the attack reported it.
RECONBOUND_API std::optional<double> find_detail(const AttackDetails& details, std::string_view name);

// A row of attacks as the report shows it.
struct ChainAttackInfo {
  std::string mechanism;
  std::string label;
  AttackDetails settings;      // ReconstructionAttack::settings()
  std::vector<double> gammas;  // where it is attacked
};

struct ChainRow {
  double gamma_bits = 0.0;
  ConverseResult bound;  // ρ* (and its point estimate) at γ
  // The codebook release at this γ (the first codebook row): R bits (deterministic) or the
  // two-cell codebook through a binary symmetric channel below one bit. Absent where no
  // codebook leaks exactly γ.
  std::optional<unsigned> codebook_bits;
  std::optional<double> keep_probability;       // BSC only
  std::optional<double> realised_entropy_bits;  // H(Q) of the deterministic release on D_est
  std::optional<double> rho_blk;                // eq 40 with the per-block charge
  std::optional<double> mean_gamma_b;           // mean per-coordinate leakage γ_b (bits)
  std::optional<AttackEstimate> codebook;       // the conditional-mean decoder
  // One per dpsgd row (ChainReport::settings): absent where it is not attacked or γ is not reached.
  std::vector<std::optional<ChainAttack>> dpsgd;
  // One per other row (ChainReport::other), as dpsgd.
  std::vector<std::optional<ChainAttack>> other;
};

struct ChainTimings {
  double bound_s = 0, codebook_s = 0, per_block_s = 0, dpsgd_s = 0, other_s = 0;
};

struct ChainReport {
  BoundReport bound;
  std::vector<DpsgdSetting> settings;  // the dpsgd rows', in the order of ChainConfig::attacks
  std::vector<ChainAttackInfo> other;  // the rows of other mechanisms (and further codebook rows)
  std::vector<ChainRow> rows;          // ascending γ: the union of every attack row's γ
  std::size_t n_shadow = 0, n_targets = 0;
  // The image grid (paper Figure 9): the first figure_targets targets and, at each γ where it
  // ran, their reconstruction as an image by the first attack row that returns posterior
  // weights — the weights applied to the shadow records' images (for Ψ = pixels this is the
  // attack's own output).
  RowMatrix figure_images;                        // figure_targets × d (grey levels)
  std::string figure_attack;  // that row: "q=1, T=1" for a dpsgd row, else its mechanism; "" without
  std::vector<double> figure_gammas;              // ascending
  std::vector<RowMatrix> figure_reconstructions;  // one per figure γ: figure_targets × d
  std::vector<double> figure_column_rho;          // per figure γ: the attack's ρ over all targets
  std::vector<std::vector<double>> figure_rho;    // per figure γ: each shown target's ρ
  std::vector<std::string> notes;  // what could not be computed and why (e.g. a γ no σ reaches)
  std::vector<ChainViolation> violations;  // rows whose attack beats ρ* by more than 3 SE (chain_violations)
  ChainTimings timings;
};

// Every attack of `report` (codebook, dpsgd and other rows) with ρ + 3·SE < ρ* at its γ.
RECONBOUND_API std::vector<ChainViolation> chain_violations(const ChainReport& report);

// One line naming the plugin, its attack, γ and the numbers, and what it means (ASCII).
RECONBOUND_API std::string violation_sentence(const ChainViolation& violation);

// InvalidInput for a row of a mechanism without an attack ("mechanism NAME provides no
// reconstruction attack"), a γ that is not finite and > 0, no γ at all, and the errors of the
// plugins and the pipeline; PluginError when an attack returns errors that are not one finite
// value ≥ 0 per target, or weights of the wrong shape, or a dpsgd row's attack reports no q
// and steps among its settings, or a mechanism's leakage() for its row's parameters or for the
// release an attack ran is not finite and ≥ 0, or charges that release more than the row's γ.
// With config.bound.checkpoint, every finished attack is a work item kept in it, as the
// estimates' items are: a rerun restores it (its timings count 0 s) and attacks only the rest
// (docs/checkpoints.md).
RECONBOUND_API ChainReport compute_chain(const Registry& registry, const ChainData& data,
                                         const ChainConfig& config);

}  // namespace reconbound
