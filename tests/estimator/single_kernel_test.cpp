// The single-precision product kernel of the goldfeld fast path (single_kernel.hpp,
// single_bound.hpp; docs/fast_estimator.md, "The single-precision product kernel") against
// references in long double and 50 digits:
//  * its exponential over its whole range, fused (the x86-64-v3/v4 clones) and unfused;
//  * the exponent bounds ε_q, on random and adversarial inputs (large norms, tiny s,
//    near-duplicate records, far clusters), for the kernel's operation order fused and unfused;
//  * its sums against the proven δ, and a tile of fast_tile_sums mixing the single, double
//    product and difference kernels;
//  * the deliberate break: each bound halved (the test-only factor `allowed`) fails on an
//    input where the bound is tight within a factor two.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "cpu/block_entropy.hpp"
#include "cpu/exp_neg_single.hpp"
#include "cpu/fast_entropy.hpp"
#include "cpu/kernel_clones.hpp"
#include "cpu/shifted_kernel.hpp"
#include "cpu/single_bound.hpp"
#include "cpu/single_kernel.hpp"
#include "kernel_cases.hpp"
#include "mathematics/dither.hpp"
#include "mathematics/level_plan.hpp"
#include "mathematics/query_bound.hpp"

// FloatVectors live only inside the functions below, as in the kernels.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

namespace reconbound::test {
namespace {

using goldfeld::detail::FloatVector;
using goldfeld::detail::kFloatLanes;
using goldfeld::detail::kSingleExpRelativeError;

// ---- The exponential ----------------------------------------------------------------------

// exp_neg_single on FloatVectors with the kernels' clones (this file is compiled with their
// FMA contraction, so on an x86-64-v3/v4 CPU this is the fused evaluation the kernel runs);
// `count` a multiple of 16.
RECONBOUND_GOLDFELD_CLONES
void exp_vectors(const float* a, float* out, std::size_t count) {
  for (std::size_t i = 0; i < count; i += kFloatLanes) {
    FloatVector x;
    std::memcpy(&x, a + i, sizeof x);
    const FloatVector e = goldfeld::detail::exp_neg_single(x);
    std::memcpy(out + i, &e, sizeof e);
  }
}

// Exponents over [−87.5, 87]: a dense grid, the ends, and the points where |r| is largest
// (x = −a at j·ln2 ± 0.3466, just inside and outside each rounding boundary of j).
std::vector<float> exponential_inputs() {
  std::vector<float> a;
  constexpr int kGrid = 1 << 21;
  for (int i = 0; i <= kGrid; ++i) a.push_back(static_cast<float>(-87.5 + 174.5 * i / kGrid));
  for (int j = -126; j <= 126; ++j) {
    for (const double offset : {-0.34657, -0.3465, -0.2, 0.0, 0.2, 0.3465, 0.34657}) {
      float x = static_cast<float>(j * std::numbers::ln2 + offset);
      for (int step = 0; step < 64; ++step) {
        if (-x >= -87.5f && -x <= goldfeld::detail::kSingleExponentClamp) a.push_back(-x);
        x = std::nextafter(x, offset < 0 ? -1e9f : 1e9f);
      }
    }
  }
  a.push_back(-87.5f);
  a.push_back(goldfeld::detail::kSingleExponentClamp);
  while (a.size() % kFloatLanes != 0) a.push_back(0.0f);
  return a;
}

// Largest |computed/e^{−a} − 1| over the inputs (long double reference), fused or not.
double largest_exponential_error(const std::vector<float>& a, bool fused) {
  std::vector<float> e(a.size());
  if (fused) {
    exp_vectors(a.data(), e.data(), a.size());
  } else {
    for (std::size_t i = 0; i < a.size(); ++i) e[i] = goldfeld::detail::exp_neg_single(a[i]);
  }
  long double largest = 0.0L;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const long double exact = std::exp(-static_cast<long double>(a[i]));
    largest = std::max(largest, std::abs(static_cast<long double>(e[i]) / exact - 1.0L));
  }
  return static_cast<double>(largest);
}

TEST(SingleExponential, StaysWithinItsProvenBoundOverItsRange) {
  const std::vector<float> a = exponential_inputs();
  for (const bool fused : {false, true}) {
    const double error = largest_exponential_error(a, fused);
    EXPECT_LE(error, kSingleExpRelativeError) << (fused ? "fused" : "unfused");
    // The deliberate break: the bound halved fails (the truncation alone reaches 1.6e-7).
    EXPECT_GT(error, 0.5 * kSingleExpRelativeError) << (fused ? "fused" : "unfused");
    std::printf("exp_neg_single %s: largest relative error %.3g (bound %.3g)\n",
                fused ? "fused" : "unfused", error, kSingleExpRelativeError);
  }
}

// ---- The exponent bounds -----------------------------------------------------------------

// The kernel's exponent of query q and centre l: fl(c̃ + h̃·Ñ_l), then fl(s − w̃_c·ỹ_lc) for
// c = 0..k−1, with fused multiply-adds or with every product rounded (this file's own code has
// no FMA instructions outside the clones).
float computed_exponent(const SingleQueries& queries, std::size_t q, std::size_t l, bool fused) {
  const goldfeld::SingleCentres& centres = queries.single;
  const float* weight = queries.weights.data() + q * centres.k;
  const float h = queries.scales[q];
  float s = fused ? std::fma(h, centres.norm2[l], queries.offsets[q]) : queries.offsets[q] + h * centres.norm2[l];
  for (std::size_t c = 0; c < centres.k; ++c) {
    const float y = centres.values[c * centres.stride + l];
    s = fused ? std::fma(-weight[c], y, s) : s - weight[c] * y;
  }
  return s;
}

// The exact exponent a_l = ‖y_i − y_l‖²/(2s²) + ⟨Z, y_i − y_l⟩/s in long double (its own
// rounding is below 1e-17 relative to the terms, far inside the bounds checked).
long double exact_exponent(const KernelCase& c, const SingleQueries& queries, std::size_t q, std::size_t l) {
  const long double s = c.s[queries.level[q]];
  long double d = 0.0L;
  long double g = 0.0L;
  for (std::size_t m = 0; m < c.k; ++m) {
    const long double diff = static_cast<long double>(c.centres[m * c.n + queries.self[q]]) - c.centres[m * c.n + l];
    d += diff * diff;
    g += static_cast<long double>(c.z[queries.draw[q] * c.k + m]) * diff;
  }
  return d / (2.0L * s * s) + g / s;
}

// The violations of |ã_l − a_l| ≤ allowed·`all` (every l) and ≤ allowed·`near` (a_l ≤ ln n + 40)
// for every query with all ≤ 1 (the bounds' precondition), fused and unfused; `allowed` is 1,
// or 0.5 for the deliberate break. `checked` counts the queries checked, `tightest` is the
// largest |ã − a|/near seen.
std::string exponent_problems(const KernelCase& c, const std::vector<std::size_t>& rows, double allowed,
                              std::size_t& checked, double& tightest) {
  const SingleQueries queries = single_queries(c, rows);
  const long double far = std::log(static_cast<long double>(c.n)) + goldfeld::kSingleFarNats;
  std::string problems;
  checked = 0;
  tightest = 0.0;
  for (std::size_t q = 0; q < queries.offsets.size(); ++q) {
    const goldfeld::SingleExponentError& error = queries.errors[q];
    if (!(error.all <= 1.0)) continue;
    ++checked;
    for (std::size_t l = 0; l < c.n; ++l) {
      const long double exact = exact_exponent(c, queries, q, l);
      for (const bool fused : {false, true}) {
        const auto difference = static_cast<double>(std::abs(computed_exponent(queries, q, l, fused) - exact));
        const bool near = exact <= far;
        if (near) tightest = std::max(tightest, difference / error.near);
        if (!(difference <= allowed * (near ? error.near : error.all))) {
          problems += "query " + std::to_string(q) + " centre " + std::to_string(l) + (fused ? " fused" : " unfused") +
                      ": |a~ - a| = " + std::to_string(difference) + " > " + std::to_string(allowed) + " x bound " +
                      std::to_string(near ? error.near : error.all) + "\n";
        }
      }
    }
  }
  return problems;
}

RC_GTEST_PROP(SingleExponentBound, HoldsOnRandomData, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(1, 120);
  const auto k = *rc::gen::element<std::size_t>(1, 2, 4, 7, 16, 28, 32);
  const auto spread = *rc::gen::element(1e-3, 0.3, 1.0, 3.0, 30.0);
  const auto seed = *rc::gen::inRange<std::uint64_t>(0, 1u << 30);
  KernelCase c = random_case(n, k, 2, spread, seed);
  c.s = default_sds(static_cast<double>(k) * spread * spread, k);  // the levels of data of this spread
  std::size_t checked = 0;
  double tightest = 0.0;
  RC_ASSERT(exponent_problems(c, {c.self, (c.self + 7) % n}, 1.0, checked, tightest) == std::string());
  RC_ASSERT(checked > 0u);
}

// Adversarial blocks: a few points far from the mean (large norms: the cancellation in
// c_q + h·N_l − ⟨w_q, y_l⟩ is largest), tiny dither sds (h up to 5e9), near-duplicate records
// (differences at the data's last bits), two far clusters.
TEST(SingleExponentBound, HoldsOnAdversarialData) {
  const std::size_t k = 16;
  std::vector<KernelCase> cases;
  cases.push_back(outlier_case(k));
  KernelCase tiny = random_case(70, k, 2, 1.0, 4);
  tiny.s = {1e-5, 1e-3, 0.02};
  cases.push_back(tiny);
  cases.push_back(near_duplicate_case(k));
  KernelCase clusters = random_case(60, k, 2, 0.5, 6);
  for (std::size_t l = 0; l < 60; l += 2) {
    for (std::size_t q = 0; q < k; ++q) clusters.centres[q * 60 + l] += 400.0;
  }
  clusters.s = {0.7, 3.0, 60.0};
  cases.push_back(clusters);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    std::size_t checked = 0;
    double tightest = 0.0;
    EXPECT_EQ(exponent_problems(cases[i], {0, 1, 5, cases[i].n - 1}, 1.0, checked, tightest), "") << "case " << i;
    EXPECT_GT(checked, 0u) << "case " << i;
    std::printf("case %zu: %zu queries, largest |a~ - a| / near bound %.3g\n", i, checked, tightest);
  }
}

// The deliberate break for ε_q. One coordinate, the query at the origin with Z = 0 (so w = 0
// and c = 0), h̃ = 1 + 2047·2^-23 and Ñ_1 = 1 + 2049·2^-23 (their product lies just below a
// midpoint of floats), h and N_1 just below the midpoints above them: all three roundings lose
// almost u·h·N_1, so |ã_1 − a_1| ≈ 3u·h·N_1 against near = 5.1u·h·N_1 + (double parts).
TEST(SingleExponentBound, IsTightWithinAFactorTwoSoThatHalvingItFails) {
  const double h_single = 1.0 + 2047.0 * 0x1.0p-23;
  const double n_single = 1.0 + 2049.0 * 0x1.0p-23;
  const double h = h_single + 0.999 * 0x1.0p-24;  // rounds down to h_single
  KernelCase c{2, 1, 0, 1, {0.0, std::sqrt(n_single + 0.999 * 0x1.0p-24)}, {0.0}, {1.0 / std::sqrt(2.0 * h)}};
  ASSERT_EQ(static_cast<float>(0.5 / (c.s[0] * c.s[0])), static_cast<float>(h_single));
  ASSERT_EQ(static_cast<float>(c.centres[1] * c.centres[1]), static_cast<float>(n_single));
  std::size_t checked = 0;
  double tightest = 0.0;
  EXPECT_EQ(exponent_problems(c, {0}, 1.0, checked, tightest), "");
  EXPECT_EQ(checked, 1u);
  EXPECT_NE(exponent_problems(c, {0}, 0.5, checked, tightest), "");  // the bound halved fails
  EXPECT_GT(tightest, 0.5);
}

// ---- The sums ------------------------------------------------------------------------------

// Runs single_kernel_sums on the queries of `rows` and returns the violations of |S̃ − S| ≤ δ·S
// for the queries within the kernel's bounds (fits_single), the others (which the fast path
// routes to the double kernels) unchecked; `checked` counts them and `skipped_centres` their
// skipped centres.
std::string single_problems(const KernelCase& c, const std::vector<std::size_t>& rows, double cut,
                            std::size_t& checked, double& skipped_centres) {
  const SingleQueries queries = single_queries(c, rows);
  const std::size_t count = queries.offsets.size();
  std::vector<double> sums(count), skipped(count), smallest(count);
  goldfeld::ShiftedKernelWorkspace work;
  goldfeld::single_kernel_sums(queries.single, queries.weights.data(), queries.offsets.data(),
                               queries.scales.data(), count, cut, work, sums.data(), skipped.data(),
                               smallest.data());
  std::string problems;
  checked = 0;
  skipped_centres = 0.0;
  for (std::size_t q = 0; q < count; ++q) {
    const goldfeld::SingleExponentError& error = queries.errors[q];
    if (!goldfeld::fits_single(error, queries.z_norm2[q])) continue;
    ++checked;
    skipped_centres += skipped[q];
    const double delta = goldfeld::single_sum_relative_error(
        c.n, error, goldfeld::product_skipped_mass_bound(error.all, skipped[q], smallest[q]));
    KernelCase one = c;
    one.self = queries.self[q];
    const Big exact = reference_sum(one, queries.level[q], queries.draw[q]);
    const double relative = static_cast<double>(abs(Big(sums[q]) - exact) / exact);
    if (!std::isfinite(sums[q]) || !(relative <= delta)) {
      problems += "query " + std::to_string(q) + ": relative error " + std::to_string(relative) + " > bound " +
                  std::to_string(delta) + "\n";
    }
  }
  return problems;
}

// The dither sd of the mixed tile: the bulk's bounds below kSingleExponentLimit, the far rows'
// above it.
constexpr double kMixedTileSd = 0.5;
constexpr double kMixedTileFarFactor = 6.0;

double cut_of(std::size_t n) { return std::log(static_cast<double>(n)) + goldfeld::kTruncationNats; }

// Random data, n from 1 to 300 (tails of 0..31 centres in the last register block, partial
// float runs) and 1..13 rows per call (query counts that are not whole register blocks).
RC_GTEST_PROP(SingleKernel, SumsWithinTheProvenBoundOnRandomData, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(1, 300);
  const auto k = *rc::gen::element<std::size_t>(1, 2, 4, 7, 8, 14, 16, 28);
  const auto draws = *rc::gen::inRange<std::size_t>(1, 3);
  const auto spread = *rc::gen::element(1e-3, 0.3, 1.0, 3.0, 30.0);
  const auto seed = *rc::gen::inRange<std::uint64_t>(0, 1u << 30);
  const auto rows = *rc::gen::inRange<std::size_t>(1, 14);
  KernelCase c = random_case(n, k, draws, spread, seed);
  c.s = *rc::gen::arbitrary<bool>() ? std::vector<double>{1.3} : std::vector<double>{0.37, 0.9, 1.3, 2.2};
  std::vector<std::size_t> selves;
  for (std::size_t r = 0; r < rows; ++r) selves.push_back((seed + 37 * r) % n);
  std::size_t checked = 0;
  double skipped = 0.0;
  RC_ASSERT(single_problems(c, selves, cut_of(n), checked, skipped) == std::string());
}

// More centres than one cache chunk (2,048) with a tail: the float runs and double lanes carry
// over from chunk to chunk.
TEST(SingleKernel, SumsWithinTheBoundAcrossCacheChunks) {
  KernelCase c = random_case(4133, 7, 1, 1.0, 21);
  c.s = default_sds(7.0, 7);
  std::size_t checked = 0;
  double skipped = 0.0;
  EXPECT_EQ(single_problems(c, {0, 1, 2050, 4132}, cut_of(c.n), checked, skipped), "");
  EXPECT_EQ(checked, 4u * c.s.size());
}

// Centres on a segment of length 32 through the mean, draws pointing along it: exponents from
// −‖Z‖²/2 to 512 (clamped beyond 87), blocks skipped next to huge terms; ‖Z‖² up to 160, near
// the floor.
TEST(SingleKernel, StaysWithinTheBoundWhenTermsClampOrAreSkipped) {
  for (const double norm2 : {1.0, 60.0, 160.0}) {
    const KernelCase c = line_case(norm2);
    std::size_t checked = 0;
    double skipped = 0.0;
    EXPECT_EQ(single_problems(c, {0, 1, 200, 402}, cut_of(c.n), checked, skipped), "") << "|Z|^2 = " << norm2;
    EXPECT_EQ(checked, 4u * 2u) << "|Z|^2 = " << norm2;
    EXPECT_GT(skipped, 0.0) << "|Z|^2 = " << norm2;
  }
}

// Near-duplicate records and outliers at narrow and wide levels.
TEST(SingleKernel, StaysWithinTheBoundOnNearDuplicatesAndOutliers) {
  KernelCase c = random_case(150, 16, 2, 1.0, 9);
  for (std::size_t l = 1; l < c.n; l += 3) {
    for (std::size_t q = 0; q < c.k; ++q) c.centres[q * c.n + l] = c.centres[q * c.n + l - 1] * (1.0 + 1e-9);
  }
  for (std::size_t q = 0; q < c.k; ++q) c.centres[q * c.n + 17] *= 40.0;
  c.s = {0.3, 1.3, 5.0};
  std::size_t checked = 0;
  double skipped = 0.0;
  EXPECT_EQ(single_problems(c, {0, 1, 17, 149}, cut_of(c.n), checked, skipped), "");
  EXPECT_GT(checked, 0u);
}

// ---- A tile of the fast path -------------------------------------------------------------

// A tile through fast_tile_sums with a lone level: most rows near the block's mean (single
// kernel), every tenth four times farther (its exponent bound beyond the single kernel's limit:
// the double product kernel). Σ_q ṽ_q against the 50-digit Σ_q (‖Z_q‖²/2 − ln S_q) on the
// same draws, within Σ_q e_q. (The double product kernel next to the difference kernel:
// fast_kernel_test.)
TEST(SingleKernel, MixesSingleAndDoubleRowsInATileWithinTheBound) {
  const std::size_t n = 100;
  const std::size_t k = 4;
  const RowMatrix data = rows_with_far_ones(n, k, 5, 10, 7, kMixedTileFarFactor);
  const goldfeld::BlockPoints points(data, k, 0, 0, static_cast<std::size_t>(data.cols()));
  const goldfeld::ProductCentres product = goldfeld::product_centres(points.coordinate_major(), n, k);
  const goldfeld::SingleCentres single = goldfeld::single_centres(product);
  const double s = kMixedTileSd;
  const goldfeld::LevelPlan plan = goldfeld::chained_levels({s});
  const std::size_t n_mc = 2;
  const std::size_t row_end = 45;
  goldfeld::NormalStream dither(9, k, 0);
  goldfeld::ShiftedKernelWorkspace work;
  const goldfeld::TileSums tile =
      goldfeld::fast_tile_sums(points, &product, &single, plan, n_mc, dither, 0, row_end, work);
  goldfeld::NormalStream replay(9, k, 0);
  KernelCase c{n, k, 0, n_mc, std::vector<double>(points.coordinate_major(), points.coordinate_major() + k * n), {}, {s}};
  std::size_t single_rows = 0;
  Big exact_total = 0;
  for (std::size_t i = 0; i < row_end; ++i) {
    c.self = i;
    c.z.resize(n_mc * k);
    for (double& z : c.z) z = replay.next();
    const SingleQueries queries = single_queries(c, {i});
    bool fits = true;
    for (std::size_t q = 0; q < queries.errors.size(); ++q) fits &= goldfeld::fits_single(queries.errors[q], queries.z_norm2[q]);
    single_rows += fits ? 1 : 0;
    for (std::size_t j = 0; j < n_mc; ++j) {
      exact_total += Big(0.5) * Big(norm2_of(c, j)) - boost::multiprecision::log(reference_sum(c, 0, j));
    }
  }
  std::printf("%zu of %zu rows in the single kernel\n", single_rows, row_end);
  EXPECT_GT(single_rows, 0u);
  EXPECT_LT(single_rows, row_end);
  const double allowed = tile.error[0] + 1e-13 * tile.magnitude[0];
  EXPECT_LE(static_cast<double>(abs(Big(tile.value[0]) - exact_total)), allowed);
}

}  // namespace
}  // namespace reconbound::test
