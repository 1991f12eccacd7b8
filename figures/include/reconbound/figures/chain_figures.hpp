#pragma once
// The figures of the chain (paper Figures 3/7, 6 and 9), as the documents' bytes, in the paper's
// columns (reconbound/presets/paper_chain.hpp).
#include <string>

#include "reconbound/certificate.hpp"
#include "reconbound/chain.hpp"

namespace reconbound::figures {

// ρ against γ on a log axis: ρ*, its point estimate, ρ_blk, ρ_cb, the DP-SGD attacks and the
// attacks of other mechanisms with ±1 SE bars, and the prior line ρ = 1 (Figures 3 and 7): an SVG
// document; the ρ* line is labelled as `wording` (the chain's certificate) names it. InvalidInput for a
// report without rows.
std::string chain_svg(const ChainReport& report, const std::string& subtitle, const CertificateWording& wording);

// The spread over targets of each DP-SGD attack (and other mechanism's attack): median and
// 10–90 % band of the per-target ρ against γ, with the mean and ρ* (Figure 6): an SVG document.
std::string spread_svg(const ChainReport& report, const std::string& subtitle, const CertificateWording& wording);

// A grid: one row per figure target, its image and its reconstructions by the attack the
// report shows (ChainReport::figure_row, named by presets::figure_label) at each γ, the column heads giving γ and the
// attack's mean ρ, each cell its target's ρ (Figure 9): the bytes of a PNG file. InvalidInput for
// images neither grey nor RGB, and for a report without figure targets or reconstructions.
std::string reconstruction_png(const ChainReport& report, const ImageShape& shape);

}  // namespace reconbound::figures
