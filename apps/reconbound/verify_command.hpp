#pragma once
// `reconbound verify CLAIMS.json [--json]` (docs/verifying-a-bound.md).
#include <CLI/CLI.hpp>

namespace reconbound::cli {

void add_verify_command(CLI::App& app);

}  // namespace reconbound::cli
