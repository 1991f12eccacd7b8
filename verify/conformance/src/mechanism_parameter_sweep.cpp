// The mechanism suite's sweeps of a plugin's own parameters (PluginInfo::parameter_ranges): at
// a handful of points of each declared range, the other parameters as in the plugin's example,
// γ is finite, ≥ 0 (a mutual information, mathematics §2) and moves as the plugin declares — a
// noise parameter never leaks more as it grows, a capacity parameter never leaks less.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "reconbound/conformance/suites.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance {
namespace {

using detail::CheckList;
using detail::num;
using detail::precise;
using detail::relation;
using detail::WorstCase;

constexpr int kSweepPoints = 5;

std::string_view to_string(LeakageTrend trend) {
  return trend == LeakageTrend::non_increasing ? "non_increasing" : "non_decreasing";
}

// kSweepPoints points of [low, high] in increasing order: evenly spaced in ln v when low > 0
// (noise parameters span orders of magnitude), evenly spaced otherwise; rounded and without
// repeats for a whole-number parameter.
std::vector<double> sweep_points(const ParameterRangeRecord& range) {
  std::vector<double> out;
  for (int i = 0; i < kSweepPoints; ++i) {
    const double t = static_cast<double>(i) / (kSweepPoints - 1);
    double v = range.low > 0.0 ? range.low * std::pow(range.high / range.low, t) : range.low + t * (range.high - range.low);
    if (range.integer) v = std::round(v);
    if (out.empty() || v > out.back()) out.push_back(v);
  }
  return out;
}

// γ with its error bound, of the plugin created with `key` = `value` and the example's other parameters.
Leakage leakage_at(const MechanismMaker& make, const Params& example, const std::string& key, double value,
                   const detail::MechanismTestInputs& inputs) {
  Params params = example;
  params.set(key, fmt::format("{}", value));
  const auto mechanism = make(params);
  return mechanism->leakage(inputs.for_needs(mechanism->needs()));
}

}  // namespace

std::vector<Check> check_mechanism_parameters(const MechanismMaker& make, const Params& example,
                                              const std::vector<ParameterRangeRecord>& ranges) {
  CheckList list;
  const detail::MechanismTestInputs inputs;
  for (const ParameterRangeRecord& range : ranges) {
    const bool falling = range.leakage == LeakageTrend::non_increasing;
    list.run(fmt::format("gamma_{}_in_{}", to_string(range.leakage), range.key), [&] {
      WorstCase worst;
      const std::vector<double> points = sweep_points(range);
      Leakage previous;
      for (std::size_t i = 0; i < points.size(); ++i) {
        const Leakage next = leakage_at(make, example, range.key, points[i], inputs);
        const double g = next.gamma_bits;
        worst.add(std::isfinite(g) ? g : std::nan(""), fmt::format("gamma = {} {} 0 bits at {} = {}", num(g),
                                                                   relation(">="), range.key, points[i]));
        if (i > 0) {
          // The declared direction, up to the error bars the mechanism reports on each γ.
          const double allowed = previous.abs_error_bits + next.abs_error_bits;
          const double rise = next.gamma_bits - previous.gamma_bits;
          worst.add((falling ? -rise : rise) + allowed,
                    fmt::format("gamma({} = {}) = {} {} gamma({} = {}) {} error bars = {} {} {} bits", range.key,
                                points[i], precise(next.gamma_bits), relation(falling ? "<=" : ">="), range.key,
                                points[i - 1], falling ? "+" : "-", precise(previous.gamma_bits), falling ? "+" : "-",
                                num(allowed)));
        }
        previous = next;
      }
      return worst.verdict(fmt::format("gamma finite, >= 0 and {} in {} over [{}, {}] (+ error bars)",
                                       falling ? "non-increasing" : "non-decreasing", range.key, range.low,
                                       range.high));
    });
  }
  return std::move(list).take();
}

}  // namespace reconbound::conformance
