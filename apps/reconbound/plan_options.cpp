#include "plan_options.hpp"

namespace reconbound::cli {

void add_plan_options(CLI::App& cmd, PlanOptions& options) {
  add_schedule_options(cmd, options.schedule, ScheduleUse::shape);
  add_delta_options(cmd, options.delta);
  add_data_options(cmd, options.data);
  add_bound_options(cmd, options.bound);
  add_mechanism_options(cmd, options.mechanism, "Mechanism plugin whose noise is calibrated");
  cmd.add_option("--sigma-tolerance", options.sigma_tolerance,
                 "Relative tolerance on sigma (the result is at most this far above the exact one)")
      ->capture_default_str();
}

CalibrationOptions calibration_options(const PlanOptions& options) {
  CalibrationOptions out;
  out.sigma_tolerance = options.sigma_tolerance;
  return out;
}

workflow::MechanismRequest shape_mechanism(const PlanOptions& options) {
  return mechanism_request(options.mechanism, build_schedule_shape(options.schedule));
}

}  // namespace reconbound::cli
