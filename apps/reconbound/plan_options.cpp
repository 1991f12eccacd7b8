#include "plan_options.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"

namespace reconbound::cli {

void add_plan_options(CLI::App& cmd, PlanOptions& options) {
  add_schedule_options(cmd, options.schedule, ScheduleUse::shape);
  add_delta_options(cmd, options.delta);
  add_data_options(cmd, options.data);
  add_bound_options(cmd, options.bound);
  cmd.add_option("--mechanism", options.mechanism, "Mechanism plugin that charges the leakage")
      ->capture_default_str();
  cmd.add_option("--sigma-tolerance", options.sigma_tolerance,
                 "Relative tolerance on sigma (the result is at most this far above the exact one)")
      ->capture_default_str();
}

CalibrationOptions calibration_options(const PlanOptions& options) {
  if (!(options.sigma_tolerance > 0.0 && options.sigma_tolerance < 0.1)) {
    throw InvalidInput(fmt::format("--sigma-tolerance {} is outside (0, 0.1)", options.sigma_tolerance));
  }
  CalibrationOptions out;
  out.sigma_tolerance = options.sigma_tolerance;
  return out;
}

}  // namespace reconbound::cli
