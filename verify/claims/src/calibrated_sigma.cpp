#include "calibrated_sigma.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "reconbound/calibration.hpp"
#include "reconbound/claims/claim_kinds.hpp"
#include "reconbound/error.hpp"

namespace reconbound::claims::detail {

namespace {

// The smallest σ in [lo, hi] with meets(σ), by smallest_sigma_where on x = (σ/σ₀)^p: that
// search brackets x from 1 by factors of 2, i.e. σ from σ₀ by factors of 2^(1/p), and stops at
// a relative width of x that is (1 + kSigmaMinTolerance)^p − 1 in σ. A large p suits a σ₀ just
// above the threshold (a published calibrated σ), p = 1 one far from it.
double smallest_meeting(const std::function<bool(double)>& meets, double sigma0, double p, double lo, double hi) {
  CalibrationOptions options;
  options.sigma_tolerance = std::pow(1.0 + kSigmaMinTolerance, p) - 1.0;
  options.sigma_min = std::pow(lo / sigma0, p);
  options.sigma_max = std::pow(hi / sigma0, p);
  auto sigma_of = [&](double x) { return sigma0 * std::pow(x, 1.0 / p); };
  return sigma_of(smallest_sigma_where([&](double x) { return meets(sigma_of(x)); }, options, "target epsilon"));
}

}  // namespace

SigmaVerdict check_calibrated_sigma(const Claim& claim, double allowed, const EpsilonReference& reference) {
  const double q = claim.inputs.at("q");
  const auto steps = static_cast<std::uint64_t>(claim.inputs.at("steps"));
  const double delta = claim.inputs.at("delta");
  const double target = claim.inputs.at("target_epsilon");
  auto epsilon_at = [&](double sigma) { return reference.epsilon(Schedule::constant(q, sigma, steps), delta); };
  // The σ the accountant covers, as the claims file accepts them (claim_kinds.cpp).
  const Domain& range = kind_spec(ClaimKind::calibrated_sigma).claimed;

  SigmaVerdict verdict;
  verdict.tested = std::min(claim.claimed + allowed, range.max);
  const ReferenceInterval at_claim = epsilon_at(verdict.tested);
  verdict.epsilon_upper = at_claim.upper;
  verdict.source = at_claim.source;
  verdict.meets = at_claim.upper <= target;
  auto meets = [&](double sigma) {
    // The tested σ is already known; every other σ costs one accountant run.
    return sigma == verdict.tested ? verdict.meets : epsilon_at(sigma).upper <= target;
  };
  if (verdict.meets) {
    // Below the tested σ in steps of 2^(1/16) ≈ 4.4 %.
    verdict.sigma_min = verdict.tested > range.min
                            ? smallest_meeting(meets, verdict.tested, 16.0, range.min, verdict.tested)
                            : verdict.tested;
    return verdict;
  }
  try {
    verdict.sigma_min = smallest_meeting(meets, verdict.tested, 1.0, verdict.tested, range.max);
  } catch (const InvalidInput&) {
    verdict.sigma_min = std::numeric_limits<double>::infinity();  // no σ ≤ 1000 meets the target
  }
  return verdict;
}

void check_smallest_sigma(const Claim& claim, double allowed, const EpsilonReference& reference,
                          SigmaVerdict& verdict) {
  const auto within = claim.inputs.find("smallest_within");
  if (within == claim.inputs.end()) return;
  const double target = claim.inputs.at("target_epsilon");
  const Domain& range = kind_spec(ClaimKind::calibrated_sigma).claimed;
  verdict.states_smallest = true;
  verdict.smallest_tested = std::max(range.min, (claim.claimed - allowed) / (1.0 + within->second));
  const ReferenceInterval below = reference.epsilon(
      Schedule::constant(claim.inputs.at("q"), verdict.smallest_tested, static_cast<std::uint64_t>(claim.inputs.at("steps"))),
      claim.inputs.at("delta"));
  verdict.smallest_epsilon_lower = below.lower;
  verdict.smallest_holds = below.lower > target;
}

}  // namespace reconbound::claims::detail
