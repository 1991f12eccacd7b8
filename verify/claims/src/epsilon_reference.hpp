#pragma once
// ε(δ) of a DP-SGD schedule as an interval that holds the exact value (mathematics §8):
//  - every segment at q = 1: the steps compose to one Gaussian mechanism with
//    μ = sqrt(Σ steps/σ²) (sensitivity 1, noise σ; Balle & Wang 2018, Thm 8), and the MPFR
//    reference gives ε(δ; μ) with its error;
//  - otherwise: the certified bracket [ε_lower, ε_upper] of the mechanism's PLD accountant.
#include <string>
#include <utility>

#include "reconbound/mechanism.hpp"
#include "reference_interval.hpp"

namespace reconbound::claims::detail {

// The width the accountant is asked for: max(1e-3 nats, 1e-3·ε), a tenth of the 0.01 nats of
// the accountant's default at small ε and the same relative width (narrower costs seconds per
// run at ε ≈ 64), so that the bracket stays narrow next to the tolerance of a published ε.
inline constexpr AccountantOptions kVerifyAccountantOptions{.epsilon_error = 1e-3,
                                                            .relative_epsilon_error = 1e-3};

class EpsilonReference {
 public:
  // `accountant` is that of the mechanism plugin `mechanism_name` (named in messages and in the
  // reference's source); `missing` says why there is none when `accountant` is nullptr.
  EpsilonReference(const PrivacyAccountant* accountant, std::string mechanism_name, std::string missing)
      : accountant_(accountant), mechanism_name_(std::move(mechanism_name)), missing_(std::move(missing)) {}

  // True when some segment has q < 1: only the accountant covers it.
  static bool needs_accountant(const Schedule& schedule);

  // Throws PluginError when the schedule needs the accountant and there is none.
  ReferenceInterval epsilon(const Schedule& schedule, double delta) const;

 private:
  const PrivacyAccountant* accountant_;
  std::string mechanism_name_;
  std::string missing_;
};

}  // namespace reconbound::claims::detail
