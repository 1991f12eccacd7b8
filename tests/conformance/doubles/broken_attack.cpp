// A test double: a mechanism whose attack is the prior mean ẑ = mean of the shadow records, which
// no leakage can make worse than ρ = 1 and so never beats ρ*, with one fault chosen by its
// parameter `fault` (its example): "none" keeps every law; "nan" returns a NaN error, "count"
// one error too few, "beats" every error divided by 1,000 — an attack better than the converse
// allows. `reconbound conformance` must fail each fault on exactly its check (mathematics §9).
#include <cmath>
#include <limits>
#include <string>

#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"

namespace {

using namespace reconbound;

class BrokenAttack final : public Mechanism, public ReconstructionAttack {
 public:
  explicit BrokenAttack(std::string fault) : fault_(std::move(fault)) {}
  MechanismNeeds needs() const override { return {}; }
  Leakage leakage(const MechanismInput& /*input*/) const override { return {}; }
  const ReconstructionAttack* attack() const override { return this; }

  AttackResult reconstruct(const AttackInput& input) const override {
    const Eigen::RowVectorXd mean = input.shadow->colwise().mean();
    AttackResult out;
    for (Eigen::Index i = 0; i < input.targets->rows(); ++i) {
      out.squared_errors.push_back((input.targets->row(i) - mean).squaredNorm());
    }
    if (fault_ == "nan") out.squared_errors[1] = std::numeric_limits<double>::quiet_NaN();
    if (fault_ == "count") out.squared_errors.pop_back();
    if (fault_ == "beats") {
      for (double& e : out.squared_errors) e /= 1000.0;
    }
    return out;
  }

 private:
  std::string fault_;
};

std::unique_ptr<Mechanism> make(const Params& params) {
  params.require_only({"fault"}, "the broken-attack double");
  const std::string fault = params.get_string("fault", "none");
  if (fault != "none" && fault != "nan" && fault != "count" && fault != "beats") {
    throw InvalidInput("broken-attack: fault must be none, nan, count or beats");
  }
  return std::make_unique<BrokenAttack>(fault);
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .kind = PluginKind::mechanism,
      .name = RECONBOUND_DOUBLE_NAME,
      .version = "0.0.1",
      .description = "test double: the prior-mean attack with one fault",
      .parameters = "fault=none|nan|count|beats",
      .example = RECONBOUND_DOUBLE_EXAMPLE,
      .make_mechanism = &make,
  };
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
