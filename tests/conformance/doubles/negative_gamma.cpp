// A test double: a mechanism that reports γ = −0.5 bits, which no mutual information can be.
// `reconbound conformance` must fail it on gamma_finite_non_negative.
#include "reconbound/plugin.hpp"

namespace {

class NegativeGamma final : public reconbound::Mechanism {
 public:
  reconbound::MechanismNeeds needs() const override { return {}; }
  reconbound::Leakage leakage(const reconbound::MechanismInput& /*input*/) const override {
    reconbound::Leakage out;
    out.gamma_bits = -0.5;
    return out;
  }
};

std::unique_ptr<reconbound::Mechanism> make(const reconbound::Params& /*params*/) {
  return std::make_unique<NegativeGamma>();
}

const reconbound::PluginInfo& info() {
  static const reconbound::PluginInfo plugin{
      .kind = reconbound::PluginKind::mechanism,
      .name = "negative_gamma",
      .version = "0.0.1",
      .description = "test double: gamma = -0.5 bits",
      .make_mechanism = &make,
  };
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
