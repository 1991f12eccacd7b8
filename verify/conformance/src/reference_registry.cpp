// The references of representation plugins, by plugin name.
#include <fmt/format.h>

#include "reconbound/conformance/representation_references.hpp"
#include "reconbound/error.hpp"

namespace reconbound::conformance {

void ReferenceRegistry::add(const std::string& plugin_name, ReferenceFactory factory) {
  if (plugin_name.empty()) throw InvalidInput("a conformance reference needs the name of its plugin");
  if (!factories_.emplace(plugin_name, std::move(factory)).second) {
    throw InvalidInput(fmt::format("the plugin '{}' already has a conformance reference", plugin_name));
  }
}

ReferenceForShape ReferenceRegistry::find(std::string_view plugin_name, const Params& params) const {
  const auto found = factories_.find(plugin_name);
  if (found == factories_.end()) return {};
  return [factory = found->second, params](const ImageShape& shape) { return factory(params, shape); };
}

const ReferenceRegistry& builtin_references() {
  static const ReferenceRegistry registry = [] {
    ReferenceRegistry filled;
    register_verify_references(filled);
    return filled;
  }();
  return registry;
}

}  // namespace reconbound::conformance
