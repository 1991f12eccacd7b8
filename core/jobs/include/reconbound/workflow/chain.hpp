#pragma once
// The chain job (mathematics §9; paper §G.5–G.6, eq 39): ρ* next to the attacks of the
// mechanisms the request names (reconbound/chain.hpp) on a data set laid out as D⊥, D_est,
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

// The attack rows of a chain and the leakages asked for; each row is attacked where its attack
// reaches (ReconstructionAttack::reach()).
struct ChainRows {
  std::vector<double> gammas{0.72, 2.89, 8.01, 72.13};  // γ (bits) of the attacks
  std::vector<unsigned> rates{1, 2, 3, 4, 5, 6, 7, 8};   // whole-bit rates, for attacks that reach them
  std::vector<ChainAttackRow> attacks;                   // the rows (named_attack_row, or a preset's)
  // The numerical error bound of each of `gammas` (empty: every γ exact), added to it before the
  // converse (mathematics §6.8): a report's γ values come from a mechanism that bounds its error.
  std::vector<double> gamma_errors_bits;
};

// The row "NAME" or "NAME:k=v,..." (the mechanism's Params), labelled with the spec itself.
// InvalidInput for a spec without a name and unparsable parameters.
RECONBOUND_API ChainAttackRow named_attack_row(const std::string& spec);

struct ChainRequest {
  ChainDataRequest data;
  std::string representation;  // as BoundRequest::representation
  ChainRows rows;
  ChainConfig config;  // config.bound and config.run as BoundRequest's; its attacks and leakages come from `rows`
};

struct ChainOutput {
  ChainReport report;
  std::string data_source;
  std::string representation;  // the spec as requested
  std::string representation_unit;  // as BoundOutput::representation_unit
  std::uint64_t seed = 0;      // the layout's seed
  ChainIndices indices;        // where D⊥, D_est, D_shadow and the targets came from
  ImageShape shape;            // of one record (for images of the reconstructions)
  std::vector<std::string> figures;  // the figures a front end wrote (empty when none)
  Certificate certificate;     // what the chain's ρ* certifies (γ given: exact, else + its error; §6.8)
};

// InvalidInput for the data layout, the rows (compute_chain), error bounds that are not one per
// γ, and the errors of the plugins and the pipeline.
RECONBOUND_API ChainOutput run_chain(const Registry& registry, const ChainRequest& request);

}  // namespace reconbound::workflow
