#pragma once
// Plugin kind 1 — mechanism leakage (mathematics §2, Theorem 4.1), and optionally its (ε, δ).
//
// Contract: leakage() returns γ in bits, an upper bound on the mutual information
// I(x_i; released output | X_{−i}) between one protected record and everything the
// mechanism releases. Bounds of several runs add. What a mechanism reads from its caller is
// declared by needs(): a noise schedule (noisy gradient descent), records to fit on (a vector
// quantiser fitted by k-means), or nothing beyond its own parameters (Params, given to the factory), e.g. the
// Gaussian mechanism released k times with noise σ.
//
// (ε, δ) accounting is a capability, not part of every mechanism: accountant() returns the
// mechanism's accountant, or nullptr when it provides none, e.g. a PLD accountant
// (mathematics §8). So is a reconstruction attack (reconbound/attack.hpp):
// attack() returns it, or nullptr; `reconbound chain` runs it next to the bound (mathematics §9).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "reconbound/accountant.hpp"
#include "reconbound/attack.hpp"
#include "reconbound/export.hpp"
#include "reconbound/matrix.hpp"
#include "reconbound/schedule.hpp"

namespace reconbound {

// What a mechanism needs from its caller, so front ends ask for exactly these inputs and
// refuse others with one clear line.
struct MechanismNeeds {
  bool schedule = false;     // a noise schedule (MechanismInput::schedule)
  bool data = false;         // records from the population (MechanismInput::data)
  bool noise_scale = false;  // honours MechanismInput::noise_scale: calibrate and spectrum
                             // search the factor on the mechanism's noise
  bool record_shape = false; // the shape of the records charged (MechanismInput::record): a
                             // mechanism that releases each coordinate charges per coordinate
};

// The records a mechanism is charged for, where its caller has them (bound, spectrum, calibrate
// --target-rho, report, chain): the shape of one record as the data hold it and the dimension m
// of Ψ(x). A caller without records (leakage, epsilon, calibrate --target-epsilon) leaves both
// zero; a mechanism whose needs().record_shape then throws InvalidInput naming what it needs.
struct RecordShape {
  ImageShape data{0, 0, 0};  // channels × height × width of one record; all 0: unknown
  std::size_t features = 0;  // m = dim Ψ(x); 0: unknown
  bool known() const { return features > 0 && data.size() > 0; }
};

struct MechanismInput {
  const Schedule* schedule = nullptr;  // when needs().schedule
  const RowMatrix* data = nullptr;     // when needs().data; rows are records
  std::uint64_t seed = 0;              // for mechanisms with a randomised fit
  // Factor c > 0 on every noise standard deviation the mechanism adds (its σ becomes c·σ),
  // when needs().noise_scale; 1 leaves the mechanism as configured.
  double noise_scale = 1.0;
  RecordShape record{};  // when needs().record_shape (and wherever the caller knows it)
};

// The leakage of one schedule segment, for reports.
struct SegmentLeakage {
  std::size_t run = 0;  // index of the run the segment belongs to
  Segment segment;
  double gamma_bits = 0.0;  // steps · K(q, σ) / ln 2
};

struct Leakage {
  double gamma_bits = 0.0;       // total γ, bits (sum over runs and segments)
  double abs_error_bits = 0.0;   // bound on the numerical error of gamma_bits
  std::vector<SegmentLeakage> segments;  // empty for mechanisms without a schedule
  // Named extra numbers a mechanism reports, e.g. {"realised_entropy_bits", 3.93}.
  std::vector<std::pair<std::string, double>> details;
};

// The optional (ε, δ) capability of a mechanism (mathematics §8). ε and δ are in nats (e^ε).
class RECONBOUND_API PrivacyAccountant {
 public:
  virtual ~PrivacyAccountant() = default;
  // One line naming the method and the neighbouring relation, e.g. "PLD, add/remove".
  virtual std::string method() const = 0;
  // ε(δ) of everything the mechanism releases for `input`, with guaranteed error bars
  // (EpsilonResult: epsilon_lower ≤ ε ≤ epsilon_upper). Throws InvalidInput for inputs
  // outside the supported range, NumericalError when ε cannot be certified.
  virtual EpsilonResult epsilon(const MechanismInput& input, double delta,
                                const AccountantOptions& options) const = 0;
};

class RECONBOUND_API Mechanism {
 public:
  virtual ~Mechanism() = default;
  virtual MechanismNeeds needs() const = 0;
  // Throws InvalidInput for inputs outside the supported range; never returns a wrong number.
  virtual Leakage leakage(const MechanismInput& input) const = 0;
  // The mechanism's (ε, δ) accountant, owned by the mechanism; nullptr when it has none.
  virtual const PrivacyAccountant* accountant() const { return nullptr; }
  // The mechanism's reconstruction attack, owned by the mechanism; nullptr when it has none.
  virtual const ReconstructionAttack* attack() const { return nullptr; }
};

}  // namespace reconbound
