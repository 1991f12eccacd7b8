#include "reconbound/claims/check_claims.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "calibrated_sigma.hpp"
#include "certificate_check.hpp"
#include "epsilon_reference.hpp"
#include "reconbound/claims/claim_kinds.hpp"
#include "reconbound/error.hpp"
#include "reference_interval.hpp"

namespace reconbound::claims {

namespace {

using detail::ReferenceInterval;
using detail::Toward;

bool needs_accountant(const Claim& claim) {
  const bool q_rounded = claim.input_rounding.contains("q") && claim.input_rounding.at("q") > 0.0;
  switch (claim.kind) {
    case ClaimKind::epsilon:
      return q_rounded || detail::EpsilonReference::needs_accountant(claim.schedule);
    case ClaimKind::calibrated_sigma:
      return q_rounded || claim.inputs.at("q") < 1.0;
    default:
      return false;
  }
}

// The reference of a claim at given inputs.
ReferenceInterval reference_at(const Claim& claim, const detail::EpsilonReference& epsilon) {
  switch (claim.kind) {
    case ClaimKind::gamma:
    case ClaimKind::kl:
      return detail::leakage_reference(claim);
    case ClaimKind::epsilon:
      return epsilon.epsilon(claim.schedule, claim.inputs.at("delta"));
    case ClaimKind::t_md:
    case ClaimKind::t_mc:
      return detail::margin_reference(claim);
    case ClaimKind::rho_star:
    case ClaimKind::absolute_bound:
      return detail::converse_reference(claim);
    case ClaimKind::calibrated_sigma:
    case ClaimKind::certificate:
      break;
  }
  throw std::logic_error("calibrated_sigma and certificate have no reference interval of their own");
}

// Over the rounded inputs, the reference spans [its smallest corner's lower end, its largest
// corner's upper end].
ReferenceInterval reference_over_rounding(const Claim& claim, const detail::EpsilonReference& epsilon) {
  if (claim.input_rounding.empty()) return reference_at(claim, epsilon);
  const ReferenceInterval low = reference_at(detail::at_corner(claim, Toward::smallest), epsilon);
  const ReferenceInterval high = reference_at(detail::at_corner(claim, Toward::largest), epsilon);
  return {std::min(low.lower, high.lower), std::max(low.upper, high.upper),
          fmt::format("{}; over the rounded inputs {}", high.source, detail::describe_rounding(claim))};
}

ClaimResult result_of(const Claim& claim) {
  ClaimResult result;
  result.index = claim.index;
  result.kind = claim.kind;
  result.label = claim.label;
  result.claimed = claim.claimed;
  result.tolerance = claim.tolerance;
  return result;
}

ClaimResult check_against_interval(const Claim& claim, const ReferenceInterval& reference) {
  if (!std::isfinite(reference.lower) || !std::isfinite(reference.upper)) {
    throw NumericalError(fmt::format("the reference is [{}, {}], beyond a double, for these inputs",
                                     reference.lower, reference.upper));
  }
  ClaimResult result = result_of(claim);
  result.reference_lower = reference.lower;
  result.reference_upper = reference.upper;
  result.reference_source = reference.source;
  const detail::Agreement agreement = detail::agreement(claim.claimed, reference, claim.tolerance);
  result.allowed = agreement.allowed;
  result.discrepancy = agreement.discrepancy;
  result.pass = agreement.pass;
  return result;
}

// Passes when every part does: the level is no over-claim, the shares follow the rule and sum to
// at most α, and the margins given agree with their references (mathematics §6.8).
ClaimResult check_certificate_claim(const Claim& claim) {
  const detail::CertificateVerdict verdict = detail::check_certificate(claim);
  ClaimResult result = result_of(claim);
  result.reference_lower = -std::numeric_limits<double>::infinity();
  result.reference_upper = verdict.level;
  result.reference_source = fmt::format("the union bound over the shares of the rule of mathematics 6.8, {}; "
                                        "|G'| = {:g}", verdict.rule, claim.inputs.at("union_size"));
  result.allowed = verdict.allowed;
  result.discrepancy = verdict.discrepancy;
  result.parts = verdict.parts;
  result.pass = std::all_of(result.parts.begin(), result.parts.end(), [](const ClaimPart& p) { return p.pass; });
  return result;
}

// Passes when the claimed σ (plus its tolerance) meets the target: ε_upper ≤ target_epsilon.
ClaimResult check_sigma(const Claim& claim, const detail::EpsilonReference& epsilon) {
  ClaimResult result = result_of(claim);
  result.allowed = claim.tolerance.absolute + claim.tolerance.relative * claim.claimed;
  const Claim favourable = detail::at_corner(claim, Toward::smallest);
  detail::SigmaVerdict verdict = detail::check_calibrated_sigma(favourable, result.allowed, epsilon);
  detail::check_smallest_sigma(detail::at_corner(claim, Toward::largest), result.allowed, epsilon, verdict);
  const double target = favourable.inputs.at("target_epsilon");
  result.reference_lower = verdict.sigma_min;
  result.reference_upper = std::numeric_limits<double>::infinity();
  result.reference_source = fmt::format("the sigma with epsilon_upper <= {:g}; {}", target, verdict.source);
  if (!claim.input_rounding.empty()) {
    result.reference_source += fmt::format("; at the favourable end of the rounded inputs {}",
                                           detail::describe_rounding(claim));
  }
  result.discrepancy = std::min(0.0, claim.claimed - verdict.sigma_min);
  result.pass = verdict.meets && verdict.smallest_holds;
  const std::string against =
      std::isinf(verdict.sigma_min)
          ? std::string("no sigma <= 1000 meets the target")
          : fmt::format("{:+.2f} % against the smallest sigma that meets it, {:.5g} (to {:g} relative)",
                        100.0 * (claim.claimed / verdict.sigma_min - 1.0), verdict.sigma_min,
                        detail::kSigmaMinTolerance);
  result.note = fmt::format("epsilon_upper(sigma = {:.6g}) = {:.6g} {} {:g}: {}; the claim is {}", verdict.tested,
                            verdict.epsilon_upper, verdict.meets ? "<=" : ">", target,
                            verdict.meets ? "meets the target" : "does NOT meet the target", against);
  if (verdict.states_smallest) {
    result.note += fmt::format(
        "; stated smallest within {:g}: epsilon_lower(sigma = {:.6g}) = {:.6g} {} {:g}, {}", claim.inputs.at("smallest_within"),
        verdict.smallest_tested, verdict.smallest_epsilon_lower, verdict.smallest_holds ? ">" : "<=", target,
        verdict.smallest_holds ? "so it is the smallest" : "so it is NOT shown to be the smallest");
  }
  return result;
}

}  // namespace

namespace detail {

Agreement agreement(double claimed, const ReferenceInterval& reference, const Tolerance& tolerance) {
  Agreement out;
  out.allowed = tolerance.absolute + tolerance.relative * std::max(std::abs(reference.lower), std::abs(reference.upper));
  out.discrepancy = claimed - std::clamp(claimed, reference.lower, reference.upper);
  out.pass = std::abs(out.discrepancy) <= out.allowed;
  return out;
}

}  // namespace detail

ClaimChecker::ClaimChecker(std::shared_ptr<const Mechanism> mechanism, std::string mechanism_name,
                           std::string missing_accountant)
    : mechanism_(std::move(mechanism)),
      mechanism_name_(std::move(mechanism_name)),
      missing_accountant_(std::move(missing_accountant)) {
  if (mechanism_ != nullptr) accountant_ = mechanism_->accountant();
  if (accountant_ == nullptr && missing_accountant_.empty()) {
    missing_accountant_ = fmt::format("the {} mechanism provides no (epsilon, delta) accountant", mechanism_name_);
  }
}

ClaimChecker ClaimChecker::with_accountant_of(const Registry& registry, const std::string& mechanism_name) {
  try {
    return ClaimChecker(registry.make_mechanism(mechanism_name), mechanism_name, "");
  } catch (const PluginError& e) {
    return ClaimChecker(nullptr, mechanism_name, e.what());
  }
}

void ClaimChecker::require_accountant_for(const std::vector<Claim>& claims) const {
  if (accountant_ != nullptr) return;
  for (const auto& claim : claims) {
    if (needs_accountant(claim)) {
      throw PluginError(fmt::format("claim {} ({}): no accountant: {}", claim.index,
                                    kind_spec(claim.kind).name, missing_accountant_));
    }
  }
}

ClaimResult ClaimChecker::check(const Claim& claim) const {
  const detail::EpsilonReference epsilon(accountant_, mechanism_name_, missing_accountant_);
  auto named = [&](const Error& e) {
    return fmt::format("claim {} ({}): {}", claim.index, kind_spec(claim.kind).name, e.what());
  };
  try {
    if (claim.kind == ClaimKind::calibrated_sigma) return check_sigma(claim, epsilon);
    if (claim.kind == ClaimKind::certificate) return check_certificate_claim(claim);
    return check_against_interval(claim, reference_over_rounding(claim, epsilon));
  } catch (const InvalidInput& e) {
    throw InvalidInput(named(e));
  } catch (const NumericalError& e) {
    throw NumericalError(named(e));
  } catch (const PluginError& e) {
    throw PluginError(named(e));
  }
}

}  // namespace reconbound::claims
