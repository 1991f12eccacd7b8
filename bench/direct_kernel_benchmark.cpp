// Google Benchmark of the goldfeld fast path's direct kernels (docs/fast_estimator.md) for
// a lone dither level at n_mc = 1, the case of a run that certifies one grid pair: the
// difference kernel (shifted_kernel_sums, one sample row per call, the only direct kernel
// before the product kernel) and the product kernel (product_kernel_sums, the rows' queries
// in one call), timed in turn inside each iteration on the same queries, so that the ratio
// is robust to the load of a shared machine. Data: block 0 of Fashion-MNIST images (or
// RECONBOUND_BENCH_DATA, 784 pixels), rotated by a random-sign Hadamard rotation and
// centred, n = RECONBOUND_BENCH_N centres (default 20000), 64 query rows.
// Counters: nanoseconds per (query, centre) pair of each kernel, their ratio, the share of
// centres the product kernel skipped, the largest relative difference of the two sums and
// the largest proven exponent bound ε_q of the queries (product_exponent_error; rows above
// kProductExponentLimit = 1e-8 would take the difference kernel in the fast path).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "cpu/shifted_kernel.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/rotation.hpp"
#include "rotated_images.hpp"

namespace {

using namespace reconbound;
using goldfeld::LevelScale;

constexpr std::size_t kRows = 64;  // query rows per iteration (two tiles of the fast path)
const std::vector<double> kLevels{0.2, 1.6, 6.4};


using bench::Images;
using bench::kColumns;

const Images& images() { return bench::rotated_images("20000"); }

void BM_DirectKernels(benchmark::State& state) {
  const auto k = static_cast<std::size_t>(state.range(0));
  const double nu2 = kLevels[static_cast<std::size_t>(state.range(1))];
  const Images& data = images();
  const auto n = static_cast<std::size_t>(data.rotated.rows());
  // Block 0: y = sqrt(N_k)·rotated(:, 0..k−1), centred, coordinate-major
  // (docs/mathematics.md §4).
  std::vector<double> centres(k * n);
  const double scale = std::sqrt(static_cast<double>(kColumns / k));
  for (std::size_t c = 0; c < k; ++c) {
    double mean = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      centres[c * n + i] = scale * data.rotated(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(c));
      mean += centres[c * n + i];
    }
    mean /= static_cast<double>(n);
    for (std::size_t i = 0; i < n; ++i) centres[c * n + i] -= mean;
  }
  const double s = std::sqrt(nu2 * data.trace / static_cast<double>(k));
  const LevelScale level{0.5 / (s * s), 1.0 / s};
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  std::vector<double> z(kRows * k);
  for (double& x : z) x = normal(rng);
  const double cut = std::log(static_cast<double>(n)) + 18.0;  // kTruncationNats

  const goldfeld::ProductCentres product = goldfeld::product_centres(centres.data(), n, k);
  std::vector<double> weights(kRows * k);
  std::vector<double> offsets(kRows);
  std::vector<double> scales(kRows, level.half_inv_s2);
  double exponent_bound = 0.0;
  for (std::size_t i = 0; i < kRows; ++i) {
    double z2 = 0.0;
    for (std::size_t c = 0; c < k; ++c) z2 += z[i * k + c] * z[i * k + c];
    exponent_bound = std::max(exponent_bound, goldfeld::product_exponent_error(
                                                  k, product.norm2[i], product.max_norm2, z2, level));
    offsets[i] = goldfeld::product_query(centres.data() + i, n, product.norm2[i], z.data() + i * k,
                                         k, level, weights.data() + i * k);
  }
  goldfeld::ShiftedKernelWorkspace work;
  std::vector<double> old_sums(kRows), new_sums(kRows), skipped(kRows), smallest(kRows);
  double old_seconds = 0.0;
  double new_seconds = 0.0;
  using Clock = std::chrono::steady_clock;
  for (auto _ : state) {
    const auto start = Clock::now();
    for (std::size_t i = 0; i < kRows; ++i) {
      double skipped_one = 0.0;
      double smallest_one = 0.0;
      goldfeld::shifted_kernel_sums(centres.data(), n, k, i, z.data() + i * k, 1, &level, 1, cut,
                                    work, &old_sums[i], &skipped_one, &smallest_one);
    }
    const auto middle = Clock::now();
    goldfeld::product_kernel_sums(product, weights.data(), offsets.data(), scales.data(), kRows,
                                  cut, work, new_sums.data(), skipped.data(), smallest.data());
    const auto end = Clock::now();
    old_seconds += std::chrono::duration<double>(middle - start).count();
    new_seconds += std::chrono::duration<double>(end - middle).count();
    benchmark::DoNotOptimize(old_sums.data());
    benchmark::DoNotOptimize(new_sums.data());
  }
  const double pairs = static_cast<double>(state.iterations()) * static_cast<double>(kRows * n);
  double difference = 0.0;
  double skipped_total = 0.0;
  for (std::size_t i = 0; i < kRows; ++i) {
    difference = std::max(difference, std::abs(new_sums[i] - old_sums[i]) / old_sums[i]);
    skipped_total += skipped[i];
  }
  state.counters["old_ns_per_pair"] = 1e9 * old_seconds / pairs;
  state.counters["new_ns_per_pair"] = 1e9 * new_seconds / pairs;
  state.counters["old/new"] = old_seconds / new_seconds;
  state.counters["skipped_share"] = skipped_total / static_cast<double>(kRows * n);
  state.counters["max_rel_diff"] = difference;
  state.counters["max_exponent_bound"] = exponent_bound;
  state.counters["n"] = static_cast<double>(n);
}

BENCHMARK(BM_DirectKernels)
    ->ArgNames({"k", "nu2_index"})
    ->ArgsProduct({{4, 8, 16, 28}, {0, 1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);

}  // namespace

BENCHMARK_MAIN();
