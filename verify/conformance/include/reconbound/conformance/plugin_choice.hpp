#pragma once
// The plugin a caller names for the kit (`reconbound conformance PLUGIN`, reconbound.conformance):
// a plugin file, loaded alone, or a spec NAME[:ARG] of a plugin on a search path; and the report
// of its checks as JSON (docs/conformance.md, "Output").
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reconbound/conformance/check.hpp"
#include "reconbound/params.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::conformance {

struct ChosenPlugin {
  std::unique_ptr<Registry> owned;  // the registry holding exactly the file, when a file is named
  const Registry* registry = nullptr;
  const PluginRecord* plugin = nullptr;
  std::optional<Params> spec_params;  // a spec's argument ({arg = ARG}); none without one
};

// Whether `plugin` names a file (it exists, holds a '/' or ends in ".so") rather than a spec.
bool names_a_file(const std::string& plugin);

// The plugin `plugin` names. A file is loaded alone (no search path; PluginError with the loader's
// reason when it is not a plugin); a spec's plugin is looked up in `search_path()` (called only
// then), of any kind, representations first (PluginError when there is none of that name).
ChosenPlugin choose_plugin(const std::string& plugin, const std::function<const Registry&()>& search_path);

// {"plugin": {kind, name, version, path, example}, "checks": [{name, outcome, detail}, ...],
//  "summary": {passed, failed, skipped}}: what `reconbound conformance --json` prints.
nlohmann::json report_json(const PluginRecord& plugin, const std::vector<Check>& checks);

}  // namespace reconbound::conformance
