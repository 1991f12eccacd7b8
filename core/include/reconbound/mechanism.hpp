#pragma once
// Plugin kind 1 — mechanism leakage (SPEC §2, Theorem 4.1).
//
// Contract: leakage() returns γ in bits, an upper bound on the mutual information
// I(x_i; released output | X_{−i}) between one protected record and everything the
// mechanism releases. Bounds of several runs add. A mechanism that needs data (e.g. a
// codebook fitted by k-means) receives it through MechanismInput::data; one driven by a
// noise schedule (DP-SGD) receives MechanismInput::schedule.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "reconbound/matrix.hpp"
#include "reconbound/schedule.hpp"

namespace reconbound {

// What a mechanism needs from its caller, so front ends can ask for the right inputs
// instead of the plugin throwing "not implemented".
struct MechanismNeeds {
  bool schedule = false;  // a noise schedule (Schedule)
  bool data = false;      // records from the population (fits the mechanism, e.g. k-means)
};

struct MechanismInput {
  const Schedule* schedule = nullptr;  // when needs().schedule
  const RowMatrix* data = nullptr;     // when needs().data; rows are records
  std::uint64_t seed = 0;              // for mechanisms with a randomised fit
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

class Mechanism {
 public:
  virtual ~Mechanism() = default;
  virtual MechanismNeeds needs() const = 0;
  // Throws InvalidInput for inputs outside the supported range; never returns a wrong number.
  virtual Leakage leakage(const MechanismInput& input) const = 0;
};

}  // namespace reconbound
