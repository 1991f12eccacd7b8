// The bound's plan (bound_frame.hpp): the padded order, the candidate grid and the α shares, made
// once; the frame and the pipeline read them from there.
#include "reconbound/bound_frame.hpp"
#include "reconbound/grid.hpp"
#include "reconbound/rotation.hpp"

namespace reconbound {

BoundPlan make_bound_plan(const BoundConfig& config, std::size_t m) {
  BoundPlan plan;
  // The UCB's share α_T (mathematics §6.8); with the point normaliser the UCB is only reported,
  // at the share it would have.
  plan.alpha_shares = split_alpha(config.alpha, config.normaliser, config.normaliser_alpha_fraction);
  plan.ucb_alpha = split_alpha(config.alpha, Normaliser::ucb, config.normaliser_alpha_fraction).normaliser;
  plan.m_pad = Rotation::checked_padded_order(m, config.padded_order);
  plan.grid = make_grid(plan.m_pad, config.block_sizes.empty() ? default_block_sizes(plan.m_pad) : config.block_sizes,
                        config.nu2_levels.empty() ? default_nu2_levels() : config.nu2_levels);
  return plan;
}

}  // namespace reconbound
