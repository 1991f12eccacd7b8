// `reconbound epsilon`: ε(δ) with error bars of what a mechanism releases, by its own
// accountant (mathematics §8; workflow::run_epsilon), as a table or JSON.
#include <fmt/format.h>

#include "mechanism_options.hpp"
#include "privacy_commands.hpp"
#include "progress_bar.hpp"
#include "reconbound/presets/paper_settings.hpp"
#include "reconbound/workflow/json.hpp"
#include "schedule_options.hpp"
#include "setting_option.hpp"

namespace reconbound::cli {

namespace {

struct EpsilonOptions {
  ScheduleOptions schedule;
  MechanismOptions mechanism;
  workflow::DeltaRequest delta;
  double epsilon_error = workflow::default_number("epsilon_error");
  bool json = false;
};

void print_table(const workflow::EpsilonOutput& output) {
  const EpsilonResult& r = output.epsilon;
  const Schedule& schedule = output.schedule;
  if (!schedule.empty()) fmt::print("{:>4} {:>12} {:>10} {:>12}\n", "run", "q", "sigma", "steps");
  for (std::size_t i = 0; i < schedule.runs.size(); ++i) {
    for (const auto& s : schedule.runs[i].segments) {
      fmt::print("{:>4} {:>12.6g} {:>10.6g} {:>12}\n", i + 1, s.q, s.sigma, s.steps);
    }
  }
  fmt::print("\nmechanism: {} ({})\n", output.mechanism, output.method);
  fmt::print("neighbouring relation: {} (binding direction: {})\n", r.relation, r.binding_direction);
  fmt::print("delta:   {:.6g}\n", r.delta);
  // An accountant without a privacy-loss grid (a closed form) reports grid_step = 0.
  const std::string grid = r.grid_step > 0.0 ? fmt::format("  (grid {:.3g} nats)", r.grid_step) : "";
  fmt::print("epsilon: {:.6f}  in [{:.6f}, {:.6f}]{}\n", r.epsilon, r.epsilon_lower, r.epsilon_upper, grid);
}

}  // namespace

void add_delta_options(CLI::App& cmd, workflow::DeltaRequest& delta) {
  add_setting_option(cmd, presets::front_end_setting("delta"), delta.delta);
  add_setting_option(cmd, presets::front_end_setting("delta_exponent"), delta.exponent);
  add_setting_option(cmd, presets::front_end_setting("n_train"), delta.n_train);
}

void add_epsilon_error_option(CLI::App& cmd, double& epsilon_error) {
  add_setting_option(cmd, presets::front_end_setting("epsilon_error"), epsilon_error);
}

void add_epsilon_command(CLI::App& app) {
  auto options = std::make_shared<EpsilonOptions>();
  auto* cmd = app.add_subcommand(
      "epsilon", "Epsilon at a delta, with error bars, by the mechanism's accountant (PLD for DP-SGD)");
  add_schedule_options(*cmd, options->schedule);
  add_mechanism_options(*cmd, options->mechanism, "Mechanism plugin with an (epsilon, delta) accountant");
  add_delta_options(*cmd, options->delta);
  add_epsilon_error_option(*cmd, options->epsilon_error);
  cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  cmd->callback([options] {
    workflow::EpsilonRequest request;
    request.mechanism = mechanism_request(options->mechanism, build_schedule(options->schedule));
    request.delta = options->delta;
    request.accountant.epsilon_error = options->epsilon_error;
    ProgressBar interrupts(false);  // no bar for a second's work; SIGINT stops the accountant at its next step
    request.accountant.progress = &interrupts;
    const Registry registry;
    const workflow::EpsilonOutput output = workflow::run_epsilon(registry, request);
    if (options->json) fmt::print("{}\n", workflow::to_json(output).dump(2));
    else print_table(output);
  });
}

}  // namespace reconbound::cli
