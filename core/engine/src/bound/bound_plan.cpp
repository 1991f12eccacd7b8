// The bound's plan (bound_frame.hpp): the padded order, the candidate grid, the α shares, the
// rotation, this rank's records, the window and the memory plan, made once; the frame and the
// pipeline read them from there.
#include <algorithm>

#include "reconbound/bound_frame.hpp"
#include "reconbound/grid.hpp"
#include "reconbound/represent.hpp"
#include "reconbound/rotation.hpp"

namespace reconbound {

namespace {

// The eigenbasis of Σ̂ (mathematics §4) where D⊥ has at least m records, m is small enough to
// diagonalise and Ψ does not ask for a data-free rotation; else the random signs.
RotationChoice rotation_choice(const BoundConfig& config, const RepresentationInfo& info, std::size_t n_perp) {
  if (config.rotation != RotationChoice::automatic) return config.rotation;
  const std::size_t m = info.output_dim;
  const bool enough = n_perp >= m && m <= Rotation::kMaxEigenbasisDim;
  return enough && !info.prefers_data_free_rotation ? RotationChoice::eigenbasis : RotationChoice::signs;
}

}  // namespace

BoundPlan make_bound_plan(const BoundConfig& config, const PlanFacts& facts) {
  BoundPlan plan;
  // The UCB's share α_T (mathematics §6.8); with the point normaliser the UCB is only reported,
  // at the share it would have.
  plan.alpha_shares = split_alpha(config.alpha, config.normaliser, config.normaliser_alpha_fraction);
  plan.ucb_alpha = split_alpha(config.alpha, Normaliser::ucb, config.normaliser_alpha_fraction).normaliser;
  const std::size_t m = facts.info.output_dim;
  plan.m_pad = Rotation::checked_padded_order(m, config.padded_order);
  plan.grid = make_grid(plan.m_pad, config.block_sizes.empty() ? default_block_sizes(plan.m_pad) : config.block_sizes,
                        config.nu2_levels.empty() ? default_nu2_levels() : config.nu2_levels);
  plan.rotation = rotation_choice(config, facts.info, facts.n_perp);
  plan.est_records = record_range(facts.n_est, facts.rank, facts.ranks);
  // Records are represented and rotated a window at a time: whole batches of kRepresentBatch
  // (the batches of represent(), so the same bits), one per thread.
  plan.window = std::max<std::size_t>(config.threads, 1) * kRepresentBatch;
  plan.memory = BoundSizes{.n_perp = facts.n_perp,
                           .n_est = facts.n_est,
                           .d = facts.d,
                           .m = m,
                           .m_pad = plan.m_pad,
                           .threads = config.threads,
                           .ranks = facts.ranks,
                           .window = plan.window,
                           .mapped_record_bytes = facts.mapped_record_bytes,
                           .resident_file_bytes = facts.resident_file_bytes,
                           .keeps_est_features = facts.keeps_est_features,
                           .eigenbasis = plan.rotation == RotationChoice::eigenbasis,
                           .pilot = config.grid_select == GridSelect::pilot};
  // Before anything large is allocated (docs/memory.md).
  check_memory_plan(plan_bound_memory(plan.memory), config.memory_limit_bytes, config.memory_limit_source);
  return plan;
}

}  // namespace reconbound
