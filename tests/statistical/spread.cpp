#include "spread.hpp"

#include <cmath>

namespace reconbound::test {

int allowed_exceedances(double q, int trials) {
  const double t = static_cast<double>(trials);
  return static_cast<int>(std::floor(q * t + 5.2 * std::sqrt(q * (1.0 - q) * t) + 1.0));
}

double chi_square_quantile(double dof, double z) {
  const double c = 2.0 / (9.0 * dof);
  const double root = 1.0 - c + z * std::sqrt(c);
  return dof * root * root * root;
}

}  // namespace reconbound::test
