#include "dpsgd_input.hpp"

#include <fmt/format.h>

#include <cmath>

#include "reconbound/error.hpp"

namespace reconbound::dpsgd {

Schedule charged_schedule(const MechanismInput& input) {
  if (input.schedule == nullptr) throw InvalidInput("the dpsgd mechanism needs a schedule");
  if (!(input.noise_scale > 0.0) || !std::isfinite(input.noise_scale)) {
    throw InvalidInput(fmt::format("the noise scale {} must be finite and > 0", input.noise_scale));
  }
  if (input.noise_scale == 1.0) return *input.schedule;
  return input.schedule->with_noise_scale(input.noise_scale);
}

}  // namespace reconbound::dpsgd
