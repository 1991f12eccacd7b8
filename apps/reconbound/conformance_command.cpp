// `reconbound conformance PLUGIN.so`: the conformance suite of the plugin's kind on exactly that
// file (docs/conformance.md): one line per check, then a summary line; --json prints the same
// as JSON. Exit code 0 when no check fails, 1 when one does, 2 when the file is not a plugin.
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "reconbound/conformance/suites.hpp"
#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::cli {

namespace {

std::string summary(const conformance::Tally& tally) {
  return fmt::format("{} passed, {} failed, {} skipped", tally.passed, tally.failed, tally.skipped);
}

void print_lines(const PluginRecord& plugin, const std::vector<conformance::Check>& checks) {
  for (const auto& check : checks) {
    const bool skipped = check.outcome == conformance::Outcome::skip;
    fmt::print("{}  {}  {}{}{}\n", to_string(check.outcome), check.name, skipped ? "(" : "", check.detail,
               skipped ? ")" : "");
  }
  fmt::print("{}: {} plugin '{}' {} ({})\n", summary(conformance::tally(checks)), to_string(plugin.kind), plugin.name,
             plugin.version, plugin.path.string());
}

void print_json(const PluginRecord& plugin, const std::vector<conformance::Check>& checks) {
  nlohmann::json out;
  out["plugin"] = {{"kind", to_string(plugin.kind)}, {"name", plugin.name}, {"version", plugin.version},
                   {"path", plugin.path.string()}, {"example", plugin.example}};
  out["checks"] = nlohmann::json::array();
  for (const auto& check : checks) {
    out["checks"].push_back({{"name", check.name}, {"outcome", to_string(check.outcome)}, {"detail", check.detail}});
  }
  const conformance::Tally tally = conformance::tally(checks);
  out["summary"] = {{"passed", tally.passed}, {"failed", tally.failed}, {"skipped", tally.skipped}};
  fmt::print("{}\n", out.dump(2));
}

// Loads exactly `path` (no search path) and reports its suite; returns the number of failures.
std::size_t run_conformance(const std::string& path, bool json) {
  Registry registry(std::vector<std::filesystem::path>{});
  if (!registry.load_file(path)) throw PluginError(fmt::format("{}: {}", path, registry.failures().back().reason));
  const PluginRecord& plugin = registry.plugins().front();
  const std::vector<conformance::Check> checks = conformance::run_suite(registry, plugin);
  if (json) print_json(plugin, checks);
  else print_lines(plugin, checks);
  return conformance::tally(checks).failed;
}

// A CLI11 callback returns nothing, so a failed check ends the program here with exit code 1,
// once the report is out; a report that could not be written is main's exit code 2.
[[noreturn]] void exit_failed() {
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) throw std::runtime_error("the report could not be written");
  std::exit(1);
}

}  // namespace

void add_conformance_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("conformance", "Run the conformance suite of a plugin's kind on one plugin file");
  auto path = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  cmd->add_option("plugin", *path, "The plugin file (.so) to check")->required();
  cmd->add_flag("--json", *json, "Print JSON instead of one line per check");
  cmd->callback([path, json] {
    if (run_conformance(*path, *json) > 0) exit_failed();
  });
}

}  // namespace reconbound::cli
