// Google Benchmark of the PLD accountant (docs/mathematics.md §8) and of calibration. The
// ratios to report come from one run: a long schedule (T = 50,000) and a heterogeneous one (ten
// segments, each its own (q, σ)) against the baseline of a single step at the same δ, so the
// cost of composition and of distinct privacy-loss distributions shows apart from the fixed
// cost; and calibration to a target ε (§8.2) against an RDP calibration of the same schedule
// (rdp_accountant.hpp), each reporting its σ and the PLD's certified ε at that σ, so the table
// shows the time the PLD costs and the ε its precision buys at the RDP's σ.
#include <benchmark/benchmark.h>

#include <cmath>

#include "pld_accountant.hpp"
#include "rdp_accountant.hpp"
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
  int coarse = 0;
  for (auto _ : state) {
    const EpsilonCalibration c = calibrate_noise_scale_for_epsilon("dpsgd", *dpsgd, input, 8.0, 1e-5, range);
    evaluations = c.evaluations;
    coarse = c.coarse_evaluations;
    benchmark::DoNotOptimize(c.sigma);
  }
  state.counters["accountant_runs"] = evaluations;
  state.counters["coarse_runs"] = coarse;
}

// The practitioner schedule: batch 256 of 60,000 for 30 epochs, δ = 1e-5.
constexpr double kPractitionerQ = 0.0042667;
constexpr double kPractitionerSteps = 7032;
constexpr double kPractitionerDelta = 1e-5;

double pld_epsilon_upper(double sigma) {
  const Schedule schedule =
      Schedule::constant(kPractitionerQ, sigma, static_cast<std::uint64_t>(kPractitionerSteps));
  return compute_epsilon(schedule, kPractitionerDelta).epsilon_upper;
}

// PLD calibration (§8.2) of the practitioner schedule to target ε = range(0).
void BM_CalibratePld(benchmark::State& state) {
  const Registry registry;
  const auto dpsgd = registry.make_mechanism("dpsgd");
  const Schedule shape =
      Schedule::constant(kPractitionerQ, 1.0, static_cast<std::uint64_t>(kPractitionerSteps));
  MechanismInput input;
  input.schedule = &shape;
  const CalibrationOptions range = noise_scale_range("dpsgd", *dpsgd, input, {});
  const auto target = static_cast<double>(state.range(0));
  EpsilonCalibration c;  // a library call: nothing to keep from the optimiser
  for (auto _ : state) {
    c = calibrate_noise_scale_for_epsilon("dpsgd", *dpsgd, input, target, kPractitionerDelta, range);
  }
  state.counters["sigma"] = c.sigma;
  state.counters["pld_epsilon_upper"] = c.epsilon.epsilon_upper;
  state.counters["accountant_runs"] = c.evaluations;
  state.counters["coarse_runs"] = c.coarse_evaluations;
}

// RDP calibration of the same schedule (bisection on ln σ to the same 1e-4): its σ, its ε, and
// the PLD's certified ε at that σ — below the target by what the PLD's precision buys.
void BM_CalibrateRdp(benchmark::State& state) {
  const auto target = static_cast<double>(state.range(0));
  const CalibrationOptions options;
  double sigma = 0.0;
  for (auto _ : state) {
    sigma = smallest_sigma_where(
        [&](double s) {
          return bench::rdp_epsilon(kPractitionerQ, s, kPractitionerSteps, kPractitionerDelta) <= target;
        },
        options, "target epsilon");
  }
  const double pld = pld_epsilon_upper(sigma);
  // RDP bounds ε from above: a PLD lower error bar above it would mean one of the two is wrong.
  const double rdp = bench::rdp_epsilon(kPractitionerQ, sigma, kPractitionerSteps, kPractitionerDelta);
  const Schedule at = Schedule::constant(kPractitionerQ, sigma, static_cast<std::uint64_t>(kPractitionerSteps));
  if (compute_epsilon(at, kPractitionerDelta).epsilon_lower > rdp) state.SkipWithError("RDP below the PLD's lower bar");
  state.counters["sigma"] = sigma;
  state.counters["rdp_epsilon"] = rdp;
  state.counters["pld_epsilon_upper"] = pld;
}

BENCHMARK(BM_SingleStep)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FiftyThousandSteps)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TenDistinctSegments)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CalibrateEpsilon8)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_CalibratePld)->Arg(1)->Arg(2)->Arg(4)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_CalibrateRdp)->Arg(1)->Arg(2)->Arg(4)->Arg(8)->Arg(16)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
