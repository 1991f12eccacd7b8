#pragma once
// The table and figure curves of `spectrum --by-label` (mathematics §6.10; its JSON is
// workflow::to_json).
#include <vector>

#include "reconbound/figures/spectrum_figure.hpp"
#include "reconbound/workflow/spectrum_by_label.hpp"

namespace reconbound::cli {

// The pooled spectrum as its own statement with the worst label beside every row, every label's
// ρ* at each target ε, and the joint statement.
void print_spectrum_by_label_table(const workflow::SpectrumByLabelOutput& output);

// The worst label's ρ* at each ε, one dashed curve beside each pooled one (in its colour).
std::vector<figures::SpectrumCurve> worst_label_curves(const workflow::SpectrumByLabelOutput& output);

}  // namespace reconbound::cli
