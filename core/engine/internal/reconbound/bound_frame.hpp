#pragma once
// The frame of a bound (mathematics §3–4, §6.5, §7): Ψ applied to D⊥ and D_est separately, tr Σ̂ and
// its UCB from D⊥, the rotation U from D⊥ and the rotated D_est. Built once, it serves the
// certified bound (compute_bound) and everything measured in the same coordinates (the
// tightness chain's per-block bound and attacks).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/export.hpp"
#include "reconbound/grid.hpp"
#include "reconbound/memory_plan.hpp"
#include "reconbound/rotation.hpp"
#include "reconbound/trace_sigma.hpp"

namespace reconbound {

// Where D_est's records live when a bound runs on several ranks (docs/distributed.md).
enum class FrameLayout {
  whole,          // every rank holds all of D_est and Ψ(D_est) (the one process; the chain, whose
                  // attacks read it; a mechanism fitted on Ψ(D_est))
  rows_on_ranks,  // each rank of run.ranks holds a range of D_est's records; the estimate moves
                  // them so that each holds the columns of its blocks. Ψ(D_est) is not kept: only
                  // its rotation (also in one process, where the frame is whole)
};

// What the plan is made of besides the config, known before any record is represented: Ψ's
// description, the data's sizes and where this process stands among the ranks sharing D_est.
struct PlanFacts {
  RepresentationInfo info;                // Ψ's (its output_dim is m)
  std::size_t n_perp = 0, n_est = 0;      // records of D⊥ and of D_est (all ranks together)
  std::size_t d = 0;                      // values per record
  std::size_t rank = 0, ranks = 1;        // this process among those holding D_est in rows (1: whole)
  std::size_t mapped_record_bytes = 0;    // BoundSizes::mapped_record_bytes
  std::size_t resident_file_bytes = 0;    // BoundSizes::resident_file_bytes
  bool keeps_est_features = true;         // the frame keeps Ψ(D_est) (FrameLayout::whole)
};

// What the frame and the pipeline run at, made once from the config and the facts
// (make_bound_plan): every default applied and every setting checked there.
struct BoundPlan {
  std::size_t m_pad = 0;       // the padded order of the rotation (mathematics §4)
  std::vector<GridPair> grid;  // the candidate pairs (k, ν²): the config's lists or the defaults (§5)
  AlphaShares alpha_shares;    // α split for the config's normaliser (§6.8)
  double ucb_alpha = 0.0;      // α_T of the tr Σ UCB; with the point normaliser, the share it would have
  RotationChoice rotation = RotationChoice::signs;  // the config's, or the automatic choice for Ψ and |D⊥| (§4)
  std::pair<std::size_t, std::size_t> est_records;  // this rank's records [first, last) of D_est (record_range)
  std::size_t window = 0;      // records represented and rotated at a time: whole batches, one per thread
  BoundSizes memory;           // the frame's sizes, whose memory plan is within the config's limit (docs/memory.md)
};

// The plan of `config` for `facts`. InvalidInput for a padded order, grid or α the config cannot
// have (checked_padded_order, make_grid, split_alpha) and for a memory plan over
// config.memory_limit_bytes (check_memory_plan).
RECONBOUND_API BoundPlan make_bound_plan(const BoundConfig& config, const PlanFacts& facts);

struct BoundFrame {
  BoundPlan plan;                         // the grid, α shares, rotation, ranges and sizes every stage reads
  FrameLayout layout = FrameLayout::whole;
  std::shared_ptr<Representation> psi;
  std::string representation;  // the plugin's name, for the messages about its output
  RepresentationInfo info;
  ImageShape shape;
  RowMatrix perp_features, est_features;  // Ψ(D⊥) and Ψ(D_est) (this rank's records of it): rows × m;
                                          // both empty unless asked for FrameLayout::whole (Ψ(D⊥)
                                          // is let go before D_est is rotated: docs/memory.md)
  std::size_t n_perp = 0;                 // records of D⊥
  std::uint64_t perp_digest = 0;          // digest_doubles(0, Ψ(D⊥)): the ranks compare it
  RowMatrix rotated_perp;                 // U·Ψ(x) for the pilot's prefix of D⊥, min(n_perp,
                                          // max(n_est/2, 1)) rows (config.grid_select pilot)
  double pilot_trace_ucb = 0.0;           // the tr Σ UCB the pilot predicts with, from D⊥ alone
                                          // (predicted_trace_ucb; pilot and the UCB normaliser)
  std::size_t n_est = 0;                  // records of D_est, on all ranks together
  TraceSigma trace;                       // tr Σ̂ from D⊥, its UCB from D_est centred on D⊥
  double normaliser = 0.0;                // the tr Σ that divides (config.normaliser)
  std::optional<Rotation> rotation;       // U from D⊥ (mathematics §4)
  double residue_rmse = 0.0;              // δ of BoundReport::residue_rmse
  RowMatrix rotated_est;                  // U·Ψ(x) for the same records of D_est: rows × m_pad
  BoundTimings timings;                   // represent, trace and rotation stages
};

// Validates the data and config, then builds the frame. InvalidInput for too few records,
// mismatched shapes, α outside (0, 1), constant data (tr Σ̂ = 0), a memory plan over
// config.memory_limit_bytes. The records are streamed (docs/memory.md): a window of whole
// batches of kRepresentBatch at a time is read (decoded from a mapped file), represented, its
// UCB terms taken and rotated into rotated_est, with a report to run.progress after each
// window ("representing D_perp, tr Sigma", "fitting the rotation on D_perp" for the
// eigenbasis, "representing and rotating D_est"; a reconbound::Cancelled it throws goes through). With rows_on_ranks and more than one rank in
// run.ranks, this rank streams its range of D_est only (record_range) and the ranks gather
// the UCB's per-record terms; every rank gets the same tr Σ̂, UCB and rotation.
RECONBOUND_API BoundFrame make_bound_frame(const Registry& registry, const BoundData& data,
                                           const BoundConfig& config, const RunHandles& run = {},
                                           FrameLayout layout = FrameLayout::whole);

// The records [first, last) of n that rank `rank` of `ranks` holds: whole batches of
// kRepresentBatch records (a multiple of Rotation::kChunkRows), spread evenly, so that every
// record is represented and rotated in the same batch as in one process.
RECONBOUND_API std::pair<std::size_t, std::size_t> record_range(std::size_t n, std::size_t rank, std::size_t ranks);

// Ψ of more records in the frame's representation (targets, a shadow sample), with the same
// checks as the frame's own (finite output).
RECONBOUND_API RowMatrix represent_in_frame(const BoundFrame& frame, const RowMatrix& records,
                                            std::size_t threads);

// InvalidInput for γ values or error bounds that are not finite and ≥ 0, a count of error
// bounds other than 0 or one per γ, or a target ρ outside [0, 1]: what compute_bound (on the
// data) checks first, and what a caller of compute_bound on a frame checks, once, before it
// builds the frame.
RECONBOUND_API void check_bound_arguments(const std::vector<double>& gammas_bits,
                                          const std::vector<double>& gamma_errors_bits, const BoundConfig& config);

// compute_bound on an existing frame: grid selection, entropies and the converse for every γ
// (at γ + its error bound, gamma_errors_bits as in compute_bound), for arguments the caller has
// checked with check_bound_arguments and a config check_bound_config has passed, with the run's
// handles `run` (the frame's).
RECONBOUND_API BoundReport compute_bound(const Registry& registry, const BoundFrame& frame,
                                         const std::vector<double>& gammas_bits,
                                         const BoundConfig& config, const RunHandles& run = {},
                                         const std::vector<double>& gamma_errors_bits = {});

// compute_bound on the data for a config check_bound_config has passed where it entered (the
// jobs': workflow::bound_config checks it), so that it is not checked twice down one call.
RECONBOUND_API BoundReport compute_checked_bound(const Registry& registry, const BoundData& data,
                                                 const std::vector<double>& gammas_bits,
                                                 const BoundConfig& config, const RunHandles& run = {},
                                                 const std::vector<double>& gamma_errors_bits = {});

}  // namespace reconbound
