#include "dpsgd_input.hpp"

#include <fmt/format.h>

#include <cmath>

#include "reconbound/error.hpp"

namespace reconbound::dpsgd {

namespace {

void check_declared(const Schedule& schedule, const DeclaredRelease& declared) {
  for (std::size_t r = 0; r < schedule.runs.size(); ++r) {
    const auto& segments = schedule.runs[r].segments;
    std::uint64_t steps = 0;
    for (const Segment& segment : segments) {
      steps += segment.steps;
      if (declared.q && segment.q != *declared.q) {
        throw InvalidInput(fmt::format("the dpsgd mechanism's q = {} differs from q = {} in run {} of the schedule; "
                                       "give q once",
                                       *declared.q, segment.q, r + 1));
      }
    }
    if (declared.steps && steps != *declared.steps) {
      throw InvalidInput(fmt::format("the dpsgd mechanism's steps = {} differs from the {} steps of run {} of the "
                                     "schedule; give steps once",
                                     *declared.steps, steps, r + 1));
    }
  }
}

}  // namespace

DeclaredRelease declared_release(const Params& params) {
  DeclaredRelease out;
  if (params.has("q")) out.q = params.get_double("q");
  if (params.has("steps")) out.steps = static_cast<std::uint64_t>(params.get_int("steps"));
  return out;
}

Schedule charged_schedule(const MechanismInput& input, const DeclaredRelease& declared) {
  if (input.schedule == nullptr) throw InvalidInput("the dpsgd mechanism needs a schedule");
  check_declared(*input.schedule, declared);
  if (!(input.noise_scale > 0.0) || !std::isfinite(input.noise_scale)) {
    throw InvalidInput(fmt::format("the noise scale {} must be finite and > 0", input.noise_scale));
  }
  if (input.noise_scale == 1.0) return *input.schedule;
  return input.schedule->with_noise_scale(input.noise_scale);
}

}  // namespace reconbound::dpsgd
