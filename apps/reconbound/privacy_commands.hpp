#pragma once
// The (ε, δ) subcommands (SPEC §8): `epsilon` (ε of a schedule), `calibrate` (σ for a
// target ε or ρ*) and `spectrum` (ρ* against ε). Errors propagate as reconbound::Error (exit 2).
#include <CLI/CLI.hpp>
#include <optional>

namespace reconbound::cli {

void add_epsilon_command(CLI::App& app);
void add_calibrate_command(CLI::App& app);
void add_spectrum_command(CLI::App& app);

// --delta D, or --delta-exponent A with --n-train N for δ = N^−A (SPEC §8).
struct DeltaOptions {
  std::optional<double> delta;
  std::optional<double> exponent;
  std::optional<double> n_train;
};

void add_delta_options(CLI::App& cmd, DeltaOptions& options);
// Throws InvalidInput when the options do not give exactly one δ.
double resolve_delta(const DeltaOptions& options);

}  // namespace reconbound::cli
