// A test double: a sensitivity-1 query released once with Laplace noise of scale b, which leaks
// KL(Lap(1, b) ‖ Lap(0, b)) = 1/b + e^(−1/b) − 1 nats, falling as b grows. Its defect: it puts b
// where 1/b belongs, so its γ grows with the noise. It declares b a noise parameter
// (γ non-increasing in b), and `reconbound conformance` must fail it on gamma_non_increasing_in_b
// alone: with b fixed it keeps every other law.
#include <fmt/format.h>

#include <cmath>
#include <numbers>

#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"

namespace {

using namespace reconbound;

class WrongLaplace final : public Mechanism {
 public:
  explicit WrongLaplace(double scale) : scale_(scale) {}
  MechanismNeeds needs() const override { return {}; }
  Leakage leakage(const MechanismInput& /*input*/) const override {
    Leakage out;
    out.gamma_bits = (scale_ + std::exp(-scale_) - 1.0) / std::numbers::ln2;  // the defect: b for 1/b
    return out;
  }

 private:
  double scale_;
};

std::unique_ptr<Mechanism> make(const Params& params) {
  params.require_only({"b"}, "the wrong_laplace double");
  const double scale = params.get_double("b");
  if (!(scale > 0.0)) throw InvalidInput(fmt::format("wrong_laplace: b = {} must be > 0", scale));
  return std::make_unique<WrongLaplace>(scale);
}

const PluginInfo& info() {
  static const ParameterRange ranges[]{
      {.key = "b", .low = 0.5, .high = 8, .leakage = LeakageTrend::non_increasing}};
  static const PluginInfo plugin{
      .kind = PluginKind::mechanism,
      .name = "wrong_laplace",
      .version = "0.0.1",
      .description = "test double: Laplace noise of scale b whose gamma grows with b",
      .parameters = "b=<scale > 0>",
      .example = "b=1",
      .make_mechanism = &make,
      .parameter_ranges = ranges,
      .parameter_range_count = std::size(ranges),
  };
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
