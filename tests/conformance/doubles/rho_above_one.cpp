// A test double: a converse with ρ* = 1.5·2^−γ at every grid pair, which exceeds 1 for
// γ < log2 1.5. It keeps every other law (monotone, an exact inverse, bad inputs refused), so
// `reconbound conformance` must fail it on rho_star_in_unit_interval alone.
#include <cmath>

#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"

namespace {

using namespace reconbound;

void check(const ConverseInput& input) {
  if (input.entropies == nullptr || input.entropies->empty()) throw InvalidInput("no entropies");
  if (!(input.gamma_bits >= 0.0)) throw InvalidInput("gamma must be >= 0");
  if (!(input.trace_sigma > 0.0)) throw InvalidInput("tr Sigma must be > 0");
}

class RhoAboveOne final : public Converse {
 public:
  ConverseResult bound(const ConverseInput& input) const override {
    check(input);
    const double rho = 1.5 * std::exp2(-input.gamma_bits);
    ConverseResult out{.rho_star = rho, .arg_max = input.entropies->front().pair, .abs_bound = 0.0, .rho_point = rho,
                       .pairs = {}};
    for (const GridEntropy& e : *input.entropies) out.pairs.push_back({e.pair, e.s, 0.0, rho, rho});
    return out;
  }
  LeakageBudget largest_gamma(const ConverseInput& input, double target_rho) const override {
    ConverseInput at_zero = input;
    at_zero.gamma_bits = 0.0;
    check(at_zero);
    double gamma = std::log2(1.5 / target_rho);  // 1.5·2^−γ = target, then rounded down
    while (1.5 * std::exp2(-gamma) < target_rho) gamma = std::nextafter(gamma, -HUGE_VAL);
    return {gamma, input.entropies->front().pair};
  }
};

std::unique_ptr<Converse> make(const Params& /*params*/) { return std::make_unique<RhoAboveOne>(); }

const PluginInfo& info() {
  static const PluginInfo plugin{
      .kind = PluginKind::converse,
      .name = "rho_above_one",
      .version = "0.0.1",
      .description = "test double: rho* = 1.5 * 2^-gamma",
      .make_converse = &make,
  };
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
