#pragma once
// The command line that reproduces a run, for the report page.
#include <CLI/CLI.hpp>
#include <string>

namespace reconbound::cli {

// "reconbound COMMAND --option value …": every option given to `command`, with the values as given
// (quoted for a POSIX shell where needed), flags by their name alone.
std::string command_line(const CLI::App& command);

}  // namespace reconbound::cli
