// The `slb` converse plugin: the Shannon lower bound turns (γ, h̄_LB) into ρ* (mathematics §5,
// Theorem 3.6, Corollary 3.7, eq 13–14). The maximum over the grid is valid because the
// entropy bounds hold for all pairs at once (mathematics §6).
#include <fmt/format.h>

#include <cmath>

#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"
#include "shannon_lower_bound.hpp"

namespace reconbound::slb {

namespace {

void check(const ConverseInput& input) {
  if (input.entropies == nullptr || input.entropies->empty()) {
    throw InvalidInput("the slb converse needs the entropy bounds of at least one grid pair");
  }
  if (!(input.trace_sigma > 0.0) || !std::isfinite(input.trace_sigma)) {
    throw InvalidInput(fmt::format(
        "trace_sigma={} must be finite and > 0; estimate tr Σ on the held-out split",
        input.trace_sigma));
  }
  if (!(input.gamma_bits >= 0.0) || !std::isfinite(input.gamma_bits)) {
    throw InvalidInput(fmt::format("gamma={} bits must be finite and ≥ 0", input.gamma_bits));
  }
  for (std::size_t p = 0; p < input.entropies->size(); ++p) {
    const GridEntropy& e = (*input.entropies)[p];
    if (!e.complete) {
      throw InvalidInput(fmt::format(
          "grid pair {} (k={} nu2={}) is one shard's partial result; combine the shards first",
          p + 1, e.pair.k, e.pair.nu2));
    }
    if (e.pair.k < 1 || !(e.s > 0.0) || !std::isfinite(e.s)) {
      throw InvalidInput(fmt::format(
          "grid pair {} has k={} and s={}; need k ≥ 1 and a finite s > 0", p + 1, e.pair.k, e.s));
    }
    if (!std::isfinite(e.h_lb) || !std::isfinite(e.h_point)) {
      throw InvalidInput(fmt::format(
          "grid pair {} (k={} nu2={}) has a non-finite entropy (h_lb={}, h_point={}); check the "
          "estimator's input",
          p + 1, e.pair.k, e.pair.nu2, e.h_lb, e.h_point));
    }
  }
}

void check_target(double target_rho) {
  if (!(target_rho > 0.0 && target_rho <= 1.0)) {
    throw InvalidInput(fmt::format("target rho {} is outside (0, 1]", target_rho));
  }
}

class ShannonLowerBoundConverse final : public Converse {
 public:
  ConverseResult bound(const ConverseInput& input) const override {
    check(input);
    ConverseResult out;
    bool first = true;
    for (const GridEntropy& e : *input.entropies) {
      const ShannonLowerBound certified =
          shannon_lower_bound(e.pair.k, e.s, e.h_lb, input.gamma_bits, input.trace_sigma);
      const ShannonLowerBound point =
          shannon_lower_bound(e.pair.k, e.s, e.h_point, input.gamma_bits, input.trace_sigma);
      out.pairs.push_back({e.pair, e.s, certified.abs_bound, certified.rho, point.rho});
      // ρ* = max over the grid (eq 14); the first pair wins ties.
      if (first || certified.rho > out.rho_star) {
        out.rho_star = certified.rho;
        out.arg_max = e.pair;
        out.abs_bound = certified.abs_bound;
      }
      if (first || point.rho > out.rho_point) out.rho_point = point.rho;
      first = false;
    }
    return out;
  }

  LeakageBudget largest_gamma(const ConverseInput& input, double target_rho) const override {
    check_target(target_rho);
    ConverseInput at_zero = input;
    at_zero.gamma_bits = 0.0;
    check(at_zero);
    LeakageBudget out;
    bool first = true;
    for (const GridEntropy& e : *input.entropies) {
      // ρ* ≥ R as soon as one pair's eq 14 reaches R: the largest γ over the grid.
      const double gamma = largest_gamma_for_rho(e.pair.k, e.s, e.h_lb, input.trace_sigma, target_rho);
      if (first || gamma > out.gamma_bits) out = {gamma, e.pair};
      first = false;
    }
    return out;
  }
};

std::unique_ptr<Converse> make(const Params& params) {
  params.require_only({}, "the slb converse");
  return std::make_unique<ShannonLowerBoundConverse>();
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .abi_version = kPluginAbiVersion,
      .kind = PluginKind::converse,
      .name = "slb",
      .version = "1.1.0",
      .description = "Shannon lower bound: rho* = max over the grid of eq 14 (Cor 3.7)",
      .parameters = "none",
      .make_converse = &make,
  };
  return plugin;
}

}  // namespace

}  // namespace reconbound::slb

RECONBOUND_PLUGIN(reconbound::slb::info)
