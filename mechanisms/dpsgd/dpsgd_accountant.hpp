#pragma once
// The dpsgd plugin's (ε, δ) capability: the PLD accountant (mathematics §8,
// accountant/pld_accountant.hpp) of the schedule the plugin charges (dpsgd_input.hpp).
#include "dpsgd_input.hpp"
#include "reconbound/mechanism.hpp"

namespace reconbound::dpsgd {

class DpsgdAccountant final : public PrivacyAccountant {
 public:
  explicit DpsgdAccountant(DeclaredRelease declared) : declared_(declared) {}
  std::string method() const override;
  EpsilonResult epsilon(const MechanismInput& input, double delta,
                        const AccountantOptions& options) const override;

 private:
  DeclaredRelease declared_;
};

}  // namespace reconbound::dpsgd
