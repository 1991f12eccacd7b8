// Google Benchmark of the PLD accountant (docs/mathematics.md §8) and of calibration. The
// ratios to report come from one run: a long schedule (T = 50,000) and a heterogeneous one (ten
// segments, each its own (q, σ)) against the baseline of a single step at the same δ, so the
// cost of composition and of distinct privacy-loss distributions shows apart from the fixed
// cost.
#include <benchmark/benchmark.h>

#include "pld_accountant.hpp"
#include "reconbound/calibration.hpp"
#include "reconbound/registry.hpp"

namespace {

using namespace reconbound;

Schedule ten_segments() {
  Schedule schedule;
  schedule.runs.emplace_back();
  for (int i = 0; i < 10; ++i) {
    schedule.runs[0].segments.push_back({0.002 + 0.002 * i, 0.8 + 0.1 * i, 500});
  }
  return schedule;
}

void epsilon_of(benchmark::State& state, const Schedule& schedule) {
  for (auto _ : state) benchmark::DoNotOptimize(compute_epsilon(schedule, 1e-6).epsilon);
  state.counters["steps"] = static_cast<double>(schedule.total_steps());
}

void BM_SingleStep(benchmark::State& state) { epsilon_of(state, Schedule::constant(0.001, 3.0, 1)); }
void BM_FiftyThousandSteps(benchmark::State& state) {
  epsilon_of(state, Schedule::constant(0.001, 3.0, 50000));
}
void BM_TenDistinctSegments(benchmark::State& state) { epsilon_of(state, ten_segments()); }

// calibrate --target-epsilon 8 for the paper's MNIST schedule (q = 1024/50000, T = 4,900).
// Through the dpsgd mechanism's accountant, as the CLI calibrates.
void BM_CalibrateEpsilon8(benchmark::State& state) {
  const Registry registry;
  const auto dpsgd = registry.make_mechanism("dpsgd");
  const Schedule shape = Schedule::constant(1024.0 / 50000.0, 1.0, 4900);
  MechanismInput input;
  input.schedule = &shape;
  const CalibrationOptions range = noise_scale_range("dpsgd", *dpsgd, input, {});
  int evaluations = 0;
  for (auto _ : state) {
    const EpsilonCalibration c = calibrate_noise_scale_for_epsilon("dpsgd", *dpsgd, input, 8.0, 1e-5, range);
    evaluations = c.evaluations;
    benchmark::DoNotOptimize(c.sigma);
  }
  state.counters["accountant_runs"] = evaluations;
}

BENCHMARK(BM_SingleStep)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FiftyThousandSteps)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TenDistinctSegments)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CalibrateEpsilon8)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
