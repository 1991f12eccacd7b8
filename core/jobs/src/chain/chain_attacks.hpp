#pragma once
// The attack rows of the tightness chain (mathematics §9): each row's mechanism and attack, its
// part in the chain's report, and one attack at one γ with its result checked where it
// crosses the plugin boundary.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/chain.hpp"
#include "reconbound/mechanism.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::chain {

struct PreparedRow {
  const ChainAttackRow* config = nullptr;
  std::shared_ptr<Mechanism> mechanism;
  const ReconstructionAttack* attack = nullptr;
  std::vector<double> gammas;         // where the attack is run (its reach)
  std::vector<AttackColumn> columns;  // the attack's
  std::size_t stream = 0;  // index among the rows of the same mechanism
};

// The rows' mechanisms, made and checked, each with the leakages of `config` it reaches:
// InvalidInput "mechanism NAME provides no reconstruction attack" for a mechanism without one,
// and for a γ that is not finite and > 0.
std::vector<PreparedRow> prepare_rows(const Registry& registry, const ChainConfig& config);

// The γ of the release `row`'s attack ran at gamma_bits, by the mechanism's own leakage() at the
// configuration the attack reports (mathematics §9): a schedule-driven mechanism's q and steps
// (settings) and sigma (details) as a constant run, or a noise-scale mechanism's noise_scale
// (details); nullopt where it reports neither. PluginError naming the mechanism when that leakage
// is not finite and ≥ 0 or exceeds gamma_bits (relative 1e-8) plus its error bound.
std::optional<double> checked_release_gamma(const PreparedRow& row, double gamma_bits, const AttackResult& result,
                                            const RecordShape& record);

// Each row whose mechanism needs nothing beyond its parameters (and the records' shape) charged
// them, as `bound` charges it: PluginError naming the mechanism for a leakage that is not finite
// and ≥ 0.
void check_row_leakage(const std::vector<PreparedRow>& rows, const RecordShape& record);

// The report's description of a row.
ChainAttackInfo attack_info(const PreparedRow& row);

// The attack of `row` at the γ with index `gamma_index` among the chain's γs, on what every
// attack of the chain reads (`shared`: the samples, tr Σ̂, chain_seed, threads). PluginError,
// naming the mechanism, when its errors are not one finite value ≥ 0 per target or its weights
// are not targets × n_shadow.
AttackResult run_attack(const PreparedRow& row, const AttackInput& shared, double gamma_bits,
                        std::size_t gamma_index, bool keep_weights);

// The random stream of row's attack at the γ with index gamma_index (AttackInput::seed).
std::uint64_t attack_seed(const PreparedRow& row, std::uint64_t chain_seed, std::size_t gamma_index);

// The seed of the bootstrap of row's attack at the γ with index gamma_index (estimate_attack).
std::uint64_t bootstrap_seed(const PreparedRow& row, std::uint64_t seed, std::size_t gamma_index);

}  // namespace reconbound::chain
