#include <algorithm>

#include "reconbound/rotation.hpp"

namespace reconbound {

// U·p for p = (1, 2, …, m), its first coordinates (mathematics §4).
std::vector<double> rotation_probe(const Rotation& rotation) {
  constexpr Eigen::Index kProbeLength = 8;
  const auto m = static_cast<Eigen::Index>(rotation.input_dim());
  const RowMatrix probe = RowMatrix(Eigen::RowVectorXd::LinSpaced(m, 1.0, static_cast<double>(m)));
  const RowMatrix rotated = rotation.apply(probe, 1);
  const Eigen::Index length = std::min(kProbeLength, rotated.cols());
  return {rotated.data(), rotated.data() + length};
}

}  // namespace reconbound
