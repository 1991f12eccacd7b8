// `reconbound conformance PLUGIN.so` (or a plugin spec NAME[:ARG] on the search path): the
// conformance suite of the plugin's kind on exactly that plugin (docs/conformance.md): one line
// per check, then a summary line; --json prints the same as JSON. Exit code 0 when no check
// fails, 1 when one does, 2 when the file is not a plugin or an option is wrong.
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "conformance_options.hpp"
#include "reconbound/bound.hpp"
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

// The plugin `o.plugin` names: exactly that file (no search path), or the plugin of that name on
// the search path with the spec's argument as its parameter.
struct PluginChoice {
  std::unique_ptr<Registry> registry;
  const PluginRecord* plugin = nullptr;
  std::optional<Params> spec_params;
};

PluginChoice choose_plugin(const std::string& plugin) {
  PluginChoice choice;
  if (names_a_file(plugin)) {
    choice.registry = std::make_unique<Registry>(std::vector<std::filesystem::path>{});
    if (!choice.registry->load_file(plugin)) {
      throw PluginError(fmt::format("{}: {}", plugin, choice.registry->failures().back().reason));
    }
    choice.plugin = &choice.registry->plugins().front();
    return choice;
  }
  choice.registry = std::make_unique<Registry>();
  const auto [name, params] = parse_plugin_spec(plugin);
  for (const PluginKind kind : {PluginKind::representation, PluginKind::mechanism, PluginKind::estimator,
                                PluginKind::converse}) {
    if ((choice.plugin = choice.registry->find(kind, name)) != nullptr) break;
  }
  if (choice.plugin == nullptr) {
    throw PluginError(fmt::format("'{}' is neither a plugin file nor the name of a plugin on the search path "
                                  "(`reconbound plugins` lists them)", name));
  }
  if (!params.values().empty()) choice.spec_params = params;
  return choice;
}

// Reports the suite of the plugin `o.plugin` names; returns the number of failures.
std::size_t run_conformance(const ConformanceOptions& o) {
  const PluginChoice choice = choose_plugin(o.plugin);
  // A reference plugin is found on the search path, also when the checked plugin is a file.
  std::unique_ptr<Registry> search_path;
  if (o.reference && names_a_file(o.plugin)) search_path = std::make_unique<Registry>();
  const conformance::SuiteOptions suite =
      suite_options(o, choice.plugin->kind, choice.spec_params ? &*choice.spec_params : nullptr,
                    search_path ? *search_path : *choice.registry);
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
