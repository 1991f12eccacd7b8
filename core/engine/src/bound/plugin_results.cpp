#include "plugin_results.hpp"

#include <fmt/format.h>

#include <cmath>

#include "reconbound/error.hpp"

namespace reconbound {

namespace {

constexpr const char* kDefect = "(a defect of the plugin; `reconbound conformance` checks it)";

std::string pair_name(const GridPair& pair) { return fmt::format("(k={}, nu2={})", pair.k, pair.nu2); }

// h_lb ≤ h_point, both finite: the lower confidence bound sits below the estimate it is built around.
bool ordered(double h_lb, double h_point) { return std::isfinite(h_lb) && std::isfinite(h_point) && h_lb <= h_point; }

}  // namespace

void check_entropies(const std::vector<GridEntropy>& results, const std::vector<GridPair>& grid,
                     const std::string& estimator) {
  if (results.size() != grid.size()) {
    throw PluginError(fmt::format("estimator {} returned {} results for {} grid pairs {}", estimator,
                                  results.size(), grid.size(), kDefect));
  }
  for (std::size_t i = 0; i < grid.size(); ++i) {
    const GridEntropy& e = results[i];
    if (!(e.pair == grid[i]) || !e.complete) {
      throw PluginError(fmt::format("estimator {} returned result {} for {}{}, expected {} {}", estimator, i + 1,
                                    pair_name(e.pair), e.complete ? "" : " (incomplete)", pair_name(grid[i]),
                                    kDefect));
    }
    if (!ordered(e.h_lb, e.h_point)) {
      throw PluginError(fmt::format("estimator {} returned h_lb = {} and h_point = {} bits for {}: a lower bound "
                                    "must be finite and at most the point estimate {}",
                                    estimator, e.h_lb, e.h_point, pair_name(e.pair), kDefect));
    }
  }
}

void check_prediction(const EntropyPrediction& prediction, const GridPair& pair, const std::string& estimator) {
  if (!ordered(prediction.h_lb, prediction.h_point)) {
    throw PluginError(fmt::format("estimator {} predicted h_lb = {} and h_point = {} bits for {}: a lower bound "
                                  "must be finite and at most the point estimate {}",
                                  estimator, prediction.h_lb, prediction.h_point, pair_name(pair), kDefect));
  }
  if (!(std::isfinite(prediction.cost) && prediction.cost > 0.0)) {
    throw PluginError(fmt::format("estimator {} predicted a cost of {} for {}: a cost must be finite and > 0 {}",
                                  estimator, prediction.cost, pair_name(pair), kDefect));
  }
}

void check_confidence_events(const std::vector<ConfidenceEvent>& events, double alpha, const std::string& estimator) {
  double sum = 0.0;
  for (const ConfidenceEvent& event : events) {
    if (!(std::isfinite(event.alpha) && event.alpha >= 0.0)) {
      throw PluginError(fmt::format("estimator {} gave its event '{}' the share alpha = {}: a share must be finite "
                                    "and >= 0 {}", estimator, event.name, event.alpha, kDefect));
    }
    sum += event.alpha;
  }
  // The shares are α·fraction and α − α·fraction or alike: allow the rounding of their sum.
  if (sum > alpha * (1.0 + 1e-12)) {
    throw PluginError(fmt::format("estimator {} gave its events shares summing to {} of alpha = {}: they must sum "
                                  "to at most alpha {}", estimator, sum, alpha, kDefect));
  }
}

ConverseResult checked_bound(const Converse& converse, const ConverseInput& input, const std::string& name) {
  ConverseResult result = converse.bound(input);
  if (!(result.rho_star >= 0.0 && result.rho_star <= 1.0)) {
    throw PluginError(fmt::format("converse {} returned rho* = {} at gamma = {} bits: rho* must lie in [0, 1] {}",
                                  name, result.rho_star, input.gamma_bits, kDefect));
  }
  return result;
}

}  // namespace reconbound
