#include "registry_access.hpp"

namespace reconbound::python {

const Registry& registry() {
  static const Registry* const loaded = new Registry();  // never unloaded: plugins stay mapped until exit
  return *loaded;
}

}  // namespace reconbound::python
