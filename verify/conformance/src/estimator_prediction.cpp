// The estimator's prediction for grid selection (mathematics §6.6, reconbound/estimator.hpp):
// predict() gets pilot numbers and sizes, never a sample. It must be deterministic, and its
// h_LB a finite number at most its predicted point value, with a finite cost > 0, both from
// numbers alone and from a real pilot on prefixes of the suite's rows.
#include <fmt/format.h>

#include <cmath>
#include <numbers>

#include "reconbound/grid_selection.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance::detail {
namespace {

// Pilot numbers without any sample: prefix sizes 100, 200, 400 of a D⊥ and point estimates
// growing by 0.4 and 0.2 bits above the dither's own entropy (k/2)·log2(2πe·s²) (mathematics §6.4).
PilotEstimate pilot_numbers(const GridPair& pair, double trace_sigma) {
  const double s = dither_scale(pair, trace_sigma);
  const double dither_entropy =
      0.5 * static_cast<double>(pair.k) * std::log2(2.0 * std::numbers::pi * std::numbers::e * s * s);
  return {.pair = pair,
          .s = s,
          .sizes = {100, 200, 400},
          .h_point = {dither_entropy, dither_entropy + 0.4, dither_entropy + 0.6}};
}

// The certified run predicted: 1600 records, the suite's m, |G'| = the suite's grid, α = 0.05.
PredictionTarget prediction_target(const EstimatorTestInputs& in) {
  return {.n = 1600,
          .m = static_cast<std::size_t>(in.rows.cols()),
          .union_size = in.grid.size(),
          .alpha = 0.05,
          .alpha_mc_fraction = 0.5};
}

bool same(const EntropyPrediction& a, const EntropyPrediction& b) {
  if (a.h_point != b.h_point || a.h_lb != b.h_lb || a.cost != b.cost || a.details.size() != b.details.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.details.size(); ++i) {
    if (a.details[i].name != b.details[i].name || a.details[i].value != b.details[i].value) return false;
  }
  return true;
}

void add_ordered(WorstCase& worst, const std::string& source, const GridPair& pair, const EntropyPrediction& p) {
  const bool finite = std::isfinite(p.h_point) && std::isfinite(p.h_lb) && std::isfinite(p.cost);
  worst.add(finite && p.cost > 0.0 ? p.h_point - p.h_lb : std::nan(""),
            fmt::format("(k = {}, nu2 = {}) from {}: h_LB = {}, h_point = {} bits, cost = {}", pair.k, pair.nu2,
                        source, precise(p.h_lb), precise(p.h_point), num(p.cost)));
}

}  // namespace

void check_prediction(const EntropyEstimator& estimator, const EstimatorTestInputs& in, CheckList& list) {
  const PredictionTarget target = prediction_target(in);
  list.run("predict_deterministic", [&] {
    for (const GridPair& pair : in.grid) {
      const PilotEstimate pilot = pilot_numbers(pair, in.trace_sigma);
      if (!same(estimator.predict(pilot, target), estimator.predict(pilot, target))) {
        return Verdict{false, fmt::format("(k = {}, nu2 = {}): two calls with the same pilot numbers differ",
                                          pair.k, pair.nu2)};
      }
    }
    return Verdict{true, fmt::format("two calls with the same pilot numbers agree at {} pairs", in.grid.size())};
  });
  list.run("prediction_at_most_point", [&] {
    WorstCase worst;
    for (const GridPair& pair : in.grid) {
      add_ordered(worst, "pilot numbers alone", pair, estimator.predict(pilot_numbers(pair, in.trace_sigma), target));
    }
    const SelectionSettings settings{.alpha = target.alpha, .alpha_mc_fraction = target.alpha_mc_fraction, .seed = 7};
    for (const PilotEstimate& pilot : run_pilot(estimator, in.rows, in.grid, in.trace_sigma, settings)) {
      add_ordered(worst, "a pilot on 15/30/60 rows", pilot.pair, estimator.predict(pilot, target));
    }
    return worst.verdict("predicted h_LB <= predicted h_point, both finite, cost finite and > 0, n_est = 1600");
  });
}

}  // namespace reconbound::conformance::detail
