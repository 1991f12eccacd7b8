// `reconbound calibrate --target-epsilon`: the noise multiplier σ whose ε upper error bar
// meets a target (SPEC §8), with ε at σ and the leakage γ (bits) of the dpsgd plugin.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "privacy_commands.hpp"
#include "reconbound/calibration.hpp"
#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::cli {

namespace {

struct CalibrateOptions {
  double target_epsilon = 0.0;
  std::optional<double> q;
  std::optional<std::uint64_t> steps;
  DeltaOptions delta;
  double sigma_tolerance = CalibrationOptions{}.sigma_tolerance;
  bool json = false;
};

}  // namespace

void add_calibrate_command(CLI::App& app) {
  auto options = std::make_shared<CalibrateOptions>();
  auto* cmd = app.add_subcommand(
      "calibrate", "Noise multiplier sigma for a target epsilon (never overshoots the target)");
  cmd->add_option("--target-epsilon", options->target_epsilon, "Target epsilon (nats)")->required();
  cmd->add_option("--q", options->q, "Poisson sampling rate q in (0, 1]")->required();
  cmd->add_option("--steps", options->steps, "Number of steps T >= 1")->required();
  add_delta_options(*cmd, options->delta);
  cmd->add_option("--sigma-tolerance", options->sigma_tolerance,
                  "Relative tolerance on sigma (the result is at most this far above the exact one)")
      ->capture_default_str();
  cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  cmd->callback([options] {
    const double q = *options->q;
    if (!(q > 0.0 && q <= 1.0)) throw InvalidInput(fmt::format("--q {} is outside (0, 1]", q));
    if (*options->steps < 1) throw InvalidInput("--steps must be >= 1");
    const double delta = resolve_delta(options->delta);
    CalibrationOptions calibration;
    calibration.sigma_tolerance = options->sigma_tolerance;
    const EpsilonCalibration c =
        calibrate_sigma_for_epsilon(q, *options->steps, options->target_epsilon, delta, calibration);
    const Schedule schedule = Schedule::constant(q, c.sigma, *options->steps);
    const Registry registry;
    MechanismInput input;
    input.schedule = &schedule;
    const Leakage leakage = registry.make_mechanism("dpsgd")->leakage(input);
    if (options->json) {
      const nlohmann::json out{{"target_epsilon", options->target_epsilon},
                               {"sigma", c.sigma},
                               {"sigma_tolerance", calibration.sigma_tolerance},
                               {"epsilon", c.epsilon.epsilon},
                               {"epsilon_lower", c.epsilon.epsilon_lower},
                               {"epsilon_upper", c.epsilon.epsilon_upper},
                               {"delta", delta},
                               {"relation", c.epsilon.relation},
                               {"q", q},
                               {"steps", *options->steps},
                               {"gamma_bits", leakage.gamma_bits}};
      fmt::print("{}\n", out.dump(2));
      return;
    }
    fmt::print("target epsilon: {:.6g} at delta {:.6g} ({} relation)\n", options->target_epsilon,
               delta, c.epsilon.relation);
    fmt::print("sigma:          {:.6f}  (relative tolerance {:.1g}, never below the target's)\n",
               c.sigma, calibration.sigma_tolerance);
    fmt::print("epsilon:        {:.6f}  in [{:.6f}, {:.6f}]\n", c.epsilon.epsilon,
               c.epsilon.epsilon_lower, c.epsilon.epsilon_upper);
    fmt::print("gamma:          {:.6g} bits  (dpsgd, T * K(q, sigma) / ln 2)\n", leakage.gamma_bits);
  });
}

}  // namespace reconbound::cli
