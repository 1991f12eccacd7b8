#include "plan_options.hpp"

#include "reconbound/presets/paper_settings.hpp"
#include "setting_option.hpp"

namespace reconbound::cli {

void add_plan_options(CLI::App& cmd, PlanOptions& options) {
  add_schedule_options(cmd, options.schedule, ScheduleUse::shape);
  add_delta_options(cmd, options.delta);
  add_data_options(cmd, options.data);
  add_bound_options(cmd, options.bound);
  add_mechanism_options(cmd, options.mechanism, "Mechanism plugin whose noise is calibrated");
  add_setting_option(cmd, presets::front_end_setting("sigma_tolerance"), options.sigma_tolerance);
  add_epsilon_error_option(cmd, options.epsilon_error);
}

CalibrationOptions calibration_options(const PlanOptions& options) {
  CalibrationOptions out;
  out.sigma_tolerance = options.sigma_tolerance;
  out.accountant.epsilon_error = options.epsilon_error;
  return out;
}

workflow::MechanismRequest shape_mechanism(const PlanOptions& options) {
  return mechanism_request(options.mechanism, build_schedule_shape(options.schedule));
}

}  // namespace reconbound::cli
