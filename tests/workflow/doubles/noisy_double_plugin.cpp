// A mechanism double for the workflow and CLI tests: a query of sensitivity 1 released k times
// with Gaussian noise of standard deviation c·σ (c the input's noise scale). It needs no
// schedule and no data, only its parameters, and declares needs().noise_scale. Its numbers
// are closed forms the tests recompute:
//   γ = k / (2 (cσ)² ln 2) bits                      (k Gaussian releases, mathematics §2)
//   ε(δ) = √k · √(2 ln(1.25/δ)) / (cσ)               (the classical Gaussian-mechanism bound
//                                                     for the k releases as one of sensitivity √k)
// accounting=false makes it provide no accountant; abs_error=E (bits, default 0) makes it report
// E as the numerical error bound on γ, so tests can see the bound charge γ + E (mathematics §6.8).
#include <fmt/format.h>

#include <cmath>
#include <numbers>

#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"

namespace {

using namespace reconbound;

struct Settings {
  double releases = 1.0;
  double sigma = 1.0;
  double abs_error_bits = 0.0;
};

double noise(const Settings& s, const MechanismInput& input) {
  if (!(input.noise_scale > 0.0)) throw InvalidInput("noisy-double: the noise scale must be > 0");
  return input.noise_scale * s.sigma;
}

class ClassicalBound final : public PrivacyAccountant {
 public:
  explicit ClassicalBound(Settings s) : s_(s) {}
  std::string method() const override { return "classical Gaussian bound"; }
  EpsilonResult epsilon(const MechanismInput& input, double delta, const AccountantOptions&) const override {
    if (!(delta > 0.0 && delta < 1.0)) throw InvalidInput("noisy-double: delta outside (0, 1)");
    EpsilonResult out;
    out.epsilon = std::sqrt(s_.releases) * std::sqrt(2.0 * std::log(1.25 / delta)) / noise(s_, input);
    out.epsilon_lower = out.epsilon_upper = out.epsilon;
    out.delta = delta;
    out.binding_direction = "remove";
    return out;
  }

 private:
  Settings s_;
};

class NoisyDouble final : public Mechanism {
 public:
  NoisyDouble(Settings s, bool accounting) : s_(s), accountant_(s), accounting_(accounting) {}
  MechanismNeeds needs() const override { return {.schedule = false, .data = false, .noise_scale = true}; }
  const PrivacyAccountant* accountant() const override { return accounting_ ? &accountant_ : nullptr; }
  Leakage leakage(const MechanismInput& input) const override {
    const double sd = noise(s_, input);
    Leakage out;
    out.gamma_bits = s_.releases / (2.0 * sd * sd * std::numbers::ln2);
    out.abs_error_bits = s_.abs_error_bits;
    return out;
  }

 private:
  Settings s_;
  ClassicalBound accountant_;
  bool accounting_;
};

std::unique_ptr<Mechanism> make(const Params& params) {
  params.require_only({"k", "sigma", "accounting", "abs_error"}, "the noisy-double mechanism");
  Settings s;
  s.releases = static_cast<double>(params.get_int("k", 1));
  s.sigma = params.get_double("sigma", 1.0);
  s.abs_error_bits = params.get_double("abs_error", 0.0);
  if (!(s.releases >= 1.0) || !(s.sigma > 0.0) || !(s.abs_error_bits >= 0.0)) {
    throw InvalidInput("noisy-double needs k >= 1, sigma > 0 and abs_error >= 0");
  }
  return std::make_unique<NoisyDouble>(s, params.get_bool("accounting", true));
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .kind = PluginKind::mechanism,
      .name = "noisy-double",
      .version = "1.0.0",
      .description = "test double: k Gaussian releases, gamma = k/(2 sigma^2 ln 2)",
      .parameters = "k=<int>, sigma=<double>, accounting=<bool>, abs_error=<double bits>",
      .example = "k=4,sigma=2",
      .make_mechanism = &make,
  };
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
