#pragma once
// The dpsgd plugin's reconstruction attack (mathematics §9; paper §G.5, eq 36–38): the prior-aware
// attack of attack/dpsgd_attack.hpp on T steps of a linear model's clipped gradient released at
// Poisson rate q with clip norm C, its noise multiplier σ solved so that the mechanism itself
// charges exactly the γ attacked (attack/dpsgd_attack_sigma.cpp).
#include <cstdint>
#include <vector>

#include "reconbound/mechanism.hpp"
#include "reconbound/params.hpp"

namespace reconbound::dpsgd {

struct AttackSettings {
  double q = 1.0;           // Poisson rate, (0, 1]
  std::uint64_t steps = 1;  // T ≥ 1
  double clip = 0.3;        // C of the linear model (paper §G.5)
};

// q, steps and clip of the plugin's Params (defaults 1, 1, 0.3); InvalidInput naming the
// parameter outside its range.
AttackSettings attack_settings(const Params& params);

class DpsgdReconstruction final : public ReconstructionAttack {
 public:
  // `dpsgd` charges the leakage the attacked release is solved for; it must outlive the attack.
  DpsgdReconstruction(const Mechanism& dpsgd, AttackSettings settings) : dpsgd_(dpsgd), settings_(settings) {}
  AttackDetails settings() const override;
  std::vector<AttackColumn> columns() const override;  // sigma
  AttackResult reconstruct(const AttackInput& input) const override;

 private:
  const Mechanism& dpsgd_;
  AttackSettings settings_;
};

}  // namespace reconbound::dpsgd
