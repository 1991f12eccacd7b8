// Google Benchmark of the lpips representation plugin (issue: ≥ 200 images/s for 28 × 28 inputs
// on 2 cores). Maps batches of 256 seeded random 28 × 28 grey images with 1 and 2 threads.
// The model is $RECONBOUND_LPIPS_MODEL, else the committed reduced-width test model
// (tests/representations/models/lpips_test.onnx); for a model of the real AlexNet shapes run
//   /usr/bin/python3 tools/make_test_lpips_model.py --width-divisor 1 --no-golden --output-dir build/lpips-full
//   RECONBOUND_LPIPS_MODEL=build/lpips-full/lpips_test.onnx build/bench/lpips_benchmark
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <random>

#include "reconbound/registry.hpp"

namespace {

using namespace reconbound;

constexpr Eigen::Index kBatch = 256;

std::string model_path() {
  if (const char* path = std::getenv("RECONBOUND_LPIPS_MODEL")) return path;
  return (std::filesystem::path(__FILE__).parent_path().parent_path() / "tests" / "representations" / "models" /
          "lpips_test.onnx")
      .string();
}

void BM_LpipsFeatures28x28(benchmark::State& state) {
  const Registry registry;
  Params params;
  params.set("arg", model_path());
  params.set("threads", static_cast<std::int64_t>(state.range(0)));
  const auto lpips = registry.make_representation("lpips", params);
  const ImageShape shape{1, 28, 28};
  std::mt19937_64 generator(20240601);
  std::uniform_int_distribution<int> grey(0, 255);
  RowMatrix images(kBatch, static_cast<Eigen::Index>(shape.size()));
  for (Eigen::Index i = 0; i < images.size(); ++i) images.data()[i] = grey(generator);
  RowMatrix out(kBatch, static_cast<Eigen::Index>(lpips->describe(shape).output_dim));
  for (auto _ : state) {
    lpips->map(shape, images, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["images/s"] =
      benchmark::Counter(static_cast<double>(kBatch), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["m"] = static_cast<double>(out.cols());
}

BENCHMARK(BM_LpipsFeatures28x28)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
