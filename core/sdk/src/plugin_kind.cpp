// The names of the plugin kinds (reconbound/plugin.hpp), as registries, reports and errors print them.
#include <string_view>

#include "reconbound/plugin.hpp"

namespace reconbound {

std::string_view to_string(PluginKind kind) {
  switch (kind) {
    case PluginKind::mechanism: return "mechanism";
    case PluginKind::representation: return "representation";
    case PluginKind::estimator: return "estimator";
    case PluginKind::converse: return "converse";
  }
  return "unknown";
}

}  // namespace reconbound
