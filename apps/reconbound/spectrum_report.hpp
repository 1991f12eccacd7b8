#pragma once
// The table and the figure of `reconbound spectrum` (mathematics §8; its JSON is workflow::to_json).
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/figures/spectrum_figure.hpp"
#include "reconbound/workflow/spectrum.hpp"

namespace reconbound::cli {

// Columns printed beside every row of the spectrum table (the worst label's, for --by-label).
struct SpectrumColumns {
  std::string header;
  std::function<std::string(std::size_t curve, std::size_t point)> row;
};

// The data and δ, one table per representation (ε, σ, ε bounds, γ, ρ*, k*, ν²*, the point ρ,
// and `beside` where given) with its certificate sentence, and how the curves' levels compose.
void print_spectrum_table(const workflow::SpectrumOutput& out, const std::optional<SpectrumColumns>& beside);

// The figure of ρ* against ε: one line per representation, then `beside` (dashed curves drawn by
// them); `note` ends the subtitle. Written to out.figure by the leading rank.
void write_spectrum_figure(const workflow::SpectrumOutput& out, const std::string& data_spec,
                           const std::vector<figures::SpectrumCurve>& beside, const std::string& note);

}  // namespace reconbound::cli
