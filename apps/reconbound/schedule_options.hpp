#pragma once
// The schedule options shared by every command that charges a mechanism with a schedule:
// --q/--sigma/--steps for one constant run, and --schedule FILE (repeatable) for more runs.
#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/schedule.hpp"

namespace reconbound::cli {

struct ScheduleOptions {
  std::optional<double> q;
  std::optional<double> sigma;
  std::optional<std::uint64_t> steps;
  std::vector<std::string> files;
};

// charge: the schedule as given (--q/--sigma/--steps or files); shape: for commands that
// choose σ (calibrate, spectrum), no --sigma, and a file's σ column is the noise shape that
// calibration scales by one common factor.
enum class ScheduleUse { charge, shape };

void add_schedule_options(CLI::App& cmd, ScheduleOptions& options, ScheduleUse use = ScheduleUse::charge);

// The schedule the options describe; nullopt when none of them is given (a mechanism that
// needs a schedule then says so). Throws InvalidInput for incomplete or invalid options.
std::optional<Schedule> build_schedule(const ScheduleOptions& options);

// The shape: σ = 1 for --q/--steps, the files' σ otherwise; nullopt when none is given.
std::optional<Schedule> build_schedule_shape(const ScheduleOptions& options);

}  // namespace reconbound::cli
