// Test doubles of all four plugin kinds, built into one module per kind by defining
// DOUBLE_KIND (1–4). They exercise the interfaces and the ABI; their numbers are
// deliberately simple closed forms that the tests recompute independently.
#include <cmath>
#include <numbers>

#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"

namespace {

using namespace reconbound;

// γ = steps·q² bits per segment (a closed form the test recomputes).
class DoubleMechanism final : public Mechanism {
 public:
  MechanismNeeds needs() const override { return {.schedule = true, .data = false}; }
  Leakage leakage(const MechanismInput& input) const override {
    if (input.schedule == nullptr) throw InvalidInput("double mechanism needs a schedule");
    Leakage out;
    for (std::size_t r = 0; r < input.schedule->runs.size(); ++r) {
      for (const auto& s : input.schedule->runs[r].segments) {
        const double bits = static_cast<double>(s.steps) * s.q * s.q;
        out.segments.push_back({r, s, bits});
        out.gamma_bits += bits;
      }
    }
    return out;
  }
};

// Ψ(x) = 2x.
class DoubleRepresentation final : public Representation {
 public:
  bool accepts(const ImageShape& shape, std::string& why) const override {
    if (shape.size() == 0) why = "empty records";
    return shape.size() != 0;
  }
  RepresentationInfo describe(const ImageShape& shape) const override {
    return {shape.size(), 4.0 * 255.0 * 255.0 * static_cast<double>(shape.size()), false};
  }
  void map(const ImageShape&, MatrixView batch, MutableMatrixView out) const override {
    out = 2.0 * batch;
  }
};

// h_point = h_lb = k (bits) for every pair, no margins, no events.
class DoubleEstimator final : public EntropyEstimator {
 public:
  std::vector<GridEntropy> estimate(const EntropyRequest& request) const override {
    std::vector<GridEntropy> out;
    for (const auto& pair : request.grid) {
      GridEntropy e;
      e.pair = pair;
      e.n = static_cast<std::size_t>(request.rotated.rows());
      e.h_point = e.h_lb = static_cast<double>(pair.k);
      out.push_back(e);
    }
    return out;
  }
  GridEntropy combine(const std::vector<GridEntropy>& shards, const EntropyRequest&) const override {
    return shards.at(0);
  }
  std::vector<ConfidenceEvent> confidence_events(const std::vector<GridEntropy>&,
                                                 const EntropyRequest&) const override {
    return {};
  }
  EntropyPrediction predict(const PilotEstimate& pilot, const PredictionTarget&) const override {
    const auto k = static_cast<double>(pilot.pair.k);
    return {.h_point = k, .h_lb = k, .cost = 1.0, .details = {}};
  }
};

// ρ* = 2^{−γ} for every input.
class DoubleConverse final : public Converse {
 public:
  ConverseResult bound(const ConverseInput& input) const override {
    ConverseResult r;
    r.rho_star = r.rho_point = std::exp2(-input.gamma_bits);
    return r;
  }
  // The inverse of ρ* = 2^−γ.
  LeakageBudget largest_gamma(const ConverseInput&, double target_rho) const override {
    return {-std::log2(target_rho), {}};
  }
};

template <class T, class Base>
std::unique_ptr<Base> make(const Params& params) {
  params.require_only({}, "a test double");
  return std::make_unique<T>();
}

const PluginInfo& info() {
#if DOUBLE_KIND == 1
  static const PluginInfo plugin{.kind = PluginKind::mechanism, .name = "double-mechanism",
                                 .version = "0.0.1", .description = "test double",
                                 .make_mechanism = &make<DoubleMechanism, Mechanism>};
#elif DOUBLE_KIND == 2
  static const PluginInfo plugin{.kind = PluginKind::representation, .name = "double-representation",
                                 .version = "0.0.1", .description = "test double",
                                 .make_representation = &make<DoubleRepresentation, Representation>};
#elif DOUBLE_KIND == 3
  static const PluginInfo plugin{.kind = PluginKind::estimator, .name = "double-estimator",
                                 .version = "0.0.1", .description = "test double",
                                 .make_estimator = &make<DoubleEstimator, EntropyEstimator>};
#elif DOUBLE_KIND == 4
  static const PluginInfo plugin{.kind = PluginKind::converse, .name = "double-converse",
                                 .version = "0.0.1", .description = "test double",
                                 .make_converse = &make<DoubleConverse, Converse>};
#endif
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
