// `reconbound conformance PLUGIN.so` (or a plugin spec NAME[:ARG] on the search path): the
// conformance suite of the plugin's kind on exactly that plugin (docs/conformance.md): one line
// per check, then a summary line; --json prints the same as JSON. Exit code 0 when no check
// fails, 1 when one does, 2 when the file is not a plugin or an option is wrong.
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>

#include "commands.hpp"
#include "conformance_options.hpp"
#include "reconbound/conformance/plugin_choice.hpp"
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
  fmt::print("{}\n", conformance::report_json(plugin, checks).dump(2));
}

// Reports the suite of the plugin `o.plugin` names; returns the number of failures.
std::size_t run_conformance(const ConformanceOptions& o) {
  std::unique_ptr<Registry> search_path;
  const auto found_on_search_path = [&]() -> const Registry& {
    if (!search_path) search_path = std::make_unique<Registry>();
    return *search_path;
  };
  const conformance::ChosenPlugin choice = conformance::choose_plugin(o.plugin, found_on_search_path);
  // A reference plugin is found on the search path, also when the checked plugin is a file.
  const Registry& references = o.reference ? found_on_search_path() : *choice.registry;
  const conformance::SuiteOptions suite = suite_options(
      o, choice.plugin->kind, choice.spec_params ? &*choice.spec_params : nullptr, references);
  const std::vector<conformance::Check> checks = conformance::run_suite(*choice.registry, *choice.plugin, suite);
  if (o.json) print_json(*choice.plugin, checks);
  else print_lines(*choice.plugin, checks);
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
  auto* cmd = app.add_subcommand("conformance", "Run the conformance suite of a plugin's kind on one plugin");
  auto options = std::make_shared<ConformanceOptions>();
  add_conformance_options(*cmd, *options);
  cmd->callback([options] {
    if (run_conformance(*options) > 0) exit_failed();
  });
}

}  // namespace reconbound::cli
