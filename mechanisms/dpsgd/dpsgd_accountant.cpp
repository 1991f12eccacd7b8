#include "dpsgd_accountant.hpp"

#include "accountant/pld_accountant.hpp"
#include "dpsgd_input.hpp"

namespace reconbound::dpsgd {

std::string DpsgdAccountant::method() const { return "PLD accountant, add/remove, Poisson sampling"; }

EpsilonResult DpsgdAccountant::epsilon(const MechanismInput& input, double delta,
                                       const AccountantOptions& options) const {
  return compute_epsilon(charged_schedule(input, declared_), delta, options);
}

}  // namespace reconbound::dpsgd
