#pragma once
// Shared set-up of the dpsgd tests: the plugin from the registry, its leakage, γ of T steps.
#include <memory>

#include "reconbound/registry.hpp"

namespace reconbound::test {

inline std::shared_ptr<Mechanism> dpsgd_plugin() {
  static const Registry registry;
  static const auto mechanism = registry.make_mechanism("dpsgd");
  return mechanism;
}

inline Leakage leakage(const Schedule& schedule) {
  MechanismInput input;
  input.schedule = &schedule;
  return dpsgd_plugin()->leakage(input);
}

inline double gamma_bits(const Schedule& schedule) { return leakage(schedule).gamma_bits; }

// γ of T steps at (q, σ), bits.
inline double gamma_bits(double q, double sigma, std::uint64_t steps = 1) {
  return gamma_bits(Schedule::constant(q, sigma, steps));
}

}  // namespace reconbound::test
