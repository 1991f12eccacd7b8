// A mechanism plugin whose factory calls a function that no library defines. With immediate
// binding the registry refuses it at load time, naming the function.
#include "reconbound/plugin.hpp"

extern "C" [[gnu::visibility("default")]] void reconbound_double_undefined_function();

namespace {

std::unique_ptr<reconbound::Mechanism> make(const reconbound::Params&) {
  reconbound_double_undefined_function();
  return nullptr;
}

const reconbound::PluginInfo& info() {
  static const reconbound::PluginInfo plugin{.kind = reconbound::PluginKind::mechanism,
                                             .name = "unresolved",
                                             .make_mechanism = &make};
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
