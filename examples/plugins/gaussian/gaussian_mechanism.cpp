// The `gaussian` example mechanism plugin: a sensitivity-1 query released k times with
// Gaussian noise N(0, σ²) each time. One release of N(Δ, σ²) against N(0, σ²) leaks the KL
// divergence Δ²/(2σ²) nats, and independent releases add (mathematics §2), so with Δ = 1
//   γ = k / (2σ² ln 2) bits.
// It needs nothing from its caller but honours a noise factor c (σ becomes c·σ), provides
// its (ε, δ) accountant unless created with accounting=off, and its reconstruction attack, the
// posterior mean over the shadow records (gaussian_attack.hpp, eq G1–G4).
#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <memory>
#include <numbers>
#include <optional>

#include "gaussian_accountant.hpp"
#include "gaussian_attack.hpp"
#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"

namespace gaussian_example {

namespace {

using reconbound::InvalidInput;

class GaussianMechanism final : public reconbound::Mechanism {
 public:
  GaussianMechanism(std::int64_t releases, double sigma, bool accounting, double clip)
      : releases_(releases), sigma_(sigma), attack_(releases, clip) {
    if (accounting) accountant_.emplace(releases, sigma);
  }

  reconbound::MechanismNeeds needs() const override { return {.noise_scale = true}; }

  reconbound::Leakage leakage(const reconbound::MechanismInput& input) const override {
    const double sigma = scaled_sigma(sigma_, input);
    reconbound::Leakage out;
    // γ = k / (2σ² ln 2) bits: k releases of KL(N(1, σ²) ‖ N(0, σ²)) = 1/(2σ²) nats.
    out.gamma_bits = static_cast<double>(releases_) / (2 * sigma * sigma * std::numbers::ln2);
    if (!std::isfinite(out.gamma_bits)) {
      throw InvalidInput(fmt::format("gaussian: gamma overflows for sigma = {}", sigma));
    }
    // At most six roundings (c·σ, σ², 2σ², ·ln 2, k, the quotient), each ≤ u relative.
    out.abs_error_bits = 8 * std::numeric_limits<double>::epsilon() / 2 * out.gamma_bits;
    return out;
  }

  const reconbound::PrivacyAccountant* accountant() const override {
    return accountant_ ? &*accountant_ : nullptr;
  }

  const reconbound::ReconstructionAttack* attack() const override { return &attack_; }

 private:
  std::int64_t releases_;
  double sigma_;
  std::optional<GaussianAccountant> accountant_;
  GaussianAttack attack_;
};

std::unique_ptr<reconbound::Mechanism> make(const reconbound::Params& params) {
  params.require_only({"k", "sigma", "accounting", "clip"}, "the gaussian mechanism");
  const std::int64_t releases = params.get_int("k");
  if (releases < 1) throw InvalidInput(fmt::format("gaussian: k = {} must be ≥ 1", releases));
  const double sigma = params.get_double("sigma");
  if (!(sigma > 0)) throw InvalidInput(fmt::format("gaussian: sigma = {} must be > 0", sigma));
  const std::string accounting = params.get_string("accounting", "on");
  if (accounting != "on" && accounting != "off") {
    throw InvalidInput(fmt::format("gaussian: accounting must be on or off, got '{}'", accounting));
  }
  const double clip = params.get_double("clip", 1.0);
  if (!(clip > 0)) throw InvalidInput(fmt::format("gaussian: clip = {} must be > 0", clip));
  return std::make_unique<GaussianMechanism>(releases, sigma, accounting == "on", clip);
}

const reconbound::PluginInfo& info() {
  // γ = k / (2σ² ln 2): falls as the noise σ grows, grows with the releases k (`reconbound
  // conformance` sweeps both).
  static const reconbound::ParameterRange ranges[]{
      {.key = "sigma", .low = 0.5, .high = 8, .leakage = reconbound::LeakageTrend::non_increasing},
      {.key = "k", .low = 1, .high = 100, .integer = true, .leakage = reconbound::LeakageTrend::non_decreasing}};
  static const reconbound::PluginInfo plugin{
      .abi_version = reconbound::kPluginAbiVersion,
      .kind = reconbound::PluginKind::mechanism,
      .name = "gaussian",
      .version = "1.0.0",
      .description = "a sensitivity-1 query released k times with Gaussian noise sigma: "
                     "gamma = k / (2 sigma^2 ln 2) bits; (eps, delta) of mu = sqrt(k)/sigma; "
                     "the posterior-mean attack on the clipped features",
      .parameters = "k=<int >= 1>,sigma=<double > 0>[,accounting=on|off][,clip=<C > 0, default 1>]",
      .example = "k=10,sigma=4",
      .make_mechanism = &make,
      .parameter_ranges = ranges,
      .parameter_range_count = std::size(ranges),
  };
  return plugin;
}

}  // namespace

}  // namespace gaussian_example

RECONBOUND_PLUGIN(gaussian_example::info)
