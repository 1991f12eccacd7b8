#pragma once
// The chain's attacks as checkpoint items (docs/checkpoints.md): every finished attack is kept
// in the checkpoint under a key that names everything its result is computed from, and a rerun
// restores it instead of attacking again. The payload is the attack's AttackResult
// (attack_result_codec.hpp).
#include <cstddef>
#include <cstdint>
#include <string>

#include "chain_attacks.hpp"
#include "reconbound/attack.hpp"
#include "reconbound/checkpoint.hpp"

namespace reconbound::chain {

struct AttackRun {
  AttackResult result;
  bool restored = false;  // read from the checkpoint, where an earlier run left it
};

class AttackItems {
 public:
  // The attacks on `shared` (what every attack of the chain reads: the samples, tr Σ̂,
  // chain_seed). Of an attack's posterior weights only what the chain's figure reads is kept:
  // the first `weight_rows` rows when it asks for weights, none otherwise. `checkpoint`
  // nullptr: every attack is run, nothing is stored.
  AttackItems(Checkpoint* checkpoint, const AttackInput& shared, std::size_t weight_rows);

  // Row `row` (at `row_index` among the chain's rows) attacked at the γ with index gamma_index:
  // restored when the checkpoint holds it, else run (run_attack) and stored before returning.
  // InvalidInput when a stored result is malformed or has another shape than this chain's.
  AttackRun run(const PreparedRow& row, std::size_t row_index, double gamma_bits, std::size_t gamma_index,
                bool keep_weights);

  std::size_t restored() const { return restored_; }  // attacks read from the checkpoint so far

 private:
  std::string key(const PreparedRow& row, std::size_t row_index, double gamma_bits, std::size_t gamma_index,
                  bool keep_weights) const;
  void check_restored(const AttackResult& result, const PreparedRow& row, double gamma_bits,
                      bool keep_weights) const;

  Checkpoint* checkpoint_;
  const AttackInput& shared_;
  std::size_t weight_rows_;
  std::uint64_t inputs_digest_ = 0;  // of `shared`, with a checkpoint only
  std::size_t restored_ = 0;
};

}  // namespace reconbound::chain
