// Google Benchmark of the dpsgd plugin (issue: 100,000-step schedule, every step its own
// (q, σ); target < 1 s on one core). The baseline in the same run is a schedule of one
// distinct (q, σ) repeated 100,000 times: the cost of the plumbing without quadrature.
#include <benchmark/benchmark.h>

#include <cmath>

#include "reconbound/registry.hpp"

namespace {

using namespace reconbound;

constexpr std::size_t kSteps = 100'000;

Schedule distinct_steps() {
  Schedule schedule;
  schedule.runs.emplace_back();
  for (std::size_t t = 0; t < kSteps; ++t) {
    // A smooth warm-up/decay of q and a rising σ: every step distinct.
    const double x = static_cast<double>(t) / kSteps;
    schedule.runs[0].segments.push_back({0.001 + 0.05 * x * (1 - x), 0.6 + 2.0 * x, 1});
  }
  return schedule;
}

Schedule repeated_step() {
  Schedule schedule;
  schedule.runs.emplace_back();
  schedule.runs[0].segments.assign(kSteps, Segment{0.01, 1.0, 1});
  return schedule;
}

void run(benchmark::State& state, const Schedule& schedule) {
  const Registry registry;
  for (auto _ : state) {
    // A fresh plugin object per iteration: its per-(q, σ) cache starts empty.
    const auto mechanism = registry.make_mechanism("dpsgd");
    MechanismInput input;
    input.schedule = &schedule;
    benchmark::DoNotOptimize(mechanism->leakage(input).gamma_bits);
  }
  state.counters["steps/s"] =
      benchmark::Counter(static_cast<double>(kSteps), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_GammaDistinctSteps(benchmark::State& state) { run(state, distinct_steps()); }
void BM_GammaRepeatedStep(benchmark::State& state) { run(state, repeated_step()); }

BENCHMARK(BM_GammaRepeatedStep)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GammaDistinctSteps)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
