// A plugin with the right ABI version compiled against other interface headers: its
// fingerprint differs from this reconbound's, so the registry must refuse it.
#include "reconbound/plugin.hpp"

namespace {

std::unique_ptr<reconbound::Mechanism> make(const reconbound::Params&) { return nullptr; }

const reconbound::PluginInfo& info() {
  static const reconbound::PluginInfo plugin{
      .abi_fingerprint = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
      .kind = reconbound::PluginKind::mechanism,
      .name = "stale",
      .make_mechanism = &make};
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
