// The hot loops of the goldfeld fast path (docs/fast_estimator.md) against sums in 50-digit
// arithmetic on the same inputs: for every level and draw, the computed mixture sum S̃ must
// satisfy |S̃ − S| ≤ δ·S with δ the proven bound (sum_relative_error). Covers the chained
// kernel (squaring chains) on random data, on adversarial data that drives its factors and
// products into clamping, underflow and subnormals, and the direct kernel with truncation
// (the fallback for grids without chains), the product kernel (plans without chains, a lone
// level included) on the same kinds of data, with tails of fewer than 16 centres and query
// counts that are not whole register blocks; and the detection of chains from the dither sds.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "cpu/block_entropy.hpp"
#include "cpu/chained_kernel.hpp"
#include "cpu/fast_entropy.hpp"
#include "cpu/shifted_kernel.hpp"
#include "kernel_cases.hpp"
#include "mathematics/dither.hpp"
#include "mathematics/level_plan.hpp"
#include "mathematics/query_bound.hpp"

namespace reconbound::test {
namespace {

using goldfeld::LevelPlan;

// Runs the chained kernel and returns the violations of |S̃ − S| ≤ δ·S (empty if none).
std::string chained_problems(const KernelCase& c) {
  const LevelPlan plan = goldfeld::chained_levels(c.s);
  goldfeld::ShiftedKernelWorkspace work;
  std::vector<double> sums(c.s.size() * c.draws);
  goldfeld::chained_kernel_sums(c.centres.data(), c.n, c.k, c.self, c.z.data(), c.draws, plan,
                                work, sums.data());
  std::string problems;
  for (std::size_t v = 0; v < c.s.size(); ++v) {
    for (std::size_t j = 0; j < c.draws; ++j) {
      const double computed = sums[v * c.draws + j];
      const Big exact = reference_sum(c, v, j);
      const double delta = goldfeld::sum_relative_error(c.n, c.k, norm2_of(c, j), plan.depth[v],
                                                        goldfeld::chained_additions(c.n), 0.0);
      const double error = static_cast<double>(abs(Big(computed) - exact) / exact);
      if (!std::isfinite(computed) || !(error <= delta)) {
        problems += "level " + std::to_string(v) + " draw " + std::to_string(j) + ": relative error " +
                    std::to_string(error) + " > bound " + std::to_string(delta) + " (S~ = " +
                    std::to_string(computed) + ")\n";
      }
    }
  }
  return problems;
}

// Runs the direct kernel (truncation at `cut`) and returns the violations of |S̃ − S| ≤ δ·S.
std::string direct_problems(const KernelCase& c, double cut) {
  const LevelPlan plan = goldfeld::chained_levels(c.s);
  goldfeld::ShiftedKernelWorkspace work;
  const std::size_t count = c.s.size() * c.draws;
  std::vector<double> sums(count), skipped(count), smallest(count);
  goldfeld::shifted_kernel_sums(c.centres.data(), c.n, c.k, c.self, c.z.data(), c.draws,
                                plan.scales.data(), c.s.size(), cut, work, sums.data(),
                                skipped.data(), smallest.data());
  std::string problems;
  for (std::size_t v = 0; v < c.s.size(); ++v) {
    for (std::size_t j = 0; j < c.draws; ++j) {
      const std::size_t q = v * c.draws + j;
      const double z2 = norm2_of(c, j);
      const double delta = goldfeld::sum_relative_error(
          c.n, c.k, z2, 0, goldfeld::direct_additions(c.n),
          goldfeld::skipped_mass_bound(c.k, z2, skipped[q], smallest[q]));
      const Big exact = reference_sum(c, v, j);
      const double error = static_cast<double>(abs(Big(sums[q]) - exact) / exact);
      if (!std::isfinite(sums[q]) || !(error <= delta)) {
        problems += "level " + std::to_string(v) + " draw " + std::to_string(j) + ": relative error " +
                    std::to_string(error) + " > bound " + std::to_string(delta) + "\n";
      }
    }
  }
  return problems;
}

// Runs the product kernel on the queries of every sample point in `selves` × every level ×
// every draw in one call (as fast_tile_sums does for a tile) and returns the violations of
// |S̃ − S| ≤ δ·S. Queries whose exponent bound exceeds kProductExponentLimit (which the fast
// path routes to the difference kernel) are not checked; `checked` counts the others.
std::string product_problems(const KernelCase& c, const std::vector<std::size_t>& selves,
                             double cut, std::size_t& checked) {
  const LevelPlan plan = goldfeld::chained_levels(c.s);
  const goldfeld::ProductCentres centres = goldfeld::product_centres(c.centres.data(), c.n, c.k);
  std::vector<double> weights, offsets, scales, errors;
  for (const std::size_t self : selves) {
    for (std::size_t v = 0; v < c.s.size(); ++v) {
      for (std::size_t j = 0; j < c.draws; ++j) {
        std::vector<double> w(c.k);
        offsets.push_back(goldfeld::product_query(c.centres.data() + self, c.n,
                                                  centres.norm2[self], c.z.data() + j * c.k, c.k,
                                                  plan.scales[v], w.data()));
        weights.insert(weights.end(), w.begin(), w.end());
        scales.push_back(plan.scales[v].half_inv_s2);
        errors.push_back(goldfeld::product_exponent_error(c.k, centres.norm2[self],
                                                          centres.max_norm2, norm2_of(c, j),
                                                          plan.scales[v]));
      }
    }
  }
  const std::size_t count = offsets.size();
  std::vector<double> sums(count), skipped(count), smallest(count);
  goldfeld::ShiftedKernelWorkspace work;
  goldfeld::product_kernel_sums(centres, weights.data(), offsets.data(), scales.data(), count, cut,
                                work, sums.data(), skipped.data(), smallest.data());
  std::string problems;
  checked = 0;
  std::size_t q = 0;
  for (const std::size_t self : selves) {
    KernelCase one = c;
    one.self = self;
    for (std::size_t v = 0; v < c.s.size(); ++v) {
      for (std::size_t j = 0; j < c.draws; ++j, ++q) {
        if (!(errors[q] <= goldfeld::kProductExponentLimit)) continue;
        ++checked;
        const double delta = goldfeld::product_sum_relative_error(
            c.n, errors[q], goldfeld::direct_additions(c.n),
            goldfeld::product_skipped_mass_bound(errors[q], skipped[q], smallest[q]));
        const Big exact = reference_sum(one, v, j);
        const double error = static_cast<double>(abs(Big(sums[q]) - exact) / exact);
        if (!std::isfinite(sums[q]) || !(error <= delta)) {
          problems += "self " + std::to_string(self) + " level " + std::to_string(v) + " draw " +
                      std::to_string(j) + ": relative error " + std::to_string(error) +
                      " > bound " + std::to_string(delta) + "\n";
        }
      }
    }
  }
  return problems;
}

TEST(GoldfeldLevelPlan, ChainsTheDefaultGridIntoTwoChainsOfThree) {
  for (const std::size_t k : {1u, 7u, 28u}) {
    const LevelPlan plan = goldfeld::chained_levels(default_sds(3.43e6, k));
    ASSERT_TRUE(plan.chained);
    // ν² = 0.2, 0.4, 0.8, 1.6, 3.2, 6.4: parents 0.8, 1.6, 3.2, 6.4, top, top.
    const std::vector<std::size_t> parent{2, 3, 4, 5, goldfeld::kTopLevel, goldfeld::kTopLevel};
    const std::vector<std::size_t> depth{2, 2, 1, 1, 0, 0};
    EXPECT_EQ(plan.parent, parent) << "k=" << k;
    EXPECT_EQ(plan.depth, depth) << "k=" << k;
    EXPECT_EQ(plan.order, (std::vector<std::size_t>{5, 4, 3, 2, 1, 0}));
    EXPECT_EQ(plan.chains, (std::vector<std::vector<std::size_t>>{{5, 3, 1}, {4, 2, 0}}));
  }
}

TEST(GoldfeldLevelPlan, KeepsChainsLinearWhenSdsRepeat) {
  const LevelPlan plan = goldfeld::chained_levels({1.0, 2.0, 2.0});
  EXPECT_EQ(plan.parent, (std::vector<std::size_t>{1, goldfeld::kTopLevel, goldfeld::kTopLevel}));
  EXPECT_EQ(plan.chains, (std::vector<std::vector<std::size_t>>{{1, 0}, {2}}));
}

TEST(GoldfeldLevelPlan, LeavesGridsWithoutExactRatiosUnchained) {
  const LevelPlan plan = goldfeld::chained_levels({1.0, 1.9, 2.1, 3.0, 3.999999999});
  EXPECT_FALSE(plan.chained);
  for (const std::size_t p : plan.parent) EXPECT_EQ(p, goldfeld::kTopLevel);
}

TEST(GoldfeldLevelPlan, StartsANewChainBelowTheLongestAllowed) {
  std::vector<double> s;
  for (int e = 0; e < 10; ++e) s.push_back(std::ldexp(3.0, -e));  // s halves at every step
  const LevelPlan plan = goldfeld::chained_levels(s);
  for (std::size_t v = 0; v < s.size(); ++v) {
    EXPECT_EQ(plan.depth[v], v % (goldfeld::kMaxChainDepth + 1)) << "level " << v;
  }
}

RC_GTEST_PROP(GoldfeldChainedKernel, SumsWithinTheProvenBoundOnRandomData, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(1, 300);  // more than two tiles of 128
  const auto k = *rc::gen::element<std::size_t>(1, 2, 4, 7, 8, 14, 16, 28);
  const auto draws = *rc::gen::inRange<std::size_t>(1, 4);
  const auto spread = *rc::gen::element(1e-3, 0.3, 1.0, 3.0, 30.0);
  const auto seed = *rc::gen::inRange<std::uint64_t>(0, 1u << 30);
  RC_ASSERT(chained_problems(random_case(n, k, draws, spread, seed)) == std::string());
}

RC_GTEST_PROP(GoldfeldDirectKernel, SumsWithinTheProvenBoundOnRandomData, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(1, 300);
  const auto k = *rc::gen::element<std::size_t>(1, 2, 4, 7, 8, 14, 16, 28);
  const auto draws = *rc::gen::inRange<std::size_t>(1, 4);
  const auto spread = *rc::gen::element(1e-3, 0.3, 1.0, 3.0, 30.0);
  const auto seed = *rc::gen::inRange<std::uint64_t>(0, 1u << 30);
  KernelCase c = random_case(n, k, draws, spread, seed);
  c.s = {0.37, 0.9, 1.3, 2.2};  // no exact factor 2: the grid of the fallback
  RC_ASSERT(direct_problems(c, std::log(static_cast<double>(n)) + goldfeld::kTruncationNats) ==
            std::string());
}

// Random data, any n from 1 to 300 (tails of 0..15 centres in the last register block, one
// or more cache chunks' worth of blocks) and 1..13 sample points per call (query counts
// that are not multiples of the register block of 8), one level or four.
RC_GTEST_PROP(GoldfeldProductKernel, SumsWithinTheProvenBoundOnRandomData, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(1, 300);
  const auto k = *rc::gen::element<std::size_t>(1, 2, 4, 7, 8, 14, 16, 28);
  const auto draws = *rc::gen::inRange<std::size_t>(1, 3);
  const auto spread = *rc::gen::element(1e-3, 0.3, 1.0, 3.0, 30.0);
  const auto seed = *rc::gen::inRange<std::uint64_t>(0, 1u << 30);
  const auto rows = *rc::gen::inRange<std::size_t>(1, 14);
  const auto lone = *rc::gen::arbitrary<bool>();
  KernelCase c = random_case(n, k, draws, spread, seed);
  c.s = lone ? std::vector<double>{1.3} : std::vector<double>{0.37, 0.9, 1.3, 2.2};
  std::vector<std::size_t> selves;
  for (std::size_t r = 0; r < rows; ++r) selves.push_back((seed + 37 * r) % n);
  std::size_t checked = 0;
  RC_ASSERT(product_problems(c, selves, std::log(static_cast<double>(n)) +
                                            goldfeld::kTruncationNats, checked) == std::string());
  RC_ASSERT(checked > 0u);
}

// More centres than one cache chunk (1024) with a tail, at the default levels: the partial
// sums carry over from chunk to chunk.
TEST(GoldfeldProductKernel, SumsWithinTheBoundAcrossCacheChunks) {
  std::size_t checked = 0;
  const KernelCase c = random_case(2085, 7, 1, 1.0, 21);
  EXPECT_EQ(product_problems(c, {0, 1, 1000, 2084}, std::log(2085.0) + goldfeld::kTruncationNats,
                             checked),
            "");
  EXPECT_EQ(checked, 4u * c.s.size());
}

// The adversarial line of the chained kernel's test: exponents from about −345 to far beyond
// the clamp, groups skipped next to huge terms, and queries from both ends of the line.
TEST(GoldfeldProductKernel, StaysWithinTheBoundWhenTermsClampOrAreSkipped) {
  const std::size_t k = 3;
  const std::size_t n = 403;  // a tail of 3 centres
  for (const double norm2 : {1.0, 400.0, 1300.0}) {
    KernelCase c{n, k, 0, 2, std::vector<double>(k * n, 0.0), {}, {0.5, 1.1, 2.7}};
    const double unit[3] = {0.6, 0.8, 0.0};
    for (std::size_t l = 1; l < n; ++l) {
      for (std::size_t q = 0; q < k; ++q) c.centres[q * n + l] = 0.45 * static_cast<double>(l) * unit[q];
    }
    const double length = std::sqrt(norm2);
    c.z = {-length * 0.6, -length * 0.8, 0.0, length * 0.28, -length * 0.96, 0.0};
    std::size_t checked = 0;
    EXPECT_EQ(product_problems(c, {0, 1, 200, 402}, std::log(static_cast<double>(n)) +
                                                        goldfeld::kTruncationNats,
                               checked),
              "")
        << "|Z|^2 = " << norm2;
    EXPECT_EQ(checked, 4u * 3u * 2u);
  }
}

// Two clusters 400 apart at the narrowest default levels: their between-cluster exponents
// are far beyond the clamp, and the points' norms (up to 800, the data are not centred) make the exponent
// bound of the narrowest level exceed kProductExponentLimit, so those queries go to the
// difference kernel; the rest must hold.
TEST(GoldfeldProductKernel, StaysWithinTheBoundForFarClusters) {
  const std::size_t k = 4;
  KernelCase c = random_case(260, k, 3, 0.5, 11);
  for (std::size_t l = 0; l < c.n; l += 2) {
    for (std::size_t q = 0; q < k; ++q) c.centres[q * c.n + l] += 400.0;
  }
  std::size_t checked = 0;
  EXPECT_EQ(product_problems(c, {0, 1, 129, 259}, std::log(260.0) + goldfeld::kTruncationNats,
                             checked),
            "");
  EXPECT_GT(checked, 0u);
}

// A tile of one block through fast_tile_sums with a lone level, on data where most rows are
// near the mean (product kernel) and a few far from it (exponent bound above
// kProductExponentLimit: difference kernel): Σ_q ṽ_q against the 50-digit values
// Σ_q (‖Z_q‖²/2 − ln S_q) on the same draws, within Σ_q e_q (plus the plain sum's rounding).
TEST(GoldfeldFastTile, MixesProductAndDifferenceRowsWithinTheBound) {
  const std::size_t n = 100;
  const std::size_t k = 4;
  const RowMatrix data = rows_with_far_ones(n, k, 5, 40, 3, 60.0);  // far rows: norm ≈ 120 from the mean
  const goldfeld::BlockPoints points(data, k, 0, 0, static_cast<std::size_t>(data.cols()));
  const goldfeld::ProductCentres product =
      goldfeld::product_centres(points.coordinate_major(), n, k);
  const double s = 0.05;  // h = 200: ε_q ≈ 4e-9 near the mean, ≈ 2e-8 at the far rows
  const LevelPlan plan = goldfeld::chained_levels({s});
  const std::size_t n_mc = 2;
  const std::size_t row_begin = 0;
  const std::size_t row_end = 45;  // rows 3 and 43 are far
  goldfeld::NormalStream dither(9, k, 0);
  goldfeld::ShiftedKernelWorkspace work;
  const goldfeld::TileSums tile =
      goldfeld::fast_tile_sums(points, &product, nullptr, plan, n_mc, dither, row_begin, row_end, work);
  // The same draws, the routing of each row, and the values in 50 digits.
  goldfeld::NormalStream replay(9, k, 0);
  KernelCase c{n, k, 0, n_mc, std::vector<double>(points.coordinate_major(),
                                                  points.coordinate_major() + k * n), {}, {s}};
  std::size_t far_rows = 0;
  Big exact_total = 0;
  for (std::size_t i = row_begin; i < row_end; ++i) {
    c.self = i;
    c.z.resize(n_mc * k);
    for (double& z : c.z) z = replay.next();
    bool far = false;
    for (std::size_t j = 0; j < n_mc; ++j) {
      far |= goldfeld::product_exponent_error(k, product.norm2[i], product.max_norm2,
                                              norm2_of(c, j), plan.scales[0]) >
             goldfeld::kProductExponentLimit;
      exact_total += Big(0.5) * Big(norm2_of(c, j)) - boost::multiprecision::log(reference_sum(c, 0, j));
    }
    far_rows += far ? 1 : 0;
  }
  EXPECT_EQ(far_rows, 2u);
  const double allowed = tile.error[0] + 1e-13 * tile.magnitude[0];
  const double difference = static_cast<double>(abs(Big(tile.value[0]) - exact_total));
  EXPECT_LE(difference, allowed);
  EXPECT_LE(tile.error[0], 1e-5);  // 90 queries, ≤ 1.1e-7 nats each
}

// A chain of seven levels (s halving six times): three passes over each tile (segments of
// 3, 3 and 1 levels), the deepest level at depth 6 with the largest ρ_d.
TEST(GoldfeldChainedKernel, SumsWithinTheBoundAlongTheLongestChain) {
  for (const std::size_t k : {1u, 5u}) {
    KernelCase c = random_case(150, k, 2, 4.0, 3 + k);
    c.s.clear();
    for (int e = 0; e <= static_cast<int>(goldfeld::kMaxChainDepth); ++e) c.s.push_back(std::ldexp(5.0, -e));
    ASSERT_EQ(goldfeld::chained_levels(c.s).chains.size(), 1u);
    EXPECT_EQ(chained_problems(c), "") << "k=" << k;
  }
}

// Centres on a line through the own centre at distances spanning 0 to ~70 s_top, and draws
// pointing back along the line with ‖Z‖² up to the chain limit: exponents at the tops run
// from about −350 (huge terms) to far beyond the clamp, the factors e^{−D·h_p} clamp or
// underflow, and the products t̃_p·F̃_p pass through subnormals. Every sum must still be
// within its bound (and finite).
TEST(GoldfeldChainedKernel, StaysWithinTheBoundWhenFactorsClampAndProductsUnderflow) {
  const std::size_t k = 3;
  const std::size_t n = 400;
  const std::vector<double> s = default_sds(3.0, k);  // s_top = sqrt(6.4) ≈ 2.53
  for (const double norm2 : {1.0, 100.0, 400.0, goldfeld::kChainNormLimit}) {
    KernelCase c{n, k, 0, 2, std::vector<double>(k * n, 0.0), {}, s};
    const double unit[3] = {0.6, 0.8, 0.0};
    for (std::size_t l = 1; l < n; ++l) {
      const double distance = 0.45 * static_cast<double>(l);  // up to ~180 = 71 s_top
      for (std::size_t q = 0; q < k; ++q) c.centres[q * n + l] = distance * unit[q];
    }
    // Draw 0 points from the own centre towards the others (G < 0: negative exponents),
    // draw 1 partly across the line.
    const double length = std::sqrt(norm2);
    c.z = {-length * 0.6, -length * 0.8, 0.0, -length * 0.28, -length * 0.96, 0.0};
    EXPECT_EQ(chained_problems(c), "") << "|Z|^2 = " << norm2;
  }
}

// Two far clusters at the narrowest levels: D·h at the parents is in the thousands between
// clusters (clamped factors), near 0 within them.
TEST(GoldfeldChainedKernel, StaysWithinTheBoundForFarClusters) {
  const std::size_t k = 4;
  KernelCase c = random_case(260, k, 3, 0.5, 11);
  for (std::size_t l = 0; l < c.n; l += 2) {
    for (std::size_t q = 0; q < k; ++q) c.centres[q * c.n + l] += 400.0;
  }
  for (const std::size_t self : {0u, 1u, 129u}) {
    c.self = self;
    EXPECT_EQ(chained_problems(c), "") << "self=" << self;
  }
}

// The fallback kernel under the same stress, with truncation on.
TEST(GoldfeldDirectKernel, StaysWithinTheBoundWhenTermsClampOrAreSkipped) {
  const std::size_t k = 3;
  const std::size_t n = 200;
  KernelCase c{n, k, 0, 1, std::vector<double>(k * n, 0.0), {}, {0.5, 1.1, 2.7}};
  for (std::size_t l = 1; l < n; ++l) c.centres[l] = 0.7 * static_cast<double>(l);
  c.z = {-20.0, 10.0, 5.0};
  EXPECT_EQ(direct_problems(c, std::log(static_cast<double>(n)) + goldfeld::kTruncationNats), "");
}

}  // namespace
}  // namespace reconbound::test
