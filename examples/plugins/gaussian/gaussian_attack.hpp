#pragma once
// The reconstruction attack of the `gaussian` example mechanism (`reconbound chain`,
// docs/tightness.md). Its query is the clipped, centred feature vector of the record,
//   f(x) = a(u)·u / C,  u = Ψ(x) − Ψ̄,  a(u) = min(1, C/‖u‖),                          (G1)
// so ‖f(x)‖ ≤ 1 (sensitivity 1 against the centre Ψ̄, the mean of the shadow records), and the
// release is Y_t = f(x) + σ·ξ_t, ξ_t ~ N(0, I), t = 1..k: γ = k/(2σ² ln 2) bits, as the leakage.
// At the γ attacked, σ is solved from it:  σ_γ = sqrt(k / (2γ ln 2)).                    (G2)
// The mean Ȳ = (1/k)·Σ_t Y_t = f(x) + (σ_γ/√k)·ξ is sufficient; the attacker's prior is the
// shadow records s_j, so the posterior weights and the posterior-mean reconstruction are
//   w_j ∝ exp(−k·‖Ȳ − f(s_j)‖² / (2σ_γ²)) = exp(−γ ln 2 · ‖Ȳ − f(s_j)‖²),            (G3)
//   ẑ = Σ_j w_j·Ψ(s_j).                                                                 (G4)
#include <cstdint>

#include "reconbound/mechanism.hpp"

namespace gaussian_example {

class GaussianAttack final : public reconbound::ReconstructionAttack {
 public:
  GaussianAttack(std::int64_t releases, double clip) : releases_(releases), clip_(clip) {}
  reconbound::AttackDetails settings() const override;
  reconbound::AttackResult reconstruct(const reconbound::AttackInput& input) const override;

 private:
  std::int64_t releases_;
  double clip_;
};

}  // namespace gaussian_example
