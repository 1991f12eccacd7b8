// `reconbound epsilon`: ε(δ) of a DP-SGD schedule with error bars (SPEC §8), table or JSON.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "privacy_commands.hpp"
#include "reconbound/calibration.hpp"
#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"
#include "schedule_options.hpp"

namespace reconbound::cli {

namespace {

struct EpsilonOptions {
  ScheduleOptions schedule;
  DeltaOptions delta;
  double epsilon_error = AccountantOptions{}.epsilon_error;
  bool json = false;
};

nlohmann::json segments_json(const Schedule& schedule) {
  nlohmann::json segments = nlohmann::json::array();
  for (std::size_t r = 0; r < schedule.runs.size(); ++r) {
    for (const auto& s : schedule.runs[r].segments) {
      segments.push_back({{"run", r + 1}, {"q", s.q}, {"sigma", s.sigma}, {"steps", s.steps}});
    }
  }
  return segments;
}

}  // namespace

void add_delta_options(CLI::App& cmd, DeltaOptions& options) {
  cmd.add_option("--delta", options.delta, "Target delta in [1e-15, 1)");
  cmd.add_option("--delta-exponent", options.exponent,
                 "delta = n_train^-exponent (with --n-train; the paper uses 1.1)");
  cmd.add_option("--n-train", options.n_train, "Training-set size for --delta-exponent");
}

double resolve_delta(const DeltaOptions& options) {
  if (options.delta.has_value()) {
    if (options.exponent.has_value() || options.n_train.has_value()) {
      throw InvalidInput("give either --delta or --delta-exponent with --n-train, not both");
    }
    if (!(*options.delta >= kMinDelta && *options.delta < 1.0)) {
      throw InvalidInput(fmt::format("--delta {} is outside [1e-15, 1)", *options.delta));
    }
    return *options.delta;
  }
  if (!options.exponent.has_value() || !options.n_train.has_value()) {
    throw InvalidInput("no delta: give --delta D, or --delta-exponent A and --n-train N");
  }
  return delta_from_exponent(*options.n_train, *options.exponent);
}

void add_epsilon_command(CLI::App& app) {
  auto options = std::make_shared<EpsilonOptions>();
  auto* cmd = app.add_subcommand(
      "epsilon", "Epsilon at a delta of a DP-SGD schedule, with error bars (PLD accountant)");
  add_schedule_options(*cmd, options->schedule);
  add_delta_options(*cmd, options->delta);
  cmd->add_option("--epsilon-error", options->epsilon_error,
                  "Target width of the epsilon error bar (nats)")
      ->capture_default_str();
  cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  cmd->callback([options] {
    const Schedule schedule = build_schedule(options->schedule);
    const double delta = resolve_delta(options->delta);
    AccountantOptions accountant;
    if (!(options->epsilon_error > 0.0)) throw InvalidInput("--epsilon-error must be > 0");
    accountant.epsilon_error = options->epsilon_error;
    const Registry registry;
    const auto mechanism = registry.make_mechanism("dpsgd");
    MechanismInput input;
    input.schedule = &schedule;
    const EpsilonResult r = require_accountant(*mechanism, "dpsgd").epsilon(input, delta, accountant);
    if (options->json) {
      const nlohmann::json out{{"epsilon", r.epsilon},
                               {"epsilon_lower", r.epsilon_lower},
                               {"epsilon_upper", r.epsilon_upper},
                               {"delta", r.delta},
                               {"relation", r.relation},
                               {"binding_direction", r.binding_direction},
                               {"grid_step", r.grid_step},
                               {"segments", segments_json(schedule)}};
      fmt::print("{}\n", out.dump(2));
      return;
    }
    fmt::print("{:>4} {:>12} {:>10} {:>12}\n", "run", "q", "sigma", "steps");
    for (std::size_t i = 0; i < schedule.runs.size(); ++i) {
      for (const auto& s : schedule.runs[i].segments) {
        fmt::print("{:>4} {:>12.6g} {:>10.6g} {:>12}\n", i + 1, s.q, s.sigma, s.steps);
      }
    }
    fmt::print("\nneighbouring relation: {} (Poisson sampling; binding direction: {})\n",
               r.relation, r.binding_direction);
    fmt::print("delta:   {:.6g}\n", r.delta);
    fmt::print("epsilon: {:.6f}  in [{:.6f}, {:.6f}]  (PLD accountant, grid {:.3g} nats)\n",
               r.epsilon, r.epsilon_lower, r.epsilon_upper, r.grid_step);
  });
}

}  // namespace reconbound::cli
