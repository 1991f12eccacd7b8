#include "reconbound/conformance/plugin_choice.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "reconbound/bound.hpp"
#include "reconbound/error.hpp"

namespace reconbound::conformance {

bool names_a_file(const std::string& plugin) {
  return std::filesystem::exists(plugin) || plugin.find('/') != std::string::npos || plugin.ends_with(".so");
}

ChosenPlugin choose_plugin(const std::string& plugin, const std::function<const Registry&()>& search_path) {
  ChosenPlugin choice;
  if (names_a_file(plugin)) {
    choice.owned = std::make_unique<Registry>(std::vector<std::filesystem::path>{});
    if (!choice.owned->load_file(plugin)) {
      throw PluginError(fmt::format("{}: {}", plugin, choice.owned->failures().back().reason));
    }
    choice.registry = choice.owned.get();
    choice.plugin = &choice.registry->plugins().front();
    return choice;
  }
  choice.registry = &search_path();
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

nlohmann::json report_json(const PluginRecord& plugin, const std::vector<Check>& checks) {
  nlohmann::json out;
  out["plugin"] = {{"kind", to_string(plugin.kind)}, {"name", plugin.name}, {"version", plugin.version},
                   {"path", plugin.path.string()}, {"example", plugin.example}};
  out["checks"] = nlohmann::json::array();
  for (const auto& check : checks) {
    out["checks"].push_back({{"name", check.name}, {"outcome", to_string(check.outcome)}, {"detail", check.detail}});
  }
  const Tally counts = tally(checks);
  out["summary"] = {{"passed", counts.passed}, {"failed", counts.failed}, {"skipped", counts.skipped}};
  return out;
}

}  // namespace reconbound::conformance
