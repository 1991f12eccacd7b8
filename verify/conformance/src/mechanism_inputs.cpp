#include "mechanism_inputs.hpp"

#include <random>

namespace reconbound::conformance::detail {

MechanismInput MechanismTestInputs::for_needs(const MechanismNeeds& needs) const {
  MechanismInput input;
  if (needs.schedule) input.schedule = &schedule;
  if (needs.data) input.data = &data;
  if (needs.record_shape) input.record = record;
  input.seed = seed;
  return input;
}

RowMatrix MechanismTestInputs::clustered_records() {
  std::mt19937_64 rng(1);
  std::normal_distribution<double> normal(0.0, 1.0);
  RowMatrix records(200, 6);
  for (Eigen::Index i = 0; i < records.rows(); ++i) {
    for (Eigen::Index j = 0; j < records.cols(); ++j) {
      records(i, j) = normal(rng) + 8.0 * static_cast<double>(i % 3 == j);  // cluster i mod 3
    }
  }
  return records;
}

}  // namespace reconbound::conformance::detail
