// The `pixel_noise` example mechanism plugin: every value of a record (each pixel of each
// channel, grey levels in [0, A], A = 255) released k times with Gaussian noise N(0, σ²). Its
// leakage depends on how many values a record has, so it declares needs().record_shape and
// charges the records it is given (MechanismInput::record):
//   γ = (d/2)·log2(1 + k·A²/(4σ²)) bits, d = channels × height × width,
// because (P1) the k releases of a value have their mean as a sufficient statistic, one release
// with noise variance σ²/k; (P2) one bounded value x_c ∈ [0, A] through additive Gaussian noise
// leaks I(x_c; x_c + N) = h(x_c + N) − h(N) ≤ ½·log2(1 + Var(x_c)/(σ²/k)) (the Gaussian has the
// largest entropy at its variance), and Var(x_c) ≤ A²/4 (Popoviciu); (P3) the noise of the d values
// is independent, a memoryless channel, so I(x; y) ≤ Σ_c I(x_c; y_c). A noise factor c (calibrate,
// spectrum) scales σ. Where the caller has no records (`reconbound leakage`, `epsilon`) it refuses
// with one line: a per-coordinate mechanism must not guess d.
#include <fmt/format.h>

#include <cmath>
#include <memory>

#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"

namespace pixel_noise_example {

namespace {

using reconbound::InvalidInput;

constexpr double kGreyRange = 255.0;  // A: grey levels

class PixelNoise final : public reconbound::Mechanism {
 public:
  PixelNoise(std::int64_t releases, double sigma) : releases_(releases), sigma_(sigma) {}

  reconbound::MechanismNeeds needs() const override { return {.noise_scale = true, .record_shape = true}; }

  reconbound::Leakage leakage(const reconbound::MechanismInput& input) const override {
    if (!input.record.known()) {
      throw InvalidInput("pixel_noise charges every value of a record, so it needs the records' shape: run it "
                         "where there are data (bound, spectrum, calibrate --target-rho, report, chain)");
    }
    if (!(input.noise_scale > 0) || !std::isfinite(input.noise_scale)) {
      throw InvalidInput(fmt::format("pixel_noise: the noise factor must be finite and > 0, got {}", input.noise_scale));
    }
    const double sigma = input.noise_scale * sigma_;
    const double values = static_cast<double>(input.record.data.size());  // d
    reconbound::Leakage out;
    // (P1)–(P3): γ = (d/2)·log2(1 + k·A²/(4σ²)) bits.
    out.gamma_bits = 0.5 * values *
                     std::log2(1.0 + static_cast<double>(releases_) * kGreyRange * kGreyRange / (4.0 * sigma * sigma));
    return out;
  }

 private:
  std::int64_t releases_;
  double sigma_;
};

std::unique_ptr<reconbound::Mechanism> make(const reconbound::Params& params) {
  params.require_only({"k", "sigma"}, "the pixel_noise mechanism");
  const std::int64_t releases = params.get_int("k", 1);
  if (releases < 1) throw InvalidInput(fmt::format("pixel_noise: k = {} must be >= 1", releases));
  const double sigma = params.get_double("sigma");
  if (!(sigma > 0) || !std::isfinite(sigma)) {
    throw InvalidInput(fmt::format("pixel_noise: sigma = {} must be finite and > 0 (grey levels)", sigma));
  }
  return std::make_unique<PixelNoise>(releases, sigma);
}

const reconbound::PluginInfo& info() {
  static const reconbound::ParameterRange ranges[]{
      {.key = "sigma", .low = 100, .high = 10000, .leakage = reconbound::LeakageTrend::non_increasing},
      {.key = "k", .low = 1, .high = 100, .integer = true, .leakage = reconbound::LeakageTrend::non_decreasing}};
  static const reconbound::PluginInfo plugin{
      .abi_version = reconbound::kPluginAbiVersion,
      .kind = reconbound::PluginKind::mechanism,
      .name = "pixel_noise",
      .version = "1.0.0",
      .description = "every value of a record (grey levels) released k times with Gaussian noise sigma: "
                     "gamma = (d/2) log2(1 + k 255^2/(4 sigma^2)) bits for records of d values",
      .parameters = "sigma=<grey levels > 0>[,k=<int >= 1, default 1>]",
      .example = "sigma=2000",
      .make_mechanism = &make,
      .parameter_ranges = ranges,
      .parameter_range_count = std::size(ranges),
  };
  return plugin;
}

}  // namespace

}  // namespace pixel_noise_example

RECONBOUND_PLUGIN(pixel_noise_example::info)
