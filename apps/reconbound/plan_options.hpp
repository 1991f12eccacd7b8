#pragma once
// Options shared by the commands that choose the noise for a target (`calibrate`,
// `spectrum`, `report`): the schedule's shape, δ, the data and bound options, the mechanism, the σ
// tolerance and the width of ε's error bar.
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
  double epsilon_error = workflow::default_number("epsilon_error");
};

void add_plan_options(CLI::App& cmd, PlanOptions& options);

// The calibration settings (the workflow checks the tolerance and the error bar's width).
CalibrationOptions calibration_options(const PlanOptions& options);

// The mechanism with the schedule's shape (σ = 1 for --q/--steps, a file's σ column).
workflow::MechanismRequest shape_mechanism(const PlanOptions& options);

}  // namespace reconbound::cli
