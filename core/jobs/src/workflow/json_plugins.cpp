// The JSON of the plugins a registry found.
#include "reconbound/registry.hpp"
#include "reconbound/workflow/json.hpp"

namespace reconbound::workflow {

nlohmann::json to_json(const Registry& registry) {
  nlohmann::json out{{"plugins", nlohmann::json::array()}, {"failures", nlohmann::json::array()}};
  for (const auto& p : registry.plugins()) {
    out["plugins"].push_back({{"kind", to_string(p.kind)}, {"name", p.name},
                              {"version", p.version}, {"description", p.description},
                              {"parameters", p.parameters}, {"path", p.path.string()}});
  }
  for (const auto& f : registry.failures()) {
    out["failures"].push_back({{"path", f.path.string()}, {"reason", f.reason}});
  }
  return out;
}

}  // namespace reconbound::workflow
