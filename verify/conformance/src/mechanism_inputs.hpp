#pragma once
// The inputs the mechanism suite gives a mechanism: exactly what its needs() declares.
#include <cstdint>

#include "reconbound/matrix.hpp"
#include "reconbound/mechanism.hpp"
#include "reconbound/schedule.hpp"

namespace reconbound::conformance::detail {

struct MechanismTestInputs {
  // A DP-SGD-like schedule: 100 steps at q = 0.05, σ = 1.2.
  Schedule schedule = Schedule::constant(0.05, 1.2, 100);
  // 200 records of 6 coordinates in three clusters (a mechanism fitted on data).
  RowMatrix data = clustered_records();
  std::uint64_t seed = 5;
  // The records charged, for a mechanism that charges per coordinate: 28×28 grey images, Ψ = pixels.
  RecordShape record{ImageShape{1, 28, 28}, 784};

  // The input with the schedule and the data when needs() asks for them.
  MechanismInput for_needs(const MechanismNeeds& needs) const;

  static RowMatrix clustered_records();
};

}  // namespace reconbound::conformance::detail
