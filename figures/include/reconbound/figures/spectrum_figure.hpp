#pragma once
// The privacy-spectrum figure (the shape of the paper's Figures 2 and 5): ρ* (certified or
// not, as its certificate says) against ε on a log axis, one line per representation (and, dashed,
// a curve drawn beside one of them: the worst label's), the privacy tiers shaded (ε ≤ 1,
// 1 < ε ≤ 10, ε > 10), optionally one point marked (a training of the user's).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/certificate.hpp"

namespace reconbound::figures {

struct SpectrumCurve {
  std::string label;             // the representation spec
  std::vector<double> epsilons;  // ascending, > 0
  std::vector<double> rho_star;  // one per ε, in [0, 1]
  bool dashed = false;           // a dashed line (the worst label's curve beside a pooled one)
  std::optional<std::size_t> colour = std::nullopt;  // the palette entry of curve `colour`; none: its own
};

// One point drawn apart from the curves, with its legend label.
struct SpectrumMark {
  double epsilon = 0.0;  // > 0
  double rho_star = 0.0;
  std::string label;
};

// The figure as a standalone SVG document. Its x axis covers every ε of the curves and the mark,
// with room for all three tiers. InvalidInput for no curve, an inconsistent one, or an ε that is
// not finite and > 0.
// The title and the ρ axis name ρ* as `wording` does (the curves' certificate).
std::string spectrum_svg(const std::vector<SpectrumCurve>& curves, const std::string& subtitle,
                         const CertificateWording& wording, const std::optional<SpectrumMark>& mark = std::nullopt);

}  // namespace reconbound::figures
