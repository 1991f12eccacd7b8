// Attacks that beat ρ* (mathematics §9): by the converse (Theorem 3.6) no attack on a release
// leaking at most γ has an expected error below ρ*, so an estimate more than 3 standard errors
// below it means the mechanism's γ or its attack is wrong (or a 1-in-740 chance per attack under a
// normal approximation of the estimate).
#include <fmt/format.h>

#include "reconbound/chain.hpp"

namespace reconbound {

namespace {

constexpr double kStandardErrors = 3.0;

bool beats_rho_star(const AttackEstimate& estimate, double rho_star) {
  return estimate.rho + kStandardErrors * estimate.standard_error < rho_star;
}

}  // namespace

std::vector<ChainViolation> chain_violations(const ChainReport& report) {
  std::vector<ChainViolation> out;
  for (const ChainRow& row : report.rows) {
    for (std::size_t r = 0; r < row.attacks.size() && r < report.attacks.size(); ++r) {
      const auto& attack = row.attacks[r];
      if (!attack || !attack->estimate || !beats_rho_star(*attack->estimate, row.bound.rho_star)) continue;
      out.push_back({row.gamma_bits, r, report.attacks[r].mechanism, report.attacks[r].label, attack->estimate->rho,
                     attack->estimate->standard_error, row.bound.rho_star});
    }
  }
  return out;
}

std::string violation_sentence(const ChainViolation& v) {
  return fmt::format("mechanism {}'s attack {} at gamma = {:g} bits has rho = {:.4f} +- {:.4f}, more than 3 standard "
                     "errors below rho* = {:.4f}, which no attack can beat: the mechanism's gamma or its attack is wrong",
                     v.mechanism, v.attack, v.gamma_bits, v.rho, v.standard_error, v.rho_star);
}

}  // namespace reconbound
