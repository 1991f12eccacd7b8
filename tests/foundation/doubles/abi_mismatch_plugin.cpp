// A plugin built against a future ABI: the registry must refuse it by version alone.
#include "reconbound/plugin.hpp"

namespace {

const reconbound::PluginInfo& info() {
  static const reconbound::PluginInfo plugin{.abi_version = reconbound::kPluginAbiVersion + 41,
                                             .kind = reconbound::PluginKind::mechanism,
                                             .name = "future"};
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
