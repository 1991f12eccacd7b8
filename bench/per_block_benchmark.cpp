// Google Benchmark of coordinate_entropies (per_block_bound.hpp) at Fashion-MNIST size:
// 60,000 estimation records × 784 rotated coordinates in 256 cells (the R = 8 codebook),
// identity channel, ν² = 0.2. Argument: threads (results are identical for any count).
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

#include "per_block_bound.hpp"

namespace {

using namespace reconbound;
using namespace reconbound::codebook;

constexpr Eigen::Index kRecords = 60'000;
constexpr Eigen::Index kCoordinates = 784;
constexpr std::size_t kCells = 256;
constexpr double kTraceSigma = 3.4e6;  // Fashion-MNIST's order (docs/mathematics.md §10)

// Rotated coordinates: every coordinate of variance tr Σ (their mean, docs/mathematics.md
// §4), the cell's centre shifted along it so cells differ as a codebook's do.
struct Data {
  RowMatrix y;
  std::vector<std::size_t> cell;
};

const Data& fashion_mnist_sized() {
  static const Data data = [] {
    std::mt19937_64 rng(7);
    std::normal_distribution<double> normal;
    Data d;
    d.y.resize(kRecords, kCoordinates);
    d.cell.resize(static_cast<std::size_t>(kRecords));
    const double scale = std::sqrt(kTraceSigma);
    std::vector<double> centre(kCells * kCoordinates);
    for (double& c : centre) c = 0.8 * scale * normal(rng);
    for (Eigen::Index i = 0; i < kRecords; ++i) {
      const std::size_t c = static_cast<std::size_t>(i) % kCells;
      d.cell[static_cast<std::size_t>(i)] = c;
      for (Eigen::Index b = 0; b < kCoordinates; ++b) {
        d.y(i, b) = centre[c * kCoordinates + static_cast<std::size_t>(b)] + 0.6 * scale * normal(rng);
      }
    }
    return d;
  }();
  return data;
}

void coordinate_entropies_fashion_mnist(benchmark::State& state) {
  const Data& data = fashion_mnist_sized();
  const RowMatrix identity = RowMatrix::Identity(kCells, kCells);
  const double s = std::sqrt(0.2 * kTraceSigma);
  for (auto _ : state) {
    const CoordinateEntropies e =
        coordinate_entropies(data.y, data.cell, identity, s, static_cast<std::size_t>(state.range(0)));
    benchmark::DoNotOptimize(e.marginal.data());
  }
}

}  // namespace

BENCHMARK(coordinate_entropies_fashion_mnist)->Arg(1)->Arg(2)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();
BENCHMARK_MAIN();
