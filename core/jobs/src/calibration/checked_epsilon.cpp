#include <fmt/format.h>

#include <cmath>

#include "reconbound/calibration.hpp"
#include "reconbound/error.hpp"

namespace reconbound {

EpsilonResult checked_epsilon(const PrivacyAccountant& accountant, const std::string& name,
                              const MechanismInput& input, double delta, const AccountantOptions& options) {
  const EpsilonResult r = accountant.epsilon(input, delta, options);
  const bool finite = std::isfinite(r.epsilon_lower) && std::isfinite(r.epsilon) && std::isfinite(r.epsilon_upper);
  // mathematics §8: the certified bracket 0 ≤ ε_lower ≤ ε(δ) ≤ ε_upper.
  if (!finite || !(r.epsilon_lower >= 0.0) || !(r.epsilon_lower <= r.epsilon) || !(r.epsilon <= r.epsilon_upper)) {
    throw PluginError(fmt::format("mechanism {} returned epsilon = {} in [{}, {}] at delta = {}: its accountant must "
                                  "give finite 0 <= epsilon_lower <= epsilon <= epsilon_upper (a defect of the "
                                  "plugin; `reconbound conformance` checks it)",
                                  name, r.epsilon, r.epsilon_lower, r.epsilon_upper, delta));
  }
  return r;
}

}  // namespace reconbound
