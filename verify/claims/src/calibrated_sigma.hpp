#pragma once
// A calibrated σ claim (mathematics §8): does the claimed σ meet target_epsilon at δ for the constant
// schedule (q, σ, steps), and how far is it above the smallest σ that does?
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
};

// σ_min is located to this relative accuracy: it is information, the verdict is `meets`.
inline constexpr double kSigmaMinTolerance = 1e-3;

// `claim` is taken at the corner of its rounded inputs that is most favourable to it (the
// smallest ε). `allowed` is the tolerance in σ.
SigmaVerdict check_calibrated_sigma(const Claim& claim, double allowed, const EpsilonReference& reference);

}  // namespace reconbound::claims::detail
