// The release model of the DP-SGD attack (mathematics §9; paper eq 36): its checks and clip factor.
#include <fmt/format.h>

#include <cmath>

#include "dpsgd_attack_model.hpp"
#include "reconbound/error.hpp"

namespace reconbound::dpsgd::detail {

namespace {

// σ·C range in which 1/(2σ²C²) is a finite double and σC·ξ a finite float.
constexpr double kMinNoiseScale = 1e-150;
constexpr double kMaxNoiseScale = 1e30;

}  // namespace

void check_release_model(const ReleaseModel& model) {
  if (!(model.q > 0.0 && model.q <= 1.0)) {
    throw InvalidInput(fmt::format("the attack's sampling rate q = {} is outside (0, 1]", model.q));
  }
  if (model.steps == 0) throw InvalidInput("the attack needs T >= 1 steps; got 0");
  if (!(model.sigma > 0.0) || !std::isfinite(model.sigma)) {
    throw InvalidInput(fmt::format("the attack's noise multiplier sigma = {} must be finite and > 0",
                                   model.sigma));
  }
  if (!(model.clip > 0.0) || !std::isfinite(model.clip)) {
    throw InvalidInput(fmt::format("the attack's clip norm C = {} must be finite and > 0", model.clip));
  }
  const double noise_scale = model.sigma * model.clip;
  if (noise_scale < kMinNoiseScale || noise_scale > kMaxNoiseScale) {
    throw InvalidInput(fmt::format(
        "the attack's noise scale sigma*C = {} is outside [{}, {}], where its likelihood is "
        "representable", noise_scale, kMinNoiseScale, kMaxNoiseScale));
  }
}

double clip_factor(double norm, double clip) {
  return norm > clip ? clip / norm : 1.0;  // a(u) = min(1, C/‖u‖) (eq 36)
}

std::uint64_t release_rows_per_target(const ReleaseModel& model) {
  return model.q == 1.0 ? 1 : model.steps;
}

}  // namespace reconbound::dpsgd::detail
