// Google Benchmark of the goldfeld estimator (issue 4): the exact path (exact=true, the
// baseline) and the fast path (default) in one process on the same data — the Fashion-MNIST
// test images, n rows, rotated by a random-sign Hadamard rotation — for every block size k of
// the default grid with all six dither levels ν² ∈ {0.2, …, 6.4}. One block per k (shard 0 of
// N_k shards) keeps the exact path affordable; the work per block is the same as in a full
// run with n rows. Counters: kernel evaluations per second (n·n_mc·n per level and block),
// the largest per-block numerical margin (bits, 0 for exact) and ĥ_MC of the block per level.
//
// Environment: RECONBOUND_BENCH_DATA (a data-set spec of 784-pixel images, e.g. fashion-mnist
// for full-size runs or idx:PATH for another file; default idx: and the 10,000 Fashion-MNIST
// test images of Debian's dataset-fashion-mnist), RECONBOUND_BENCH_N (rows, 2000).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "reconbound/dataset.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/rotation.hpp"

namespace {

using namespace reconbound;

constexpr std::size_t kColumns = 784;  // 28 × 28 pixels; the default grid's k all divide it
const std::vector<double> kLevels{0.2, 0.4, 0.8, 1.6, 3.2, 6.4};

std::string env_or(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value != nullptr ? std::string(value) : fallback;
}

struct Workload {
  RowMatrix rotated;  // n × 784: the first 784 rotated coordinates of n digits
  double trace = 0.0;
};

const Workload& workload() {
  static const Workload data = [] {
    const auto n = static_cast<Eigen::Index>(std::stoul(env_or("RECONBOUND_BENCH_N", "2000")));
    const Dataset images = load_dataset(env_or("RECONBOUND_BENCH_DATA", "idx:" + fashion_mnist_test_images()));
    if (images.records.cols() != static_cast<Eigen::Index>(kColumns) ||
        images.records.rows() < n) {
      throw std::runtime_error("the benchmark needs at least RECONBOUND_BENCH_N images of 784 pixels");
    }
    const RowMatrix rows = images.records.topRows(n);
    const RowMatrix rotated = Rotation::random_signs(kColumns, 42).apply(rows, 1);
    Workload w;
    w.rotated = rotated.leftCols(kColumns);
    const Eigen::RowVectorXd mean = w.rotated.colwise().mean();
    w.trace = (w.rotated.rowwise() - mean).squaredNorm() / static_cast<double>(n - 1);
    return w;
  }();
  return data;
}

void run(benchmark::State& state, bool exact) {
  const auto k = static_cast<std::size_t>(state.range(0));
  const Workload& w = workload();
  const Registry registry;
  const auto estimator =
      registry.make_estimator("goldfeld", Params().set("exact", exact));
  std::vector<GridPair> grid;
  for (const double nu2 : kLevels) grid.push_back({k, nu2});
  EntropyRequest request{.rotated = w.rotated,
                         .grid = grid,
                         .trace_sigma = w.trace,
                         .union_size = 48,
                         .alpha = 0.05,
                         .alpha_mc_fraction = 0.5,
                         .seed = 7,
                         .threads = 1,
                         .shard = 0,
                         .shards = kColumns / k,  // block 0 only
                         .progress = nullptr};
  std::vector<GridEntropy> results;
  for (auto _ : state) {
    results = estimator->estimate(request);
    benchmark::DoNotOptimize(results.data());
  }
  const double n = static_cast<double>(w.rotated.rows());
  const double n_mc = find_detail(results.front().details, "n_mc").value_or(1.0);  // goldfeld's draws per record
  state.counters["kernel_evals/s"] = benchmark::Counter(
      n * n_mc * n * static_cast<double>(kLevels.size()), benchmark::Counter::kIsIterationInvariantRate);
  double t_num = 0.0;
  for (std::size_t v = 0; v < results.size(); ++v) {
    const BlockEntropy& block = results[v].blocks.front();
    t_num = std::max(t_num, block.numerical_error_bits);
    state.counters["h_nu2_" + std::to_string(kLevels[v]).substr(0, 3)] = block.h_point_bits;
  }
  state.counters["t_num_bits"] = t_num;
  state.counters["n"] = n;
}

void BM_Exact(benchmark::State& state) { run(state, true); }
void BM_Fast(benchmark::State& state) { run(state, false); }

BENCHMARK(BM_Exact)->ArgName("k")->Arg(1)->Arg(2)->Arg(4)->Arg(7)->Arg(8)->Arg(14)->Arg(16)->Arg(28)
    ->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_Fast)->ArgName("k")->Arg(1)->Arg(2)->Arg(4)->Arg(7)->Arg(8)->Arg(14)->Arg(16)->Arg(28)
    ->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
