#pragma once
// The figures of `reconbound chain` (paper Figures 3/7, 6 and 9).
#include <string>

#include "reconbound/chain.hpp"

namespace reconbound::cli {

// ρ against γ on a log axis: ρ*, its point estimate, ρ_blk, ρ_cb, the DP-SGD attacks and the
// attacks of other mechanisms with ±1 SE bars, and the prior line ρ = 1 (Figures 3 and 7).
void write_chain_svg(const std::string& path, const ChainReport& report, const std::string& subtitle);

// The spread over targets of each DP-SGD attack (and other mechanism's attack): median and
// 10–90 % band of the per-target ρ against γ, with the mean and ρ* (Figure 6).
void write_spread_svg(const std::string& path, const ChainReport& report, const std::string& subtitle);

// A PNG grid: one row per figure target, its image and its reconstructions by the attack the
// report shows (ChainReport::figure_attack) at each γ, the column heads giving γ and the
// attack's mean ρ, each cell its target's ρ (Figure 9).
void write_reconstruction_png(const std::string& path, const ChainReport& report, const ImageShape& shape);

}  // namespace reconbound::cli
