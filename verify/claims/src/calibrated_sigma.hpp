#pragma once
// A calibrated σ claim (mathematics §8): does the claimed σ meet target_epsilon at δ for the constant
// schedule (q, σ, steps), how far is it above the smallest σ that does, and, where the claim
// states it is the smallest to a tolerance τ, does σ/(1 + τ) fail the target?
#include "epsilon_reference.hpp"

namespace reconbound::claims::detail {

struct SigmaVerdict {
  double tested = 0.0;          // the claimed σ plus the tolerance (capped at the σ range's 1000)
  double epsilon_upper = 0.0;   // the certified upper end of ε at `tested`
  bool meets = false;           // epsilon_upper ≤ target
  // The smallest σ (to kSigmaMinTolerance) whose ε_upper meets the target, or +∞ when no σ of
  // the accountant's range [0.1, 1000] does.
  double sigma_min = 0.0;
  std::string source;           // the ε reference used at `tested`
  // With "smallest_within" τ (the claim states σ is the smallest to τ, mathematics §8.2):
  // smallest_tested = (claimed − tolerance)/(1 + τ), at the rounded inputs' corner of the largest
  // ε, must fail the target for certain, ε_lower > target. Without τ: not checked, holds.
  bool states_smallest = false;
  double smallest_tested = 0.0;
  double smallest_epsilon_lower = 0.0;
  bool smallest_holds = true;
};

// σ_min is located to this relative accuracy: it is information, the verdict is `meets`.
inline constexpr double kSigmaMinTolerance = 1e-3;

// `claim` is taken at the corner of its rounded inputs that is most favourable to it (the
// smallest ε). `allowed` is the tolerance in σ.
SigmaVerdict check_calibrated_sigma(const Claim& claim, double allowed, const EpsilonReference& reference);

// The "smallest" half of the verdict: `claim` taken at the corner of its rounded inputs that is
// least favourable to that statement (the largest ε); sets the states_smallest … fields.
void check_smallest_sigma(const Claim& claim, double allowed, const EpsilonReference& reference,
                          SigmaVerdict& verdict);

}  // namespace reconbound::claims::detail
