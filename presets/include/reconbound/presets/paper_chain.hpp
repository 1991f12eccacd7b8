#pragma once
// The paper's chain (mathematics §9; paper §G.5–G.6, eq 39):  ρ* ≤ ρ_blk ≤ ρ_cb ≤ ρ_dpsgd, a
// preset of the front ends over the generic chain (reconbound/chain.hpp). Its rows are the
// codebook release (whose attack reports the per-block bound ρ_blk and its conditional-mean
// attack ρ_cb) and the DP-SGD attack at (q, T) = (1, 1) and (0.02, 100) with clip C = 0.3; any
// other row named is reported beside them. Its view of a report names those columns: the first
// codebook row fills ρ_blk and ρ_cb, every dpsgd row one ρ_dpsgd column, every other row (a
// further codebook row among them) one column of its own.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reconbound/chain.hpp"
#include "reconbound/workflow/chain.hpp"

namespace reconbound::presets {

// The mechanism plugin of the codebook release (mathematics §9), the chain's first paper row; its
// DP-SGD rows charge presets::kPaperMechanism (paper_pipeline.hpp).
inline constexpr const char* kCodebookMechanism = "codebook";

// A DP-SGD release configuration of the attack: Poisson rate q over T steps.
struct DpsgdSetting {
  double q = 1.0;
  std::uint64_t steps = 1;
};

// How every table, figure and message names a setting: "q=0.02, T=100".
std::string dpsgd_caption(const DpsgdSetting& setting);

// The rows as the front ends take them.
struct PaperChainRows {
  // "NAME" or "NAME:k=v,..." (the mechanism's Params), one per row; empty: the paper's rows,
  // codebook and dpsgd:q=Q,steps=T,clip=C for every setting of `dpsgd`.
  std::vector<std::string> mechanisms;
  // The paper's rows' DP-SGD settings ((1, 1) and (0.02, 100) when absent) and clip norm C
  // (0.3 when absent); InvalidInput when given with `mechanisms`.
  std::optional<std::vector<DpsgdSetting>> dpsgd;
  std::optional<double> clip;
};

// The rows of ChainRows::attacks; the first codebook row keeps the bootstrap stream the
// codebook had before the chain was generic. InvalidInput for a spec without a name, unparsable
// parameters, `dpsgd` or `clip` with `mechanisms`, and a clip norm that is not finite and > 0.
std::vector<ChainAttackRow> paper_chain_rows(const PaperChainRows& rows);

// Which attack rows of a report (ChainReport::attacks) fill which of the paper's columns.
struct PaperColumns {
  std::optional<std::size_t> codebook;  // the first codebook row: ρ_blk, ρ_cb
  std::vector<std::size_t> dpsgd;       // one ρ_dpsgd column each
  std::vector<DpsgdSetting> settings;   // their (q, T), as their attacks report them
  std::vector<std::size_t> other;       // every other row
};
// PluginError when a dpsgd row's attack reports no q and steps among its settings.
PaperColumns paper_columns(const ChainReport& report);

// The codebook release at one γ (the first codebook row): R bits (deterministic) or the two-cell
// codebook through a binary symmetric channel below one bit; all absent where no codebook
// leaks exactly γ (no estimate).
struct CodebookCells {
  std::optional<unsigned> bits;
  std::optional<double> keep_probability;       // BSC only
  std::optional<double> realised_entropy_bits;  // H(Q) of the deterministic release on D_est
  std::optional<double> rho_blk;                // eq 40 with the per-block charge
  std::optional<double> mean_gamma_b;           // mean per-coordinate leakage γ_b (bits)
  std::optional<AttackEstimate> estimate;       // the conditional-mean decoder: ρ_cb
};
CodebookCells codebook_cells(const ChainRow& row, const PaperColumns& columns);

// The row's attack at γ by attack row `index`, if it ran and has an estimate; nullptr otherwise.
const AttackEstimate* estimate_at(const ChainRow& row, std::size_t index);

// The gaps along the chain (eq 39) in one row, each absent where a side is absent; `codebook` is
// the row's codebook_cells.
struct PaperGaps {
  std::optional<double> blk_minus_rho_star;                 // ρ_blk − ρ*
  std::optional<double> cb_minus_blk;                       // ρ_cb − ρ_blk
  std::vector<std::optional<double>> dpsgd_minus_cb;        // per dpsgd row: ρ_dpsgd − ρ_cb
  std::vector<std::optional<double>> other_minus_rho_star;  // per other row: its ρ − ρ*
};
PaperGaps paper_gaps(const ChainRow& row, const PaperColumns& columns, const CodebookCells& codebook);

// The timings by the paper's stages: the codebooks (less their per-block bounds), the per-block
// bounds, the DP-SGD attacks and every other row.
struct PaperTimings {
  double codebook_s = 0, per_block_s = 0, dpsgd_s = 0, other_s = 0;
};
PaperTimings paper_timings(const ChainReport& report, const PaperColumns& columns);

// The report's violations (chain_violations) named as the paper's columns: "codebook",
// "dpsgd (q=1, T=1)", or the row's label; at each γ the codebook's first, then the dpsgd rows',
// then the others'.
std::vector<ChainViolation> paper_violations(const ChainReport& report);

// How the image grid names its row (ChainReport::figure_row): "q=1, T=1" for a dpsgd row, else
// its mechanism; "" without one.
std::string figure_label(const ChainReport& report);

// The JSON of `reconbound chain --json` in the paper's layout: per γ row codebook_bits,
// keep_probability, realised_entropy_bits, rho_blk, mean_gamma_b, codebook_attack,
// dpsgd_attacks and the gaps; attack_rows and rows[].attacks for the other rows (only when there
// are some); timings by the paper's stages.
nlohmann::json paper_chain_json(const workflow::ChainOutput& output);

}  // namespace reconbound::presets
