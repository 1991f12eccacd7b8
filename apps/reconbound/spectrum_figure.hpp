#pragma once
// The privacy-spectrum figure (the shape of the paper's Figures 2 and 5): certified ρ*
// against ε on a log axis, one line per representation, the privacy tiers shaded
// (ε ≤ 1, 1 < ε ≤ 10, ε > 10). Written as a standalone SVG file.
#include <string>
#include <vector>

namespace reconbound::cli {

struct SpectrumCurve {
  std::string label;             // the representation spec
  std::vector<double> epsilons;  // ascending, > 0
  std::vector<double> rho_star;  // one per ε, in [0, 1]
};

// Throws FileError when the file cannot be written, InvalidInput for an empty or
// inconsistent curve.
void write_spectrum_svg(const std::string& path, const std::vector<SpectrumCurve>& curves,
                        const std::string& subtitle);

}  // namespace reconbound::cli
