// The references of mechanism, estimator and converse plugins, by plugin name (plugin_references.hpp).
#include "plugin_references.hpp"

namespace reconbound::conformance::detail {

const PluginReferences& builtin_plugin_references() {
  static const PluginReferences references = [] {
    PluginReferences filled;
    register_mechanism_references(filled);
    register_estimator_references(filled);
    register_converse_references(filled);
    return filled;
  }();
  return references;
}

}  // namespace reconbound::conformance::detail
