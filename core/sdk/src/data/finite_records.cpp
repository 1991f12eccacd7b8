#include <fmt/format.h>

#include <cmath>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace reconbound {

void require_finite_records(MatrixView records, const std::string& origin) {
  for (Eigen::Index r = 0; r < records.rows(); ++r) {
    for (Eigen::Index c = 0; c < records.cols(); ++c) {
      if (!std::isfinite(records(r, c))) {
        throw InvalidInput(fmt::format("{}: record {} holds a non-finite value ({}) at position {}; remove or "
                                       "repair it", origin, r, records(r, c), c));
      }
    }
  }
}

}  // namespace reconbound
