#pragma once
// The chain job (mathematics §9; paper §G.5–G.6, eq 39): ρ* next to the attacks of mechanisms
// that provide one — by default the paper's: the codebook release (its per-block bound and
// attack) and the DP-SGD attack (reconbound/chain.hpp) — on a data set laid out as D⊥, D_est,
// D_shadow ⊆ D_est and held-out targets (mathematics §7, §F.4).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/chain.hpp"
#include "reconbound/certificate.hpp"
#include "reconbound/export.hpp"
#include "reconbound/workflow/data.hpp"

namespace reconbound::workflow {

struct ChainDataRequest {
  DataRequest data;           // the data set, D⊥/D_est as for the bound job, and the seed
  std::size_t targets = 100;  // held-out targets drawn at random (outside D⊥ and D_est)
  IndexChoice target_records;       // explicit targets instead
  std::optional<std::size_t> shadow;  // D_shadow: this many records drawn from D_est (default all)
  std::optional<std::vector<std::size_t>> shadow_indices;  // explicit D_shadow (inside D_est)
};

struct ChainSplitData {
  std::shared_ptr<const Dataset> dataset;
  ChainIndices indices;
  RowMatrix perp, est, shadow, targets;  // shadow empty: all of D_est
  SplitOrigin origin;                    // how D⊥ and D_est were chosen (split_origin)
};

// Loads the data set and lays it out. The random layout draws the targets first from all
// records, then D⊥ and D_est from the rest (sizes as the bound job: the paper's where the data
// set allows, else the quick-look split). Explicit D⊥/D_est take the targets at random from the
// records in neither. Overlaps and a shadow outside D_est are InvalidInput.
RECONBOUND_API ChainSplitData load_chain_data(const ChainDataRequest& request);

// The attack rows of a chain and where they are attacked.
struct ChainRows {
  std::vector<double> gammas{0.72, 2.89, 8.01, 72.13};  // γ (bits) of the attacks
  std::vector<unsigned> bits{1, 2, 3, 4, 5, 6, 7, 8};    // rates R of the codebook rows
  // "NAME" or "NAME:k=v,..." (the mechanism's Params), one per row; empty: the default rows,
  // codebook and dpsgd:q=Q,steps=T,clip=C for every setting of `dpsgd`.
  std::vector<std::string> mechanisms;
  // The default rows' DP-SGD settings ((1, 1) and (0.02, 100) when absent) and clip norm C
  // (0.3 when absent); InvalidInput when given with `mechanisms`.
  std::optional<std::vector<DpsgdSetting>> dpsgd;
  std::optional<double> clip;
  // The numerical error bound of each of `gammas` (empty: every γ exact), added to it before the
  // converse (mathematics §6.8): a report's γ values come from a mechanism that bounds its error.
  std::vector<double> gamma_errors_bits;
};

// The rows of ChainConfig::attacks: every row is attacked at `gammas`, except the codebook's,
// which are attacked at the rates `bits` and, through the binary symmetric channel, at the
// `gammas` below one bit. InvalidInput for a spec without a name, unparsable parameters,
// `dpsgd` or `clip` with `mechanisms`, and a clip norm that is not finite and > 0.
RECONBOUND_API std::vector<ChainAttackRow> chain_attack_rows(const ChainRows& rows);

struct ChainRequest {
  ChainDataRequest data;
  std::string representation = "pixel";  // as BoundRequest::representation
  ChainRows rows;
  ChainConfig config;  // config.bound as BoundRequest::bound; its attacks come from `rows`
};

struct ChainOutput {
  ChainReport report;
  std::string data_source;
  std::string representation;  // the spec as requested
  std::uint64_t seed = 0;      // the layout's seed
  ChainIndices indices;        // where D⊥, D_est, D_shadow and the targets came from
  ImageShape shape;            // of one record (for images of the reconstructions)
  std::vector<std::string> figures;  // the figures a front end wrote (empty when none)
  Certificate certificate;     // what the chain's ρ* certifies (γ given: exact, else + its error; §6.8)
};

// The gaps along the chain (eq 39) in one row, each absent where a side is absent.
struct ChainGaps {
  std::optional<double> blk_minus_rho_star;  // ρ_blk − ρ*
  std::optional<double> cb_minus_blk;        // ρ_cb − ρ_blk
  std::vector<std::optional<double>> dpsgd_minus_cb;  // per dpsgd row: ρ_dpsgd − ρ_cb
  std::vector<std::optional<double>> other_minus_rho_star;  // per other row: its ρ − ρ*
};
RECONBOUND_API ChainGaps chain_gaps(const ChainRow& row);

// InvalidInput for the data layout, the rows (chain_attack_rows, compute_chain) and the
// errors of the plugins and the pipeline.
RECONBOUND_API ChainOutput run_chain(const Registry& registry, const ChainRequest& request);

}  // namespace reconbound::workflow
