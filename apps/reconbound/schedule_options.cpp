#include "schedule_options.hpp"

#include "reconbound/error.hpp"

namespace reconbound::cli {

void add_schedule_options(CLI::App& cmd, ScheduleOptions& options, ScheduleUse use) {
  cmd.add_option("--q", options.q, "Poisson sampling rate q in (0, 1] of a constant run");
  if (use == ScheduleUse::charge) {
    cmd.add_option("--sigma", options.sigma, "Noise multiplier sigma > 0 of a constant run");
  }
  cmd.add_option("--steps", options.steps, "Number of steps T >= 1 of a constant run");
  cmd.add_option("--schedule", options.files,
                 use == ScheduleUse::charge
                     ? "CSV file of rows 'q,sigma,steps' ('#' comments); repeat for several runs, "
                       "whose leakages add"
                     : "CSV file of rows 'q,sigma,steps' (repeatable, runs add); its sigma column "
                       "is the noise shape, scaled by one calibrated factor");
}

std::optional<Schedule> build_schedule(const ScheduleOptions& options) {
  Schedule schedule;
  const int given = options.q.has_value() + options.sigma.has_value() + options.steps.has_value();
  if (given == 0 && options.files.empty()) return std::nullopt;
  if (given != 0 && given != 3) {
    throw InvalidInput("--q, --sigma and --steps go together: give all three or none");
  }
  if (given == 3) {
    check_segment(*options.q, *options.sigma, static_cast<double>(*options.steps));
    schedule.runs.push_back(TrainingRun{{Segment{*options.q, *options.sigma, *options.steps}}});
  }
  for (const auto& file : options.files) schedule.runs.push_back(read_schedule_file(file));
  return schedule;
}

std::optional<Schedule> build_schedule_shape(const ScheduleOptions& options) {
  if (options.q.has_value() != options.steps.has_value()) {
    throw InvalidInput("--q and --steps go together: give both, or --schedule FILE");
  }
  ScheduleOptions shape = options;
  if (options.q.has_value()) shape.sigma = 1.0;
  return build_schedule(shape);
}

}  // namespace reconbound::cli
