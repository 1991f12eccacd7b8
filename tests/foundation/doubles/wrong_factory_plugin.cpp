// Declares itself a converse but provides only a mechanism factory.
#include "reconbound/plugin.hpp"

namespace {

std::unique_ptr<reconbound::Mechanism> make(const reconbound::Params&) { return nullptr; }

const reconbound::PluginInfo& info() {
  static const reconbound::PluginInfo plugin{.kind = reconbound::PluginKind::converse,
                                             .name = "confused",
                                             .make_mechanism = &make};
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
