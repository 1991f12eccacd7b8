// A mechanism double for the chain tests: its attack is the prior mean, ẑ = Ψ̄ (the mean of
// the shadow records, every weight w_j = 1/n_shadow), whatever the release, so each target's
// squared error ‖Ψ(x) − Ψ̄‖² and the chain's ρ = sqrt(mean error / tr Σ̂) (eq 3) are closed forms
// the tests recompute. It reaches γ ≤ reach bits (parameter, default 10) and notes the others.
// Its details report what the chain passed: the γ, the sizes of the samples and the normaliser.
// Two parameters break it on purpose, for the chain's checks (mathematics §9): error_factor=F
// multiplies every squared error (F = 1e-3 makes an attack that beats ρ*, which no attack can),
// gamma=G makes leakage() return G bits for its parameters (G < 0: a leakage no mechanism has).
#include <fmt/format.h>

#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"

namespace {

using namespace reconbound;

struct Settings {
  double reach = 10.0;
  double error_factor = 1.0;
  double gamma_bits = 0.0;
};

class PriorMeanDouble final : public Mechanism, public ReconstructionAttack {
 public:
  explicit PriorMeanDouble(Settings s) : reach_(s.reach), error_factor_(s.error_factor), gamma_bits_(s.gamma_bits) {}
  MechanismNeeds needs() const override { return {}; }
  Leakage leakage(const MechanismInput&) const override {
    Leakage out;
    out.gamma_bits = gamma_bits_;
    return out;
  }
  const ReconstructionAttack* attack() const override { return this; }

  AttackDetails settings() const override { return {{"reach", reach_}}; }

  AttackResult reconstruct(const AttackInput& input) const override {
    AttackResult out;
    if (input.gamma_bits > reach_) {
      out.notes.push_back(fmt::format("prior-mean-double: gamma = {} bits is beyond its reach", input.gamma_bits));
      return out;
    }
    const Eigen::RowVectorXd mean = input.shadow->colwise().mean();
    for (Eigen::Index i = 0; i < input.targets->rows(); ++i) {
      out.squared_errors.push_back(error_factor_ * (input.targets->row(i) - mean).squaredNorm());
    }
    if (input.keep_weights) {
      out.weights = RowMatrix::Constant(input.targets->rows(), input.shadow->rows(),
                                        1.0 / static_cast<double>(input.shadow->rows()));
    }
    out.details = {{"gamma", input.gamma_bits},
                   {"est_rows", static_cast<double>(input.est->rows())},
                   {"rotated_columns", static_cast<double>(input.rotated_est->cols())},
                   {"trace_sigma", input.trace_sigma}};
    return out;
  }

 private:
  double reach_, error_factor_, gamma_bits_;
};

std::unique_ptr<Mechanism> make(const Params& params) {
  params.require_only({"reach", "error_factor", "gamma"}, "the prior-mean-double mechanism");
  return std::make_unique<PriorMeanDouble>(Settings{params.get_double("reach", 10.0),
                                                    params.get_double("error_factor", 1.0),
                                                    params.get_double("gamma", 0.0)});
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .abi_version = kPluginAbiVersion,
      .kind = PluginKind::mechanism,
      .name = "prior-mean-double",
      .version = "1.0.0",
      .description = "test double: the prior-mean attack (chain tests)",
      .parameters = "reach=<bits>, error_factor=<factor on the errors>, gamma=<bits leakage() returns>",
      .make_mechanism = &make,
  };
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
