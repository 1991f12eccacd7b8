// Rounded inputs: a printed value stands for an interval (docs/verifying-a-bound.md).
#include <fmt/format.h>

#include "reconbound/claims/claim_kinds.hpp"
#include "reference_interval.hpp"

namespace reconbound::claims::detail {

Claim at_corner(const Claim& claim, Toward toward) {
  const KindSpec& spec = kind_spec(claim.kind);
  Claim corner = claim;
  for (const auto& input : spec.inputs) {
    const auto rounding = claim.input_rounding.find(std::string(input.name));
    if (rounding == claim.input_rounding.end()) continue;
    // +half-width where the reference grows with the input and the largest is wanted, ...
    const bool up = (input.trend == Trend::increasing) == (toward == Toward::largest);
    const double shift = up ? rounding->second : -rounding->second;
    auto moved = [&](double value) { return input.domain.clamp_to_closed_ends(value + shift); };
    if (spec.schedule && (input.name == "q" || input.name == "sigma")) {
      for (auto& run : corner.schedule.runs) {
        for (auto& segment : run.segments) {
          double& value = input.name == "q" ? segment.q : segment.sigma;
          value = moved(value);
        }
      }
    } else {
      double& value = corner.inputs.at(rounding->first);
      value = moved(value);
    }
  }
  return corner;
}

std::string describe_rounding(const Claim& claim) {
  std::string out;
  for (const auto& [name, half_width] : claim.input_rounding) {
    out += fmt::format("{}{} ± {:g}", out.empty() ? "" : ", ", name, half_width);
  }
  return out;
}

}  // namespace reconbound::claims::detail
