#pragma once
// The codebook plugin's reconstruction attack (mathematics §9; paper §G.6): the codebook release
// leaking exactly γ — R = γ bits, or below one bit the two-cell codebook through a binary
// symmetric channel — fitted on the attacker's sample, its per-block bound ρ_blk (eq 40) and
// its conditional-mean attack.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "reconbound/mechanism.hpp"
#include "reconbound/params.hpp"

namespace reconbound::codebook {

struct ReleaseAttackSettings {
  double nu2 = 0.2;                   // ν² of the per-block bound (k = 1, paper Table 7)
  std::size_t min_cell_records = 20;  // estimation records every release cell needs
  std::optional<std::uint64_t> seed;  // of the k-means fits; absent: the chain's seed
  bool rate_given = false;            // bits= or gamma= was given: the attack refuses (it sets R from γ)
};

// nu2 and min_cell_records of the plugin's Params (defaults 0.2 and 20); InvalidInput naming
// the parameter outside its range.
ReleaseAttackSettings release_attack_settings(const Params& params);

class CodebookReconstruction final : public ReconstructionAttack {
 public:
  explicit CodebookReconstruction(ReleaseAttackSettings settings) : settings_(settings) {}
  AttackDetails settings() const override;
  // Whole-bit rates R (the chain's rates) and, through the binary symmetric channel, every γ
  // below one bit.
  AttackReach reach() const override;
  // codebook_bits, keep_probability, realised_entropy_bits, rho_blk (a link of the chain, eq 40),
  // mean_gamma_b and per_block_seconds (timing).
  std::vector<AttackColumn> columns() const override;
  // InvalidInput when the mechanism was given a rate (bits= or gamma=), for γ > 30 bits, and
  // when even the average cell of the codebook for γ cannot hold min_cell_records records
  // (2^R·min_cell_records > n_est).
  void check(const AttackPlan& plan) const override;
  // Details: codebook_bits, realised_entropy_bits (deterministic) or keep_probability (below one
  // bit), rho_blk, mean_gamma_b, per_block_seconds (the time of the per-block bound). No errors
  // where no codebook leaks γ: γ ≥ 1 not whole, γ > H_b(f0) below one bit, or a release cell
  // with fewer than min_cell_records estimation records (with a note). InvalidInput as check().
  AttackResult reconstruct(const AttackInput& input) const override;

 private:
  ReleaseAttackSettings settings_;
};

}  // namespace reconbound::codebook
