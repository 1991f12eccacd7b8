#include "epsilon_reference.hpp"

#include <fmt/format.h>

#include <cmath>

#include "reconbound/calibration.hpp"
#include "reconbound/error.hpp"
#include "reconbound/verify/reference_gaussian_dp.hpp"

namespace reconbound::claims::detail {

bool EpsilonReference::needs_accountant(const Schedule& schedule) {
  for (const auto& run : schedule.runs) {
    for (const auto& segment : run.segments) {
      if (segment.q < 1.0) return true;
    }
  }
  return false;
}

ReferenceInterval EpsilonReference::epsilon(const Schedule& schedule, double delta) const {
  if (!needs_accountant(schedule)) {
    // μ² = Σ steps/σ²: the composition of Gaussian mechanisms (Balle & Wang 2018, Thm 8).
    double mu2 = 0.0;
    std::size_t segments = 0;
    for (const auto& run : schedule.runs) {
      for (const auto& segment : run.segments) {
        mu2 += static_cast<double>(segment.steps) / (segment.sigma * segment.sigma);
        ++segments;
      }
    }
    const double mu = std::sqrt(mu2);
    // μ carries a relative error r ≤ (segments + 3)·2^−53 from double arithmetic; ε(δ; μ)
    // increases in μ, so the ends of μ·(1 ± r) bound it.
    const double r = static_cast<double>(segments + 3) * 0x1p-53;
    const verify::ReferenceValue low = verify::reference_gaussian_epsilon(mu * (1.0 - r), delta);
    const verify::ReferenceValue high = verify::reference_gaussian_epsilon(mu * (1.0 + r), delta);
    ReferenceInterval out{low.value - low.abs_error, high.value + high.abs_error, ""};
    out.source = fmt::format("MPFR Gaussian mechanism at q = 1 (Balle & Wang 2018, Thm 8), {} bits", high.bits);
    return out;
  }
  if (accountant_ == nullptr) {
    throw PluginError(fmt::format("no accountant: {}", missing_));
  }
  // The bracket is checked where it leaves the plugin (finite, ordered), as in the jobs.
  const EpsilonResult r = checked_epsilon(*accountant_, mechanism_name_, MechanismInput{.schedule = &schedule}, delta,
                                          kVerifyAccountantOptions);
  return {r.epsilon_lower, r.epsilon_upper,
          fmt::format("certified bracket of the {} plugin's accountant ({})", mechanism_name_, accountant_->method())};
}

}  // namespace reconbound::claims::detail
