// Google Benchmark of the goldfeld kernels against the floor of this CPU (issue 25, item 2;
// docs/fast_estimator.md, "The floor"). Every iteration times, in turn and on the same core:
//
//   1. the kernels: product_kernel_sums (shifted_kernel.hpp) for one tile of the fast path —
//      the kTileRows = 32 queries of a lone dither level at n_mc = 1, as fast_tile_sums
//      (fast_entropy.cpp) passes them — against the n centres of block 0, then
//      single_kernel_sums (single_kernel.hpp) on the same queries rounded to float
//      (BM_ProductFloor); or chained_kernel_sums for rows of the whole six-level grid at k ≤ 8,
//      the kernel the plan takes there (BM_ChainedFloor);
//   2. the floor's ingredients, measured in the same iteration so that their ratio to the kernel
//      does not depend on the load of the shared machine or on its clock drift:
//      * the FMA peak: 12 independent vector accumulators, acc ← acc·m + b, at the widest
//        vector the CPU has (AVX-512 if present, as the kernels' x86-64-v4 clone; else AVX2),
//        in double and in float; an empty asm statement per accumulator and round keeps every
//        multiply-add (the compiler can neither fold the loop nor interchange it into serial
//        chains);
//      * the exponential's throughput: exp_neg (exp_neg.hpp) on LaneVectors and exp_neg_single
//        (exp_neg_single.hpp) on FloatVectors of exponents from an L1-resident array, each
//        result added to one of four running sums (as the kernels add each term to a sum) —
//        the kernels' own exponentials, compiled with their flags and clones;
//      * the clock: a chain of dependent integer additions, one cycle each.
//
// The floor per (query, centre) pair, for the product kernel (k multiply-adds of the inner
// product ⟨w_q, y_l⟩ and one exponential per pair):
//
//   floor(k) = k / P_fma + 1 / P_exp      (ns per pair)
//
// P_fma: multiply-adds per ns (scalar lanes) of the FMA loop; P_exp: exponentials per ns
// (lanes, the addition into the sum included). Both run on the same floating-point pipes, so
// their times add. It leaves out what the kernel does besides (c_q + h·N_l, the clamp, the
// skip test, loads), and counts the exponential for every pair even where the kernel skips a
// group, so it is a lower bound on the time per pair up to the overlap of the exponential's
// few operations off the FMA pipes (4 of its 21) with the multiply-adds; fraction =
// floor / measured (≤ 1 unless groups are skipped). The single-precision floor is the same
// formula with the float loops (16 lanes per vector).
//
// The chained kernel (squaring chains, chained_kernel.hpp) per (draw, centre) of a row with d
// draws, L levels in C chains, C_p of the tops with a child:
//
//   floor = (k + 3·(L − C) + 2k/d) / P_fma + (C + C_p/d) / P_exp      (ns per (draw, centre))
//
// k multiply-adds of G, per chained level two multiplications and one addition, the k
// differences and k multiply-adds of D per centre shared by the d draws; an exponential per
// top and per (draw, centre), and one per top with a child and centre (its factor F). Left out
// (a lower bound again): the tops' exponents, the factors' squarings, loads and stores.
//
// Every part is timed in this thread's CPU time, so that time spent descheduled on the shared
// machine lands in no part; the counters are per-run sums over all iterations.
//
// Data: block 0 of Fashion-MNIST (RECONBOUND_BENCH_DATA, default fashion-mnist; 784 pixels),
// rotated by a random-sign Hadamard rotation, scaled by sqrt(N_k) and centred,
// RECONBOUND_BENCH_N centres (default 4000); the dither level ν² = RECONBOUND_BENCH_NU2
// (default 1.6) with s = ν·sqrt(tr Σ̂/k). bench/floor/run.sh turns the JSON output into the
// table of docs/fast_estimator.md.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "cpu/chained_kernel.hpp"
#include "cpu/exp_neg.hpp"
#include "cpu/exp_neg_single.hpp"
#include "cpu/fast_entropy.hpp"
#include "cpu/kernel_clones.hpp"
#include "cpu/shifted_kernel.hpp"
#include "cpu/single_bound.hpp"
#include "cpu/single_kernel.hpp"
#include "mathematics/level_plan.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/rotation.hpp"
#include "rotated_images.hpp"

// Vector values live only inside the functions below (never passed by value across an ABI),
// as in the kernels' own sources.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace {

using namespace reconbound;
using goldfeld::LevelScale;
using goldfeld::detail::FloatVector;
using goldfeld::detail::LaneVector;

// The time of each part is this thread's CPU time (CLOCK_THREAD_CPUTIME_ID): the machine is
// shared, and time spent descheduled would otherwise land in whichever part was running.
struct ThreadClock {
  using time_point = double;  // seconds
  static double now() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
  }
};
using Clock = ThreadClock;

const std::vector<double> kGridNu2{0.2, 0.4, 0.8, 1.6, 3.2, 6.4};  // the default grid


double seconds(Clock::time_point a, Clock::time_point b) { return b - a; }

// ---- The FMA peak ---------------------------------------------------------------------------

// Independent accumulators: more than latency (4 cycles) × FMA pipes (2) on current x86 cores,
// few enough (plus two constants) for the 16 registers of AVX2.
constexpr std::size_t kAccumulators = 12;  // a0..a11 in fma_rounds

// `rounds` rounds of acc_i ← acc_i·m + b over kAccumulators vectors V of element type E
// (-ffp-contract=fast on this file, bench/CMakeLists.txt: each is one fused multiply-add).
// The accumulators tend to b/(1 − m), so no value overflows or becomes subnormal. Returns the
// sum of all lanes, which the caller consumes.
template <typename V, typename E>
[[gnu::always_inline]] inline double fma_rounds(std::size_t rounds, double seed) {
  // Twelve named accumulators (an array would be kept on the stack, and every round would
  // wait on store-to-load forwarding).
  const auto start = [seed](int i) { return V{} + static_cast<E>(seed * static_cast<double>(i)); };
  V a0 = start(1), a1 = start(2), a2 = start(3), a3 = start(4), a4 = start(5), a5 = start(6);
  V a6 = start(7), a7 = start(8), a8 = start(9), a9 = start(10), a10 = start(11), a11 = start(12);
  const V m = V{} + static_cast<E>(0.999);
  const V b = V{} + static_cast<E>(seed * 1e-3);
  for (std::size_t round = 0; round < rounds; ++round) {
    // Each a ← a·m + b is one fused multiply-add; the empty asm makes it happen, in this
    // round, in a register.
#define RECONBOUND_FLOOR_FMA(a) \
  a = a * m + b;                \
  asm("" : "+v"(a))
    RECONBOUND_FLOOR_FMA(a0); RECONBOUND_FLOOR_FMA(a1); RECONBOUND_FLOOR_FMA(a2);
    RECONBOUND_FLOOR_FMA(a3); RECONBOUND_FLOOR_FMA(a4); RECONBOUND_FLOOR_FMA(a5);
    RECONBOUND_FLOOR_FMA(a6); RECONBOUND_FLOOR_FMA(a7); RECONBOUND_FLOOR_FMA(a8);
    RECONBOUND_FLOOR_FMA(a9); RECONBOUND_FLOOR_FMA(a10); RECONBOUND_FLOOR_FMA(a11);
#undef RECONBOUND_FLOOR_FMA
  }
  const V total = ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)) + ((a8 + a9) + (a10 + a11));
  E lanes[sizeof(V) / sizeof(E)];
  std::memcpy(lanes, &total, sizeof total);
  double sum = 0.0;
  for (const E x : lanes) sum += static_cast<double>(x);
  return sum;
}

using Double8 = double __attribute__((vector_size(64)));
using Double4 = double __attribute__((vector_size(32)));
using Float16 = float __attribute__((vector_size(64)));
using Float8 = float __attribute__((vector_size(32)));

struct FmaResult {
  double sum = 0.0;            // consumed by the caller
  std::size_t fmas = 0;        // scalar multiply-adds done
  const char* isa = "";
};

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
[[gnu::target("arch=x86-64-v4")]] double fma_double_v4(std::size_t rounds, double seed) {
  return fma_rounds<Double8, double>(rounds, seed);
}
[[gnu::target("arch=x86-64-v3")]] double fma_double_v3(std::size_t rounds, double seed) {
  return fma_rounds<Double4, double>(rounds, seed);
}
[[gnu::target("arch=x86-64-v4")]] double fma_float_v4(std::size_t rounds, double seed) {
  return fma_rounds<Float16, float>(rounds, seed);
}
[[gnu::target("arch=x86-64-v3")]] double fma_float_v3(std::size_t rounds, double seed) {
  return fma_rounds<Float8, float>(rounds, seed);
}

// The widest level the CPU runs, as the kernels' target_clones resolver picks it.
int vector_level() {
  static const int level = [] {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("x86-64-v4")) return 4;
    if (__builtin_cpu_supports("x86-64-v3")) return 3;
    return 0;
  }();
  return level;
}

FmaResult fma_peak(bool single, std::size_t rounds, double seed) {
  const int level = vector_level();
  const std::size_t lanes_double = level == 4 ? 8 : level == 3 ? 4 : 2;
  const std::size_t lanes = single ? 2 * lanes_double : lanes_double;
  FmaResult out;
  out.fmas = rounds * kAccumulators * lanes;
  if (level == 4) {
    out.sum = single ? fma_float_v4(rounds, seed) : fma_double_v4(rounds, seed);
    out.isa = "AVX-512 (x86-64-v4)";
  } else if (level == 3) {
    out.sum = single ? fma_float_v3(rounds, seed) : fma_double_v3(rounds, seed);
    out.isa = "AVX2+FMA (x86-64-v3)";
  } else {
    // Baseline SSE2 has no fused multiply-add: this is a multiply and an add per lane.
    using Double2 = double __attribute__((vector_size(16)));
    using Float4 = float __attribute__((vector_size(16)));
    out.sum = single ? fma_rounds<Float4, float>(rounds, seed) : fma_rounds<Double2, double>(rounds, seed);
    out.isa = "SSE2 (no FMA)";
  }
  return out;
}
#else
FmaResult fma_peak(bool single, std::size_t rounds, double seed) {
  using Double2 = double __attribute__((vector_size(16)));
  using Float4 = float __attribute__((vector_size(16)));
  FmaResult out;
  out.fmas = rounds * kAccumulators * (single ? 4 : 2);
  out.sum = single ? fma_rounds<Float4, float>(rounds, seed) : fma_rounds<Double2, double>(rounds, seed);
  out.isa = "generic 128-bit";
  return out;
}
#endif

// ---- The exponential's throughput -----------------------------------------------------------

constexpr std::size_t kExponents = 2048;  // 16 KiB of doubles: L1-resident

// Σ exp_neg(a_i) over `passes` passes of the array (count a multiple of 32), in four running
// LaneVector sums: the kernels' exponential with their flags and clones.
RECONBOUND_GOLDFELD_CLONES
double exp_sum_double(const double* a, std::size_t count, std::size_t passes) {
  LaneVector sum[4] = {};
  for (std::size_t pass = 0; pass < passes; ++pass) {
    for (std::size_t i = 0; i < count; i += 32) {
      for (std::size_t u = 0; u < 4; ++u) {
        LaneVector x;
        std::memcpy(&x, a + i + 8 * u, sizeof x);
        sum[u] += goldfeld::detail::exp_neg(x);
      }
    }
  }
  const LaneVector total = (sum[0] + sum[1]) + (sum[2] + sum[3]);
  double out = 0.0;
  for (std::size_t t = 0; t < goldfeld::detail::kVectorLanes; ++t) out += total[t];
  return out;
}

// The same for the single kernel's exponential, exp_neg_single (exp_neg_single.hpp), on
// FloatVectors (count a multiple of 64).
RECONBOUND_GOLDFELD_CLONES
double exp_sum_float(const float* a, std::size_t count, std::size_t passes) {
  FloatVector sum[4] = {};
  for (std::size_t pass = 0; pass < passes; ++pass) {
    for (std::size_t i = 0; i < count; i += 64) {
      for (std::size_t u = 0; u < 4; ++u) {
        FloatVector x;
        std::memcpy(&x, a + i + 16 * u, sizeof x);
        sum[u] += goldfeld::detail::exp_neg_single(x);
      }
    }
  }
  const FloatVector total = (sum[0] + sum[1]) + (sum[2] + sum[3]);
  double out = 0.0;
  for (std::size_t t = 0; t < 16; ++t) out += static_cast<double>(total[t]);
  return out;
}

// ---- The clock --------------------------------------------------------------------------------

// Cycles of `rounds` × 8 dependent integer additions (latency one cycle on every x86-64 core;
// the loop counter runs beside them). Elsewhere: 0, no clock reported.
std::uint64_t dependent_adds(std::size_t rounds) {
#if defined(__x86_64__) && defined(__GNUC__)
  std::uint64_t x = 0;
  const std::uint64_t one = 1;
  for (std::size_t i = 0; i < rounds; ++i) {
    asm volatile(
        "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
        "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0"
        : "+r"(x)
        : "r"(one));
  }
  return x;
#else
  static_cast<void>(rounds);
  return 0;
#endif
}

// ---- The floor's ingredients, sampled once per iteration --------------------------------------

constexpr std::size_t kFmaRounds = 80'000;  // 7.7e6 double multiply-adds with AVX-512
constexpr std::size_t kExpPasses = 192;      // 393,216 exponentials
constexpr std::size_t kClockRounds = 50'000; // 400,000 cycles

struct Floor {
  std::vector<double> exponents64;
  std::vector<float> exponents32;
  double fma64_s = 0.0, fma32_s = 0.0, exp64_s = 0.0, exp32_s = 0.0, clock_s = 0.0;
  double fma64 = 0.0, fma32 = 0.0, exp64 = 0.0, exp32 = 0.0, cycles = 0.0;
  double sink = 0.0;
  const char* isa = "";

  Floor() {
    // Exponents a ∈ [0, 40): the values the kernel passes after its clamp and skip test.
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> uniform(0.0, 40.0);
    for (std::size_t i = 0; i < kExponents; ++i) {
      exponents64.push_back(uniform(rng));
      exponents32.push_back(static_cast<float>(exponents64.back()));
    }
  }

  void sample() {
    const auto t0 = Clock::now();
    const FmaResult d = fma_peak(false, kFmaRounds, 1.0 + sink * 1e-300);
    const auto t1 = Clock::now();
    const FmaResult f = fma_peak(true, kFmaRounds, 1.0 + sink * 1e-300);
    const auto t2 = Clock::now();
    const double e64 = exp_sum_double(exponents64.data(), kExponents, kExpPasses);
    const auto t3 = Clock::now();
    const double e32 = exp_sum_float(exponents32.data(), kExponents, kExpPasses);
    const auto t4 = Clock::now();
    const std::uint64_t c = dependent_adds(kClockRounds);
    const auto t5 = Clock::now();
    fma64_s += seconds(t0, t1);
    fma32_s += seconds(t1, t2);
    exp64_s += seconds(t2, t3);
    exp32_s += seconds(t3, t4);
    clock_s += seconds(t4, t5);
    fma64 += static_cast<double>(d.fmas);
    fma32 += static_cast<double>(f.fmas);
    exp64 += static_cast<double>(kExponents * kExpPasses);
    exp32 += static_cast<double>(kExponents * kExpPasses);
    cycles += static_cast<double>(c);
    sink += d.sum + f.sum + e64 + e32;
    isa = d.isa;
    benchmark::DoNotOptimize(sink);
  }

  // Throughputs per ns; ghz is 0 where the clock loop is not available.
  double fma64_per_ns() const { return fma64 / (1e9 * fma64_s); }
  double fma32_per_ns() const { return fma32 / (1e9 * fma32_s); }
  double exp64_per_ns() const { return exp64 / (1e9 * exp64_s); }
  double exp32_per_ns() const { return exp32 / (1e9 * exp32_s); }
  double ghz() const { return cycles / (1e9 * clock_s); }

  void report(benchmark::State& state) const {
    state.counters["fma64_per_ns"] = fma64_per_ns();
    state.counters["fma32_per_ns"] = fma32_per_ns();
    state.counters["exp64_per_ns"] = exp64_per_ns();
    state.counters["exp32_per_ns"] = exp32_per_ns();
    state.counters["ghz"] = ghz();
    if (ghz() > 0.0) {
      state.counters["fma64_per_cycle"] = fma64_per_ns() / ghz();
      state.counters["fma32_per_cycle"] = fma32_per_ns() / ghz();
      state.counters["exp64_cycles"] = ghz() / exp64_per_ns();  // cycles per exponential
      state.counters["exp32_cycles"] = ghz() / exp32_per_ns();
    }
  }
};

// ---- The data -----------------------------------------------------------------------------------

using bench::Images;
using bench::env_or;
using bench::kColumns;

const Images& images() { return bench::rotated_images("4000"); }

// Block 0 as the fast path holds it: y = sqrt(N_k)·rotated(:, 0..k−1), centred on its mean,
// coordinate-major (centres[c·n + l]; docs/mathematics.md §4, block_entropy.hpp).
std::vector<double> block_zero(const Images& data, std::size_t k) {
  const auto n = static_cast<std::size_t>(data.rotated.rows());
  std::vector<double> centres(k * n);
  // sqrt(N_k) with N_k = 784/k (k = 32 does not divide 784: its block stands in for the
  // k = 32 blocks of larger images, scaled alike).
  const double scale = std::sqrt(static_cast<double>(kColumns) / static_cast<double>(k));
  for (std::size_t c = 0; c < k; ++c) {
    double mean = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      centres[c * n + i] = scale * data.rotated(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(c));
      mean += centres[c * n + i];
    }
    mean /= static_cast<double>(n);
    for (std::size_t i = 0; i < n; ++i) centres[c * n + i] -= mean;
  }
  return centres;
}

// s = ν·sqrt(tr Σ̂/k) (docs/mathematics.md §5).
double dither_sd(const Images& data, double nu2, std::size_t k) {
  return std::sqrt(nu2 * data.trace / static_cast<double>(k));
}

// ---- The product kernel ---------------------------------------------------------------------------

// One tile of the fast path for a lone level at n_mc = 1: rows 0..31, one draw each, queries
// formed as fast_tile_sums forms them; the same queries rounded to float for the single kernel,
// with the bounds of both kernels.
constexpr std::size_t kQueries = goldfeld::kTileRows;

struct ProductQueries {
  std::vector<double> weights, offsets, scales;
  std::vector<float> weights32, offsets32, scales32;
  double exponent_bound = 0.0;
  double single_bound = 0.0;  // largest `near` bound
  double single_fits = 0.0;   // queries within the single kernel's bounds
};

ProductQueries product_queries(const std::vector<double>& centres, std::size_t n, std::size_t k,
                               const goldfeld::ProductCentres& product, const goldfeld::SingleCentres& single,
                               const LevelScale& level) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  ProductQueries out{std::vector<double>(kQueries * k), std::vector<double>(kQueries),
                     std::vector<double>(kQueries, level.half_inv_s2), std::vector<float>(kQueries * k),
                     std::vector<float>(kQueries), std::vector<float>(kQueries, static_cast<float>(level.half_inv_s2))};
  for (std::size_t q = 0; q < kQueries; ++q) {
    std::vector<double> z(k);
    double z2 = 0.0;
    for (double& x : z) {
      x = normal(rng);
      z2 += x * x;
    }
    const double bound = goldfeld::product_exponent_error(k, product.norm2[q], product.max_norm2, z2, level);
    out.exponent_bound = std::max(out.exponent_bound, bound);
    out.offsets[q] = goldfeld::product_query(centres.data() + q, n, product.norm2[q], z.data(), k, level,
                                             out.weights.data() + q * k);
    for (std::size_t c = 0; c < k; ++c) out.weights32[q * k + c] = static_cast<float>(out.weights[q * k + c]);
    out.offsets32[q] = static_cast<float>(out.offsets[q]);
    const goldfeld::SingleExponentError error = goldfeld::single_exponent_error(
        single, out.weights32.data() + q * k, out.offsets32[q], out.scales32[q], z2, bound);
    out.single_bound = std::max(out.single_bound, error.near);
    out.single_fits += goldfeld::fits_single(error, z2) ? 1.0 : 0.0;
  }
  return out;
}

void BM_ProductFloor(benchmark::State& state) {
  const auto k = static_cast<std::size_t>(state.range(0));
  const double nu2 = std::stod(env_or("RECONBOUND_BENCH_NU2", "1.6"));
  const Images& data = images();
  const auto n = static_cast<std::size_t>(data.rotated.rows());
  const std::vector<double> centres = block_zero(data, k);
  const double s = dither_sd(data, nu2, k);
  const LevelScale level{0.5 / (s * s), 1.0 / s};
  const goldfeld::ProductCentres product = goldfeld::product_centres(centres.data(), n, k);
  const goldfeld::SingleCentres single = goldfeld::single_centres(product);
  const ProductQueries queries = product_queries(centres, n, k, product, single, level);
  const double cut = std::log(static_cast<double>(n)) + goldfeld::kTruncationNats;
  goldfeld::ShiftedKernelWorkspace work;
  std::vector<double> sums(kQueries), skipped(kQueries), smallest(kQueries);
  std::vector<double> sums32(kQueries), skipped32(kQueries), smallest32(kQueries);
  Floor floor;
  double kernel_s = 0.0;
  double kernel32_s = 0.0;
  for (auto _ : state) {
    const auto start = Clock::now();
    goldfeld::product_kernel_sums(product, queries.weights.data(), queries.offsets.data(), queries.scales.data(),
                                  kQueries, cut, work, sums.data(), skipped.data(), smallest.data());
    const auto middle = Clock::now();
    goldfeld::single_kernel_sums(single, queries.weights32.data(), queries.offsets32.data(),
                                 queries.scales32.data(), kQueries, cut, work, sums32.data(), skipped32.data(),
                                 smallest32.data());
    const auto end = Clock::now();
    kernel_s += seconds(start, middle);
    kernel32_s += seconds(middle, end);
    benchmark::DoNotOptimize(sums.data());
    benchmark::DoNotOptimize(sums32.data());
    floor.sample();
  }
  const double pairs = static_cast<double>(state.iterations()) * static_cast<double>(kQueries * n);
  const double kernel_ns = 1e9 * kernel_s / pairs;
  const double kernel32_ns = 1e9 * kernel32_s / pairs;
  // The largest relative difference of the two kernels' sums (within their bounds' sum).
  double sum_difference = 0.0;
  for (std::size_t q = 0; q < kQueries; ++q) {
    sum_difference = std::max(sum_difference, std::abs(sums32[q] - sums[q]) / sums[q]);
  }
  // floor(k) = k / P_fma + 1 / P_exp (ns per pair; the file's comment).
  const double kd = static_cast<double>(k);
  const double floor64 = kd / floor.fma64_per_ns() + 1.0 / floor.exp64_per_ns();
  const double floor32 = kd / floor.fma32_per_ns() + 1.0 / floor.exp32_per_ns();
  double skipped_total = 0.0;
  for (const double x : skipped) skipped_total += x;
  state.counters["kernel64_ns_per_pair"] = kernel_ns;
  state.counters["floor64_ns_per_pair"] = floor64;
  state.counters["fraction64"] = floor64 / kernel_ns;
  state.counters["kernel32_ns_per_pair"] = kernel32_ns;
  state.counters["floor32_ns_per_pair"] = floor32;
  state.counters["fraction32"] = floor32 / kernel32_ns;
  state.counters["speedup32"] = kernel_ns / kernel32_ns;
  state.counters["max_single_bound"] = queries.single_bound;
  state.counters["single_share"] = queries.single_fits / static_cast<double>(kQueries);
  state.counters["max_sum_difference"] = sum_difference;
  state.counters["skipped_share"] = skipped_total / static_cast<double>(kQueries * n);
  state.counters["max_exponent_bound"] = queries.exponent_bound;
  state.counters["n"] = static_cast<double>(n);
  state.counters["nu2"] = nu2;
  floor.report(state);
  state.SetLabel(floor.isa);
}

// ---- The chained kernel (whole grid, k ≤ 8) -------------------------------------------------------

void BM_ChainedFloor(benchmark::State& state) {
  const auto k = static_cast<std::size_t>(state.range(0));
  const Images& data = images();
  const auto n = static_cast<std::size_t>(data.rotated.rows());
  const std::vector<double> centres = block_zero(data, k);
  std::vector<double> sds;
  for (const double nu2 : kGridNu2) sds.push_back(dither_sd(data, nu2, k));
  const goldfeld::LevelPlan plan = goldfeld::level_plan(sds, k, goldfeld::ProductPrecision::double_precision);
  if (!plan.chained) {
    state.SkipWithError("the plan has no chains at this k");
    return;
  }
  // n_MC = k draws per row (the whole grid's default at Fashion-MNIST size, docs/fast_estimator.md),
  // four rows per iteration.
  const std::size_t draws = k;
  constexpr std::size_t kRows = 4;
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  std::vector<double> z(kRows * draws * k);
  for (double& x : z) x = normal(rng);
  goldfeld::ShiftedKernelWorkspace work;
  std::vector<double> sums(plan.scales.size() * draws);
  Floor floor;
  double kernel_s = 0.0;
  for (auto _ : state) {
    const auto start = Clock::now();
    for (std::size_t row = 0; row < kRows; ++row) {
      goldfeld::chained_kernel_sums(centres.data(), n, k, row, z.data() + row * draws * k, draws, plan, work,
                                    sums.data());
      benchmark::DoNotOptimize(sums.data());
    }
    const auto end = Clock::now();
    kernel_s += seconds(start, end);
    floor.sample();
  }
  const double draw_centres = static_cast<double>(state.iterations()) * static_cast<double>(kRows * draws * n);
  const double kernel_ns = 1e9 * kernel_s / draw_centres;  // per (draw, centre), all levels
  const auto levels = static_cast<double>(plan.scales.size());
  const auto chains = static_cast<double>(plan.chains.size());
  double tops_with_child = 0.0;
  for (std::size_t v = 0; v < plan.scales.size(); ++v) {
    if (plan.parent[v] == goldfeld::kTopLevel && plan.has_child[v]) tops_with_child += 1.0;
  }
  const double kd = static_cast<double>(k);
  const double d = static_cast<double>(draws);
  // floor = (k + 3(L − C) + 2k/d) / P_fma + (C + C_p/d) / P_exp (ns per (draw, centre); the file's comment).
  const double floor64 = (kd + 3.0 * (levels - chains) + 2.0 * kd / d) / floor.fma64_per_ns() +
                         (chains + tops_with_child / d) / floor.exp64_per_ns();
  state.counters["kernel64_ns_per_draw_centre"] = kernel_ns;
  state.counters["kernel64_ns_per_pair_level"] = kernel_ns / levels;
  state.counters["floor64_ns_per_draw_centre"] = floor64;
  state.counters["fraction64"] = floor64 / kernel_ns;
  state.counters["levels"] = levels;
  state.counters["chains"] = chains;
  state.counters["draws"] = d;
  state.counters["n"] = static_cast<double>(n);
  floor.report(state);
  state.SetLabel(floor.isa);
}

BENCHMARK(BM_ProductFloor)->ArgName("k")->Arg(4)->Arg(8)->Arg(16)->Arg(28)->Arg(32)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_ChainedFloor)->ArgName("k")->Arg(4)->Arg(8)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace

BENCHMARK_MAIN();
