#pragma once
// The checks where an estimator's and a converse's results enter the bound: a result that
// breaks the plugin's contract (reconbound/estimator.hpp, reconbound/converse.hpp) is a
// PluginError of one line naming the plugin, never a printed bound.
#include <string>
#include <vector>

#include "reconbound/converse.hpp"
#include "reconbound/estimator.hpp"

namespace reconbound {

// One complete result per pair of `grid`, in its order, each with a finite h_point and a finite
// h_lb ≤ h_point (mathematics §6.4).
void check_entropies(const std::vector<GridEntropy>& results, const std::vector<GridPair>& grid,
                     const std::string& estimator);

// A finite predicted h_point, a finite predicted h_lb ≤ h_point and a finite cost > 0.
void check_prediction(const EntropyPrediction& prediction, const GridPair& pair, const std::string& estimator);

// Shares finite and ≥ 0 that sum to at most `alpha` (mathematics §6.8: the certificate adds them).
void check_confidence_events(const std::vector<ConfidenceEvent>& events, double alpha, const std::string& estimator);

// converse.bound(input), refused unless ρ* lies in [0, 1].
ConverseResult checked_bound(const Converse& converse, const ConverseInput& input, const std::string& name);

}  // namespace reconbound
