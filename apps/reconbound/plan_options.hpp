#pragma once
// Options shared by the commands that choose the noise for a target (`calibrate`,
// `spectrum`): the schedule's shape, δ, the data and bound options, the mechanism and the σ
// tolerance.
#include <CLI/CLI.hpp>
#include <string>

#include "bound_options.hpp"
#include "data_options.hpp"
#include "mechanism_options.hpp"
#include "privacy_commands.hpp"
#include "reconbound/calibration.hpp"
#include "reconbound/workflow/setting_table.hpp"
#include "schedule_options.hpp"

namespace reconbound::cli {

struct PlanOptions {
  ScheduleOptions schedule;
  workflow::DeltaRequest delta;
  DataOptions data;
  BoundOptions bound;
  MechanismOptions mechanism;
  double sigma_tolerance = workflow::default_number("sigma_tolerance");
};

void add_plan_options(CLI::App& cmd, PlanOptions& options);

// The calibration settings (the workflow checks the tolerance).
CalibrationOptions calibration_options(const PlanOptions& options);

// The mechanism with the schedule's shape (σ = 1 for --q/--steps, a file's σ column).
workflow::MechanismRequest shape_mechanism(const PlanOptions& options);

}  // namespace reconbound::cli
