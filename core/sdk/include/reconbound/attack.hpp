#pragma once
// A mechanism's reconstruction attack (mathematics §9): the optional capability that puts real
// attacks next to the certified bound in the tightness chain (`reconbound chain`, eq 39).
// Mechanism::attack() returns it, or nullptr when the mechanism has none.
//
// Contract: given the attacker's prior sample (the shadow records' features Ψ), the held-out
// targets' features and a leakage γ, reconstruct() configures the mechanism's release to leak
// exactly γ bits (its own noise or rate solved for γ), releases every target through it and
// returns each target's squared error ‖Ψ(x) − ẑ‖² of the attack's reconstruction ẑ. Where no
// configuration leaks exactly γ, it returns no errors (and a note saying why). The chain turns
// the errors into ρ = sqrt(mean error / tr Σ̂) with a bootstrap standard error (eq 3); no
// attack's ρ can fall below ρ* but by chance, since ρ* bounds every attack on every release
// leaking ≤ γ (Theorem 3.6).
//
// A mechanism class may implement it itself and return `this`:
//
//   class MyMechanism final : public Mechanism, public ReconstructionAttack {
//     const ReconstructionAttack* attack() const override { return this; }
//     AttackResult reconstruct(const AttackInput& input) const override { ... }
//   };
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "reconbound/export.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound {

// Named numbers of an attack for reports, e.g. {"sigma", 0.27}.
using AttackDetails = std::vector<std::pair<std::string, double>>;

struct AttackInput {
  const RowMatrix* shadow = nullptr;   // Ψ(D_shadow), n_shadow × m: the attacker's prior sample
  const RowMatrix* est = nullptr;      // Ψ(D_est) ⊇ Ψ(D_shadow), n_est × m (e.g. to fit a quantiser's cells)
  // D_est in the bound's rotated coordinates, cut into blocks of size k = 1 (mathematics §4):
  // row i is sqrt(m_pad)·U·Ψ(x_i), n_est × m_pad. For a per-block bound of the release (eq 40).
  const RowMatrix* rotated_est = nullptr;
  const RowMatrix* targets = nullptr;  // Ψ(x) of the held-out targets, one per row
  double trace_sigma = 0.0;            // tr Σ̂ from D⊥, the normaliser of ρ (eq 3)
  double gamma_bits = 0.0;             // the leakage the attacked release is configured to have
  // This attack's own random stream: derived by the chain from its seed, the position of γ
  // among its γs and the row's position among the rows of the same mechanism, so no two
  // attacks of one mechanism share it and a row's numbers do not depend on the other rows.
  std::uint64_t seed = 0;
  // The chain's seed itself, the same for every γ and row: for a random fit that several γs
  // share (e.g. a quantiser fitted once per rate).
  std::uint64_t chain_seed = 0;
  std::size_t threads = 1;    // 0: every hardware thread; results must not depend on it
  bool keep_weights = false;  // fill AttackResult::weights, if the attack has them
};

// What an attack will be run at, known before any work: the chain asks check() about every row
// and γ as soon as the data are loaded, so that an input an attack refuses costs nothing.
struct AttackPlan {
  double gamma_bits = 0.0;
  std::size_t n_est = 0;      // rows of AttackInput::est
  std::size_t n_shadow = 0;   // rows of AttackInput::shadow
  std::size_t n_targets = 0;  // rows of AttackInput::targets
};

struct AttackResult {
  // ‖Ψ(x_i) − ẑ_i‖² for every target i (row of AttackInput::targets); empty when no
  // configuration of the mechanism leaks exactly γ.
  std::vector<double> squared_errors;
  // targets × n_shadow posterior weights over the shadow records (rows sum to 1), when
  // keep_weights and the attack's reconstruction is such a posterior mean: the chain applies
  // them to the shadow records' images for its figure. Empty otherwise.
  RowMatrix weights;
  AttackDetails details;           // e.g. {"sigma", σ}, {"rho_blk", ρ_blk}, {"keep_probability", p}
  std::vector<std::string> notes;  // e.g. why γ is not reachable
};

// Where an attack's release can leak exactly γ, among the leakages a chain asks for: its γs
// (any leakage) and its rates (whole bits, e.g. the R of a release of one of 2^R cells). The
// default reaches every γ > 0 and no rate as such.
struct AttackReach {
  // The chain's γs below this are attacked (every γ by default).
  double gammas_below = std::numeric_limits<double>::infinity();
  bool rates = false;  // the chain's rates are attacked too, before its γs
};

// What a column of a chain's row means: one of the attack's details (AttackResult::details)
// reported beside its ρ.
enum class AttackColumnKind : std::uint32_t {
  number = 0,        // a real number, e.g. a noise multiplier σ
  whole_number = 1,  // an integer, e.g. a rate in bits
  // A further link of the chain between ρ* and this attack's ρ (mathematics §9, eq 39): a lower
  // bound on every attack on this release, itself ≥ ρ* (e.g. a per-block bound, eq 40).
  link = 2,
  // Seconds of the attack's time spent on one part of it, reported among the chain's timings
  // instead of in the row.
  seconds = 3,
};

struct AttackColumn {
  std::string detail;       // the name in AttackResult::details
  std::string description;  // one line for reports
  AttackColumnKind kind = AttackColumnKind::number;
};

class RECONBOUND_API ReconstructionAttack {
 public:
  virtual ~ReconstructionAttack() = default;
  // The attack's own settings, for reports, e.g. {"q", 0.02}, {"steps", 100}, {"clip", 0.3}.
  virtual AttackDetails settings() const { return {}; }
  // The leakages the attack is run at (see AttackReach); the default: every γ of the chain.
  virtual AttackReach reach() const { return {}; }
  // The details reported as columns of the chain's rows, in order; the default: none (every
  // detail is still reported with the attack).
  virtual std::vector<AttackColumn> columns() const { return {}; }
  // InvalidInput for a plan reconstruct() would refuse (e.g. too few records for a γ); the
  // default accepts every plan. Called before any record is represented.
  virtual void check(const AttackPlan& /*plan*/) const {}
  // The attack on the release configured to leak exactly input.gamma_bits (see the file
  // comment). Throws InvalidInput for inputs outside the supported range.
  virtual AttackResult reconstruct(const AttackInput& input) const = 0;
};

}  // namespace reconbound
