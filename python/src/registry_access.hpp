#pragma once
// The module's plugin registry.
#include "reconbound/registry.hpp"

namespace reconbound::python {

// Loaded at the first call that needs a plugin, from Registry::default_search_path() as the
// CLI does: the folder beside the core library, then RECONBOUND_PLUGIN_PATH as it is then.
// Kept for the life of the interpreter (objects made by plugins keep their libraries loaded).
const Registry& registry();

}  // namespace reconbound::python
