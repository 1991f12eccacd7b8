#include "reconbound/grey_levels.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"

namespace reconbound {

void require_grey_levels(MatrixView batch, std::string_view owner) {
  for (Eigen::Index r = 0; r < batch.rows(); ++r) {
    for (Eigen::Index j = 0; j < batch.cols(); ++j) {
      const double x = batch(r, j);
      if (!(x >= 0.0 && x <= kMaxGreyLevel)) {
        throw InvalidInput(fmt::format("{}: record {} coordinate {} is {}, outside the grey levels [0, 255]", owner,
                                       r, j, x));
      }
    }
  }
}

}  // namespace reconbound
