#include "dpsgd_reconstruction.hpp"

#include <fmt/format.h>

#include <cmath>

#include "dpsgd_attack.hpp"
#include "reconbound/error.hpp"

namespace reconbound::dpsgd {

AttackSettings attack_settings(const Params& params) {
  AttackSettings out;
  out.q = params.get_double("q", out.q);
  if (!(out.q > 0.0 && out.q <= 1.0)) {
    throw InvalidInput(fmt::format("dpsgd: the attack's sampling rate q = {} must lie in (0, 1]", out.q));
  }
  const std::int64_t steps = params.get_int("steps", static_cast<std::int64_t>(out.steps));
  if (steps < 1) throw InvalidInput(fmt::format("dpsgd: the attack's steps = {} must be >= 1", steps));
  out.steps = static_cast<std::uint64_t>(steps);
  out.clip = params.get_double("clip", out.clip);
  if (!(out.clip > 0.0)) throw InvalidInput(fmt::format("dpsgd: the attack's clip = {} must be > 0", out.clip));
  return out;
}

AttackDetails DpsgdReconstruction::settings() const {
  return {{"q", settings_.q}, {"steps", static_cast<double>(settings_.steps)}, {"clip", settings_.clip}};
}

std::vector<AttackColumn> DpsgdReconstruction::columns() const {
  return {{"sigma", "the noise multiplier solved so that the mechanism charges exactly gamma", AttackColumnKind::number}};
}

AttackResult DpsgdReconstruction::reconstruct(const AttackInput& input) const {
  AttackResult out;
  double sigma = 0.0;
  try {
    sigma = sigma_for_gamma(dpsgd_, settings_.q, settings_.steps, input.gamma_bits);
  } catch (const InvalidInput& e) {  // a γ this setting cannot reach: no attack at it
    out.notes.push_back(fmt::format("DP-SGD attack (q = {}, T = {}) at gamma = {} bits skipped: {}", settings_.q,
                                    settings_.steps, input.gamma_bits, e.what()));
    return out;
  }
  DpsgdAttackResult attack = dpsgd_attack(*input.shadow, *input.targets,
                                          {.q = settings_.q, .steps = settings_.steps, .sigma = sigma,
                                           .clip = settings_.clip, .seed = input.seed, .threads = input.threads,
                                           .keep_weights = input.keep_weights});
  out.squared_errors = std::move(attack.squared_errors);
  out.weights = std::move(attack.weights);
  out.details = {{"sigma", sigma}};
  return out;
}

}  // namespace reconbound::dpsgd
