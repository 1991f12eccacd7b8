// Attacks that beat ρ* (mathematics §9): by the converse (Theorem 3.6) no attack on a release
// leaking at most γ has an expected error below ρ*, so an estimate more than 3 standard errors
// below it means the mechanism's γ or its attack is wrong (or a 1-in-740 chance per attack under a
// normal approximation of the estimate).
#include <fmt/format.h>

#include "reconbound/chain.hpp"

namespace reconbound {

namespace {

constexpr double kStandardErrors = 3.0;

void check_one(std::vector<ChainViolation>& out, const ChainRow& row, const std::string& mechanism,
               const std::string& attack, const std::optional<AttackEstimate>& estimate) {
  if (!estimate) return;
  if (estimate->rho + kStandardErrors * estimate->standard_error < row.bound.rho_star) {
    out.push_back({row.gamma_bits, mechanism, attack, estimate->rho, estimate->standard_error, row.bound.rho_star});
  }
}

}  // namespace

std::vector<ChainViolation> chain_violations(const ChainReport& report) {
  std::vector<ChainViolation> out;
  for (const ChainRow& row : report.rows) {
    check_one(out, row, "codebook", "codebook", row.codebook);
    for (std::size_t s = 0; s < row.dpsgd.size() && s < report.settings.size(); ++s) {
      if (!row.dpsgd[s]) continue;
      const DpsgdSetting& setting = report.settings[s];
      check_one(out, row, "dpsgd", fmt::format("dpsgd (q={:g}, T={})", setting.q, setting.steps),
                row.dpsgd[s]->estimate);
    }
    for (std::size_t o = 0; o < row.other.size() && o < report.other.size(); ++o) {
      if (row.other[o]) check_one(out, row, report.other[o].mechanism, report.other[o].label, row.other[o]->estimate);
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
