#pragma once
// The (ε, δ) subcommands (mathematics §8): `epsilon` (ε of what a mechanism releases), `calibrate`
// (the noise for a target ε or ρ*) and `spectrum` (ρ* against ε). Errors propagate as
// reconbound::Error (exit 2).
#include <CLI/CLI.hpp>

#include "reconbound/workflow/epsilon.hpp"

namespace reconbound::cli {

void add_epsilon_command(CLI::App& app);
void add_calibrate_command(CLI::App& app);
void add_spectrum_command(CLI::App& app);

// --delta D, or --delta-exponent A with --n-train N for δ = N^−A (mathematics §8).
void add_delta_options(CLI::App& cmd, workflow::DeltaRequest& delta);

// --epsilon-error E: the target width of ε's error bar, never below 1e-3·ε (the accountant's
// relative floor, AccountantOptions::relative_epsilon_error), as its help says.
void add_epsilon_error_option(CLI::App& cmd, double& epsilon_error);

}  // namespace reconbound::cli
