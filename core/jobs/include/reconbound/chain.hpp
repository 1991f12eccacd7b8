#pragma once
// The tightness chain (mathematics §9; paper §G.5–G.6, eq 39):  ρ* ≤ … ≤ ρ of an attack.
// At each leakage γ it puts the certified bound next to the attacks of mechanisms that provide
// one (Mechanism::attack(), reconbound/attack.hpp), all in the space of Ψ and normalised by
// the same tr Σ̂ (from D⊥) as the bound. Every row of attacks is one column of the report: its
// estimate of ρ at each γ its attack reaches (ReconstructionAttack::reach()) and the details
// the attack declares as columns (ReconstructionAttack::columns()), among them further links
// of the chain between ρ* and its ρ. Which rows a chain has is the caller's choice; the
// paper's rows are a preset of the front ends.
//
// Data layout (§F.4, enforced): D⊥ and D_est as for the bound; D_shadow ⊆ D_est (the
// attacker's prior sample and candidates); the targets are held out from all three.
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

// One row of attacks: a mechanism and its parameters (the attack's settings among them).
struct ChainAttackRow {
  std::string mechanism;
  Params params;
  std::string label;  // how reports name the row, e.g. "gaussian:k=10"
  // The seed of the row's bootstrap at the γ with index i (estimate_attack): the chain's seed ^
  // (bootstrap_salt + i) when set, else seed ^ (0x5e0 + 131·i + the row's index among the rows
  // of its mechanism). A preset sets it to keep the stream a row had in an earlier release.
  std::optional<std::uint64_t> bootstrap_salt;
};

struct ChainConfig {
  BoundConfig bound;                    // Ψ, estimator, grid, seed, threads
  RunHandles run;                       // the run's progress, ranks and checkpoint
  std::vector<ChainAttackRow> attacks;  // the rows, in the report's order
  // The leakages asked for: γ (bits), and rates (whole bits). Each row is attacked where its
  // attack's reach() says: the γs below its bound and, if it reaches rates, the rates first.
  std::vector<double> gammas;
  std::vector<unsigned> rates;
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
  bool restored = false;  // read from the checkpoint rather than run
};

// An attack whose error is more than 3 standard errors below ρ* (mathematics §9): by the converse
// no attack on a release leaking ≤ γ beats ρ* but by chance, so the mechanism's γ or its attack is
// wrong.
struct ChainViolation {
  double gamma_bits = 0.0;
  std::size_t row = 0;    // the attack row (ChainReport::attacks)
  std::string mechanism;  // the plugin
  std::string attack;     // how reports name it: the row's label
  double rho = 0.0, standard_error = 0.0, rho_star = 0.0;
};

// The value of the detail `name`, if the attack reported it.
RECONBOUND_API std::optional<double> find_detail(const AttackDetails& details, std::string_view name);

// A row of attacks as the report shows it.
struct ChainAttackInfo {
  std::string mechanism;
  std::string label;
  AttackDetails settings;             // ReconstructionAttack::settings()
  std::vector<AttackColumn> columns;  // ReconstructionAttack::columns()
  std::vector<double> gammas;         // where it is attacked (its reach among the chain's leakages)
};

struct ChainRow {
  double gamma_bits = 0.0;
  ConverseResult bound;  // ρ* (and its point estimate) at γ
  // One per attack row (ChainReport::attacks): absent where that row is not attacked at γ.
  std::vector<std::optional<ChainAttack>> attacks;
};

// The time of one attack row over all its γs (0 s for an attack restored from a checkpoint).
struct ChainAttackTiming {
  double seconds = 0.0;
  // Per column of kind seconds (AttackColumnKind::seconds): the part of `seconds` it names.
  AttackDetails parts;
};

struct ChainTimings {
  double bound_s = 0;
  std::vector<ChainAttackTiming> attacks;  // one per attack row
};

struct ChainReport {
  BoundReport bound;
  std::vector<ChainAttackInfo> attacks;  // the attack rows, in the order of ChainConfig::attacks
  std::vector<ChainRow> rows;            // ascending γ: the union of every attack row's γ
  std::size_t n_shadow = 0, n_targets = 0;
  // The image grid (paper Figure 9): the first figure_targets targets and, at each γ where it
  // ran, their reconstruction as an image by the first attack row that returns posterior
  // weights — the weights applied to the shadow records' images (for Ψ = pixels this is the
  // attack's own output).
  RowMatrix figure_images;                        // figure_targets × d (grey levels)
  std::optional<std::size_t> figure_row;          // that attack row; absent without one
  std::vector<double> figure_gammas;              // ascending
  std::vector<RowMatrix> figure_reconstructions;  // one per figure γ: figure_targets × d
  std::vector<double> figure_column_rho;          // per figure γ: the attack's ρ over all targets
  std::vector<std::vector<double>> figure_rho;    // per figure γ: each shown target's ρ
  std::vector<std::string> notes;  // what could not be computed and why (e.g. a γ no σ reaches)
  std::vector<ChainViolation> violations;  // rows whose attack beats ρ* by more than 3 SE (chain_violations)
  ChainTimings timings;
};

// Every attack of `report` with ρ + 3·SE < ρ* at its γ, by γ and then by row.
RECONBOUND_API std::vector<ChainViolation> chain_violations(const ChainReport& report);

// One line naming the plugin, its attack, γ and the numbers, and what it means (ASCII).
RECONBOUND_API std::string violation_sentence(const ChainViolation& violation);

// InvalidInput for no rows, a row of a mechanism without an attack ("mechanism NAME provides no
// reconstruction attack"), a γ that is not finite and > 0, no γ at all, and the errors of the
// plugins and the pipeline; PluginError when an attack returns errors that are not one finite
// value ≥ 0 per target, or weights of the wrong shape, or a mechanism's leakage() for its row's
// parameters or for the release an attack ran is not finite and ≥ 0, or charges that release
// more than the row's γ.
// With config.run.checkpoint, every finished attack is a work item kept in it, as the
// estimates' items are: a rerun restores it (its timings count 0 s) and attacks only the rest
// (docs/checkpoints.md).
RECONBOUND_API ChainReport compute_chain(const Registry& registry, const ChainData& data,
                                         const ChainConfig& config);

}  // namespace reconbound
