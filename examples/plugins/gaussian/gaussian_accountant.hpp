#pragma once
// The (ε, δ) capability of the `gaussian` example mechanism: k releases of a sensitivity-1
// query with Gaussian noise σ compose to one Gaussian mechanism with μ = √k/σ (μ-GDP), whose
// privacy profile is exact (Balle & Wang 2018, Thm 8):
//   δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2),   ε, δ in nats (e^ε).
#include <cstdint>
#include <string>

#include "reconbound/mechanism.hpp"

namespace gaussian_example {

// c·σ for the caller's factor c on the noise (MechanismInput::noise_scale). Throws
// reconbound::InvalidInput unless c > 0 is finite.
double scaled_sigma(double sigma, const reconbound::MechanismInput& input);

class GaussianAccountant final : public reconbound::PrivacyAccountant {
 public:
  GaussianAccountant(std::int64_t releases, double sigma) : releases_(releases), sigma_(sigma) {}

  std::string method() const override;

  // ε(δ) = inf{ε ≥ 0 : δ(ε) ≤ δ}, by bisection on a bracket certified by a bound on the
  // rounding error of δ(ε): epsilon_lower and epsilon_upper are the bisection interval.
  reconbound::EpsilonResult epsilon(const reconbound::MechanismInput& input, double delta,
                                    const reconbound::AccountantOptions& options) const override;

 private:
  std::int64_t releases_;
  double sigma_;
};

}  // namespace gaussian_example
