#pragma once
// Options shared by the commands that choose σ for a target (`calibrate`, `spectrum`): the
// schedule's shape, δ, the data and bound options, the mechanism and the σ tolerance.
#include <CLI/CLI.hpp>
#include <string>

#include "bound_options.hpp"
#include "data_options.hpp"
#include "privacy_commands.hpp"
#include "reconbound/calibration.hpp"
#include "schedule_options.hpp"

namespace reconbound::cli {

struct PlanOptions {
  ScheduleOptions schedule;
  DeltaOptions delta;
  DataOptions data;
  BoundOptions bound;
  std::string mechanism = "dpsgd";
  double sigma_tolerance = CalibrationOptions{}.sigma_tolerance;
};

void add_plan_options(CLI::App& cmd, PlanOptions& options);

// The calibration settings; InvalidInput for a tolerance outside (0, 0.1).
CalibrationOptions calibration_options(const PlanOptions& options);

}  // namespace reconbound::cli
