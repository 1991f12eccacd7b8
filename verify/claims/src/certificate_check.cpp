// The certificate claim (mathematics §6.8): the level against the union bound of the rule's
// shares, the shares against the rule, their sum against α, and the margins the run used against
// the MPFR references of eq 34–35 at the claimed shares and |G'|.
#include "certificate_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "reconbound/claims/claim_kinds.hpp"
#include "reference_interval.hpp"

namespace reconbound::claims::detail {

namespace {

struct Share {
  const char* field;  // the claim's field
  double AlphaShares::*rule;
};

constexpr Share kShares[] = {{"alpha_monte_carlo", &AlphaShares::monte_carlo},
                             {"alpha_sampling", &AlphaShares::sampling},
                             {"alpha_normaliser", &AlphaShares::normaliser}};

std::string rule_text(const Claim& claim) {
  const double alpha = claim.inputs.at("alpha");
  if (claim.normaliser == "sample") {
    return fmt::format("normaliser \"sample\": alpha_1 = alpha_2 = alpha/2, alpha_T = 0 at alpha = {:.10g}", alpha);
  }
  const double f = claim.inputs.at("normaliser_alpha_share");
  return fmt::format("normaliser \"ucb\": alpha_T = {0:g}*alpha, alpha_1 = alpha_2 = (1 - {0:g})*alpha/2 at alpha = "
                     "{1:.10g}", f, alpha);
}

ClaimPart shares_part(const Claim& claim, const AlphaShares& rule) {
  const double allowed = kShareTolerance * claim.inputs.at("alpha");
  std::string differing;
  std::string all;
  for (const Share& share : kShares) {
    const double claimed = claim.inputs.at(share.field);
    const double expected = rule.*share.rule;
    all += fmt::format("{}{} = {:.10g}", all.empty() ? "" : ", ", share.field, claimed);
    if (std::abs(claimed - expected) > allowed) {
      differing += fmt::format("{}{} = {:.10g} where the rule gives {:.10g}", differing.empty() ? "" : "; ",
                               share.field, claimed, expected);
    }
  }
  if (differing.empty()) return {"shares", true, fmt::format("{} follow the rule", all)};
  return {"shares", false, differing};
}

ClaimPart sum_part(const Claim& claim) {
  const double alpha = claim.inputs.at("alpha");
  double sum = 0.0;
  for (const Share& share : kShares) sum += claim.inputs.at(share.field);
  const bool pass = sum - alpha <= kShareTolerance * alpha;
  return {"sum", pass,
          fmt::format("alpha_monte_carlo + alpha_sampling + alpha_normaliser = {:.10g} {} alpha = {:.10g}", sum,
                      pass ? "<=" : ">", alpha)};
}

// A margin as a claim of its own kind, at the certificate's |G'| and claimed share.
ClaimPart margin_part(const Claim& certificate, ClaimKind kind) {
  const bool md = kind == ClaimKind::t_md;
  Claim margin;
  margin.kind = kind;
  const auto& in = certificate.inputs;
  margin.inputs = {{"n", in.at("n")}, {"grid_size", in.at("union_size")}};
  if (md) {
    margin.inputs["alpha_md"] = in.at("alpha_sampling");
  } else {
    for (const char* name : {"k", "blocks", "n_mc"}) margin.inputs[name] = in.at(name);
    margin.inputs["alpha_mc"] = in.at("alpha_monte_carlo");
  }
  const double claimed = in.at(md ? "t_md" : "t_mc");
  const ReferenceInterval reference = margin_reference(margin);
  const Agreement a = agreement(claimed, reference, kind_spec(kind).default_tolerance);
  const std::string at =
      md ? fmt::format("n = {:g}, |G'| = {:g}, alpha_2 = {:.10g}", in.at("n"), in.at("union_size"),
                       in.at("alpha_sampling"))
         : fmt::format("k = {:g}, blocks = {:g}, n = {:g}, n_mc = {:g}, |G'| = {:g}, alpha_1 = {:.10g}", in.at("k"),
                       in.at("blocks"), in.at("n"), in.at("n_mc"), in.at("union_size"), in.at("alpha_monte_carlo"));
  const double middle = reference.lower + 0.5 * (reference.upper - reference.lower);
  return {md ? "t_md" : "t_mc", a.pass,
          fmt::format("{:.15g} bits claimed, {} = {:.15g} bits ({}) at {}; discrepancy {:.3g}, allowed {:.3g}",
                      claimed, md ? "eq 35" : "eq 34", middle, reference.source, at, a.discrepancy, a.allowed)};
}

}  // namespace

AlphaShares alpha_rule(double alpha, bool ucb, double normaliser_share) {
  if (!ucb) return {.monte_carlo = alpha / 2.0, .sampling = alpha / 2.0, .normaliser = 0.0};
  const double entropy = (1.0 - normaliser_share) * alpha / 2.0;
  return {.monte_carlo = entropy, .sampling = entropy, .normaliser = normaliser_share * alpha};
}

CertificateVerdict check_certificate(const Claim& claim) {
  const bool ucb = claim.normaliser == "ucb";
  const AlphaShares rule = alpha_rule(claim.inputs.at("alpha"), ucb,
                                      ucb ? claim.inputs.at("normaliser_alpha_share") : 0.0);
  CertificateVerdict verdict;
  verdict.rule = rule_text(claim);
  // Boole's inequality over E₁, E₂, E₃ (mathematics §6.8): the events hold together with
  // probability ≥ 1 − (α₁ + α₂ + α_T).
  verdict.level = 1.0 - (rule.monte_carlo + rule.sampling + rule.normaliser);
  verdict.allowed = claim.tolerance.absolute + claim.tolerance.relative * verdict.level;
  verdict.discrepancy = std::max(0.0, claim.claimed - verdict.level);
  const bool level_ok = verdict.discrepancy <= verdict.allowed;
  verdict.parts.push_back(
      {"level", level_ok,
       fmt::format("{:.15g} claimed {} 1 - (alpha_1 + alpha_2 + alpha_T) = {:.15g} of the rule{}", claim.claimed,
                   claim.claimed <= verdict.level ? "<=" : ">", verdict.level,
                   level_ok ? "" : ": an over-claim")});
  verdict.parts.push_back(shares_part(claim, rule));
  verdict.parts.push_back(sum_part(claim));
  if (claim.inputs.contains("t_md")) verdict.parts.push_back(margin_part(claim, ClaimKind::t_md));
  if (claim.inputs.contains("t_mc")) verdict.parts.push_back(margin_part(claim, ClaimKind::t_mc));
  return verdict;
}

}  // namespace reconbound::claims::detail
