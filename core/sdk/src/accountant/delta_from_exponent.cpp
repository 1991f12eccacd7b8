#include <fmt/format.h>

#include <cmath>

#include "reconbound/accountant.hpp"
#include "reconbound/error.hpp"

namespace reconbound {

double delta_from_exponent(double n_train, double exponent) {
  if (!(n_train >= 1.0)) throw InvalidInput(fmt::format("{} must be >= 1", parameter("n_train", n_train)));
  if (!(exponent > 0.0)) throw InvalidInput(fmt::format("{} must be > 0", parameter("delta_exponent", exponent)));
  const double delta = std::pow(n_train, -exponent);  // mathematics §8: δ = n_train^−1.1
  if (!(delta >= kMinDelta && delta < 1.0)) {
    throw InvalidInput(fmt::format("delta = n_train^-exponent = {:g} is outside [1e-15, 1)", delta));
  }
  return delta;
}

}  // namespace reconbound
