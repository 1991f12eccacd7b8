// The attack rows of the tightness chain (mathematics §9): mechanisms with an attack, the
// leakages they reach, their streams and one attack at one γ, its result checked where it
// crosses the plugin boundary.
#include "chain_attacks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "reconbound/error.hpp"
#include "reconbound/leakage_check.hpp"

namespace reconbound::chain {

namespace {

// The leakages of `config` an attack of `reach` is run at: the rates first (if it reaches them),
// then the γs below its bound; InvalidInput naming the row for one not finite and > 0.
std::vector<double> reached_gammas(const AttackReach& reach, const ChainConfig& config, const std::string& label) {
  std::vector<double> out;
  if (reach.rates) out.assign(config.rates.begin(), config.rates.end());
  for (const double g : config.gammas) {
    if (g < reach.gammas_below) out.push_back(g);
  }
  for (const double g : out) {
    if (!std::isfinite(g) || !(g > 0.0)) {
      throw InvalidInput(fmt::format("{} attack at gamma = {} bits: gamma must be finite and > 0", label, g));
    }
  }
  return out;
}

void check_result(const AttackResult& result, const PreparedRow& row, const AttackInput& samples) {
  const auto targets = static_cast<std::size_t>(samples.targets->rows());
  const std::string& name = row.config->mechanism;
  if (!result.squared_errors.empty() && result.squared_errors.size() != targets) {
    throw PluginError(fmt::format("mechanism {}'s attack returned {} squared errors for {} targets", name,
                                  result.squared_errors.size(), targets));
  }
  const auto bad = std::find_if(result.squared_errors.begin(), result.squared_errors.end(),
                                [](double e) { return !std::isfinite(e) || e < 0.0; });
  if (bad != result.squared_errors.end()) {
    throw PluginError(fmt::format("mechanism {}'s attack returned the squared error {}: every error must be finite "
                                  "and >= 0 (a defect of the plugin)", name, *bad));
  }
  const bool weights_fit = result.weights.rows() == samples.targets->rows() &&
                           result.weights.cols() == samples.shadow->rows();
  if (result.weights.size() > 0 && !weights_fit) {
    throw PluginError(fmt::format("mechanism {}'s attack returned {} × {} posterior weights; they must be targets × "
                                  "shadow records = {} × {}", name, result.weights.rows(), result.weights.cols(),
                                  samples.targets->rows(), samples.shadow->rows()));
  }
}

// The input under which the mechanism charges the release the attack reports, if it reports one.
std::optional<MechanismInput> release_input(const PreparedRow& row, const AttackResult& result, Schedule& schedule) {
  const MechanismNeeds needs = row.mechanism->needs();
  const AttackDetails settings = row.attack->settings();
  const auto q = find_detail(settings, "q");
  const auto steps = find_detail(settings, "steps");
  const auto sigma = find_detail(result.details, "sigma");
  const auto noise_scale = find_detail(result.details, "noise_scale");
  MechanismInput input;
  if (needs.schedule && q && steps && sigma) {
    schedule = Schedule::constant(*q, *sigma, static_cast<std::uint64_t>(*steps));
    input.schedule = &schedule;
    return input;
  }
  if (needs.noise_scale && !needs.schedule && !needs.data && noise_scale) {
    input.noise_scale = *noise_scale;
    return input;
  }
  return std::nullopt;
}

}  // namespace

void check_row_leakage(const std::vector<PreparedRow>& rows, const RecordShape& record) {
  for (const PreparedRow& row : rows) {
    const MechanismNeeds needs = row.mechanism->needs();
    if (needs.schedule || needs.data) continue;
    MechanismInput input;
    input.record = record;
    check_leakage_bounds(row.mechanism->leakage(input), row.config->mechanism);
  }
}

std::optional<double> checked_release_gamma(const PreparedRow& row, double gamma_bits, const AttackResult& result,
                                            const RecordShape& record) {
  Schedule schedule;
  std::optional<MechanismInput> input = release_input(row, result, schedule);
  if (!input) return std::nullopt;
  input->record = record;
  const std::string& name = row.config->mechanism;
  const Leakage leakage = row.mechanism->leakage(*input);
  check_leakage_bounds(leakage, name);
  // The attack solves its noise for γ to a relative tolerance; 1e-8 is far above it.
  if (leakage.gamma_bits > gamma_bits * (1.0 + 1e-8) + leakage.abs_error_bits) {
    throw PluginError(fmt::format("mechanism {}'s attack at gamma = {} bits ran a release its leakage() charges "
                                  "{} bits: an attack must configure its release to leak at most gamma (a defect of "
                                  "the plugin)", name, gamma_bits, leakage.gamma_bits));
  }
  return leakage.gamma_bits;
}

std::vector<PreparedRow> prepare_rows(const Registry& registry, const ChainConfig& config) {
  std::vector<PreparedRow> out;
  std::map<std::string, std::size_t> per_mechanism;
  for (const ChainAttackRow& attack_row : config.attacks) {
    PreparedRow row;
    row.config = &attack_row;
    row.mechanism = registry.make_mechanism(attack_row.mechanism, attack_row.params);
    row.attack = row.mechanism->attack();
    if (row.attack == nullptr) {
      throw InvalidInput(fmt::format("mechanism {} provides no reconstruction attack", attack_row.mechanism));
    }
    row.gammas = reached_gammas(row.attack->reach(), config, attack_row.label);
    row.columns = row.attack->columns();
    row.stream = per_mechanism[attack_row.mechanism]++;
    out.push_back(std::move(row));
  }
  return out;
}

ChainAttackInfo attack_info(const PreparedRow& row) {
  return {row.config->mechanism, row.config->label, row.attack->settings(), row.columns, row.gammas};
}

AttackResult run_attack(const PreparedRow& row, const AttackInput& shared, double gamma_bits,
                        std::size_t gamma_index, bool keep_weights) {
  AttackInput input = shared;
  input.gamma_bits = gamma_bits;
  input.seed = attack_seed(row, shared.chain_seed, gamma_index);
  input.keep_weights = keep_weights;
  AttackResult result = row.attack->reconstruct(input);
  check_result(result, row, input);
  return result;
}

std::uint64_t attack_seed(const PreparedRow& row, std::uint64_t chain_seed, std::size_t gamma_index) {
  return chain_seed ^ (0xa77ac4u + 131 * gamma_index + row.stream);
}

std::uint64_t bootstrap_seed(const PreparedRow& row, std::uint64_t seed, std::size_t gamma_index) {
  if (row.config->bootstrap_salt) return seed ^ (*row.config->bootstrap_salt + gamma_index);
  return seed ^ (0x5e0u + 131 * gamma_index + row.stream);
}

}  // namespace reconbound::chain
