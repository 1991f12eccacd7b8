// A test double with every optional part of the mechanism interface: one bit released by
// randomized response, keeping it with probability p = e^ε/(1 + e^ε), ε = ε₀/c for the noise
// scale c. γ = 1 − H_b(p) bits (the capacity of that binary symmetric channel) and the release
// is ε-DP for every δ. Built three times (CMakeLists.txt): as randomized_response, which keeps
// every law; as increasing_epsilon, whose example sets grow_with_delta=true so that its ε rises
// with δ and `reconbound conformance` fails it on epsilon_non_increasing_in_delta alone; and as
// inverted_bracket, whose example sets invert_bracket=true so that its accountant reports
// ε_lower = ε + 1 > ε_upper = ε − 1, which the jobs refuse naming the mechanism.
#include <cmath>

#include <fmt/format.h>

#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"

namespace {

using namespace reconbound;

double binary_entropy_bits(double p) { return -p * std::log2(p) - (1.0 - p) * std::log2(1.0 - p); }

double epsilon_of(double epsilon0, const MechanismInput& input) {
  if (!(input.noise_scale > 0.0 && std::isfinite(input.noise_scale))) {
    throw InvalidInput(fmt::format("noise_scale must be a finite number > 0; got {}", input.noise_scale));
  }
  return epsilon0 / input.noise_scale;
}

class RandomizedResponseAccountant final : public PrivacyAccountant {
 public:
  RandomizedResponseAccountant(double epsilon0, bool grow_with_delta, bool invert_bracket)
      : epsilon0_(epsilon0), grow_with_delta_(grow_with_delta), invert_bracket_(invert_bracket) {}
  std::string method() const override { return "randomized response, pure epsilon"; }
  EpsilonResult epsilon(const MechanismInput& input, double delta, const AccountantOptions& /*options*/) const override {
    if (!(delta > 0.0 && delta < 1.0)) throw InvalidInput("delta must lie in (0, 1)");
    const double epsilon = epsilon_of(epsilon0_, input) + (grow_with_delta_ ? 1000.0 * delta : 0.0);
    EpsilonResult out;
    out.epsilon = out.epsilon_lower = out.epsilon_upper = epsilon;
    if (invert_bracket_) {
      out.epsilon_lower = epsilon + 1.0;
      out.epsilon_upper = epsilon - 1.0;
    }
    out.delta = delta;
    out.relation = "replace the bit";
    return out;
  }

 private:
  double epsilon0_;
  bool grow_with_delta_;
  bool invert_bracket_;
};

class RandomizedResponse final : public Mechanism {
 public:
  RandomizedResponse(double epsilon0, bool grow_with_delta, bool invert_bracket)
      : epsilon0_(epsilon0), accountant_(epsilon0, grow_with_delta, invert_bracket) {}
  MechanismNeeds needs() const override { return {.schedule = false, .data = false, .noise_scale = true}; }
  Leakage leakage(const MechanismInput& input) const override {
    const double keep = 1.0 / (1.0 + std::exp(-epsilon_of(epsilon0_, input)));  // e^ε/(1 + e^ε)
    Leakage out;
    out.gamma_bits = 1.0 - binary_entropy_bits(keep);  // capacity of the BSC
    return out;
  }
  const PrivacyAccountant* accountant() const override { return &accountant_; }

 private:
  double epsilon0_;
  RandomizedResponseAccountant accountant_;
};

std::unique_ptr<Mechanism> make(const Params& params) {
  params.require_only({"epsilon", "grow_with_delta", "invert_bracket"}, "the randomized response double");
  const double epsilon0 = params.get_double("epsilon");
  if (!(epsilon0 > 0.0 && epsilon0 < 30.0)) throw InvalidInput("epsilon must lie in (0, 30)");
  return std::make_unique<RandomizedResponse>(epsilon0, params.get_bool("grow_with_delta", false),
                                              params.get_bool("invert_bracket", false));
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .kind = PluginKind::mechanism,
      .name = RECONBOUND_DOUBLE_NAME,
      .version = "0.0.1",
      .description = "test double: one bit by randomized response",
      .parameters = "epsilon=<nats>, grow_with_delta=<bool>, invert_bracket=<bool>",
      .example = RECONBOUND_DOUBLE_EXAMPLE,
      .make_mechanism = &make,
  };
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
