#pragma once
// A certificate claim (mathematics §6.8): the level the union bound over the run's events
// proves, with α split by the rule, and whether the shares and the margins the run reports
// follow from it.
#include <string>
#include <vector>

#include "reconbound/claims/check_claims.hpp"

namespace reconbound::claims::detail {

// α₁ (Monte Carlo, t_MC), α₂ (sampling, t_MD), α_T (tr Σ ≤ UCB).
struct AlphaShares {
  double monte_carlo = 0.0;
  double sampling = 0.0;
  double normaliser = 0.0;
};

// The rule of mathematics §6.8: with the UCB normaliser α_T = f·α and α₁ = α₂ = (1 − f)·α/2;
// with the point normaliser ("sample") α_T = 0 and α₁ = α₂ = α/2.
AlphaShares alpha_rule(double alpha, bool ucb, double normaliser_share);

// A reported share agrees with the rule to this fraction of α (forms of the rule that are equal
// in exact arithmetic differ by a few units of roundoff in double), and the shares may sum
// above α by no more.
inline constexpr double kShareTolerance = 1e-12;

struct CertificateVerdict {
  double level = 0.0;        // 1 − (α₁ + α₂ + α_T) of the rule: the largest level the run may claim
  double allowed = 0.0;      // the claim's tolerance on the level
  double discrepancy = 0.0;  // how far the claimed level lies above `level` (0 at or below it)
  std::string rule;          // the rule at the claim's α, for the report's reference source
  // "level" (discrepancy ≤ allowed), "shares", "sum", and "t_md" and "t_mc" when the claim
  // gives them; the claim passes when every part does.
  std::vector<ClaimPart> parts;
};

CertificateVerdict check_certificate(const Claim& claim);

}  // namespace reconbound::claims::detail
