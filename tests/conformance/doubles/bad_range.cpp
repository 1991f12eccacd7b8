// A test double: a mechanism that declares a parameter range with low > high, which no sweep
// can cover. The registry must refuse to load it, with the reason.
#include "reconbound/plugin.hpp"

namespace {

using namespace reconbound;

class NoLeakage final : public Mechanism {
 public:
  MechanismNeeds needs() const override { return {}; }
  Leakage leakage(const MechanismInput& /*input*/) const override { return {}; }
};

std::unique_ptr<Mechanism> make(const Params& /*params*/) { return std::make_unique<NoLeakage>(); }

const PluginInfo& info() {
  static const ParameterRange ranges[]{{.key = "b", .low = 2, .high = 1}};
  static const PluginInfo plugin{
      .kind = PluginKind::mechanism,
      .name = "bad_range",
      .version = "0.0.1",
      .description = "test double: a parameter range [2, 1]",
      .make_mechanism = &make,
      .parameter_ranges = ranges,
      .parameter_range_count = std::size(ranges),
  };
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
