#pragma once
// The subcommands of the reconbound CLI. Each add_* registers its options on `app` and
// sets the callback that runs it; errors propagate as reconbound::Error.
#include <CLI/CLI.hpp>

namespace reconbound::cli {

void add_plugins_command(CLI::App& app);
void add_leakage_command(CLI::App& app);
void add_bound_command(CLI::App& app);
void add_chain_command(CLI::App& app);
void add_report_command(CLI::App& app);
void add_conformance_command(CLI::App& app);

}  // namespace reconbound::cli
