#pragma once
// Checks claims against the references (docs/verifying-a-bound.md, "What each claim is checked
// against"):
//  - gamma, kl, t_md, t_mc, rho_star, absolute_bound: the MPFR references of verify/, each a
//    value with a bound on its own error;
//  - certificate: the rule that splits α over the certificate's events (mathematics §6.8),
//    recomputed here, and the margins the run used, against the MPFR references of t_md, t_mc;
//  - epsilon, calibrated_sigma: where every segment has q = 1, the MPFR reference of the
//    Gaussian mechanism (reference_gaussian_dp.hpp); otherwise the certified bracket
//    [ε_lower, ε_upper] of the (ε, δ) accountant that the mechanism plugin charged provides
//    (Mechanism::accountant(); the paper's dpsgd, which the caller names). There is no MPFR
//    reference for the composed subsampled Gaussian.
// A claim whose inputs are declared rounded is compared with the range of its reference over
// the inputs' intervals: each kind's reference is monotone in every input that may be rounded
// (claim_kinds.hpp), so the range is spanned by two corners of the box.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "reconbound/claims/claim.hpp"
#include "reconbound/mechanism.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::claims {

// One of the checks a claim is made of (certificate: the level, the shares, their sum, each
// margin given), with what was compared.
struct ClaimPart {
  std::string name;
  bool pass = false;
  std::string detail;
};

struct ClaimResult {
  std::size_t index = 0;
  ClaimKind kind = ClaimKind::gamma;
  std::string label;
  double claimed = 0.0;
  // The interval the reference places the exact value in; for calibrated_sigma, the σ that meet
  // the target: [σ_min, +∞); for certificate, the levels the run may claim: (−∞, 1 − Σ shares].
  double reference_lower = 0.0;
  double reference_upper = 0.0;
  std::string reference_source;  // which reference, at what precision, over which rounded inputs
  Tolerance tolerance;
  double allowed = 0.0;      // the tolerance in the claim's units
  double discrepancy = 0.0;  // claimed − the nearest point of the reference interval (0 inside)
  bool pass = false;         // |discrepancy| ≤ allowed (calibrated_sigma: see note; certificate: every part)
  std::string note;          // calibrated_sigma: ε_upper at the claim, and σ against σ_min
  std::vector<ClaimPart> parts;  // certificate: each check, so that a failure says which
};

class ClaimChecker {
 public:
  // ε and calibrated σ claims with some q < 1 use the accountant() of `mechanism`, the plugin
  // registered as `mechanism_name`; a null mechanism or accountant refuses them, with
  // `missing_accountant` saying why (when empty: that the named mechanism has no accountant).
  ClaimChecker(std::shared_ptr<const Mechanism> mechanism, std::string mechanism_name,
               std::string missing_accountant);

  // The mechanism plugin `mechanism_name` of `registry` (for the paper's claims, the front ends
  // pass presets::kPaperMechanism, whose PLD accountant is the reference), or none when the
  // plugin is absent: then the claims that need its accountant are refused, saying why.
  static ClaimChecker with_accountant_of(const Registry& registry, const std::string& mechanism_name);

  // Throws PluginError naming the first claim that needs an accountant when there is none,
  // so that nothing is computed for a file that cannot be checked in full.
  void require_accountant_for(const std::vector<Claim>& claims) const;

  // Throws InvalidInput or NumericalError naming the claim when a reference refuses its inputs.
  ClaimResult check(const Claim& claim) const;

 private:
  std::shared_ptr<const Mechanism> mechanism_;
  std::string mechanism_name_;
  const PrivacyAccountant* accountant_ = nullptr;
  std::string missing_accountant_;
};

}  // namespace reconbound::claims
