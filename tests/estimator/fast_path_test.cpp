// The goldfeld fast path (issue 4, docs/fast_estimator.md) against the exact path on the
// same draws: |ĥ_fast − ĥ_exact| within the proven margin t_num, per block and per grid
// pair, for every block size of the default MNIST grid: with the default dither levels
// (squaring chains), with levels without exact factor-2 ratios of s (the direct kernel),
// on far-apart clusters (clamped and underflowing factors), at a block size whose draws
// exceed the chains' ‖Z‖² limit (rows routed to the direct kernel), and with a lone level
// per block size at n_mc = 1 (the product kernels, as in a run certifying one grid pair) in
// single and double precision, also on adversarial samples (outliers, tiny s, near-duplicates),
// where the two precisions must agree within the sum of their margins.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "estimator_support.hpp"
#include "reconbound/verify/tolerances.hpp"

namespace reconbound::test {
namespace {

using verify::tolerance::kFastPathMaxNumericalBits;

// The block sizes of the default MNIST grid; m = 112 is divisible by all of them.
const std::vector<std::size_t> kBlockSizes{1, 2, 4, 7, 8, 14, 16, 28};
constexpr std::size_t kColumns = 112;

std::vector<GridPair> grid_of(const std::vector<double>& levels) {
  std::vector<GridPair> grid;
  for (const std::size_t k : kBlockSizes) {
    for (const double nu2 : levels) grid.push_back({k, nu2});
  }
  return grid;
}

// Checks fast against exact for one request; returns the problems found (empty if none)
// and sets `largest` to the largest t_num seen, which must lie in (0, max_t_num].
std::string fast_vs_exact_problems(const EntropyRequest& request, double& largest,
                                   const Params& fast_params = {},
                                   double max_t_num = kSingleMaxNumericalBits) {
  const auto fast = goldfeld(fast_params)->estimate(request);
  const auto exact = goldfeld(Params().set("exact", true))->estimate(request);
  std::string problems;
  const auto check = [&](bool ok, const GridEntropy& f, const std::string& what) {
    if (!ok) {
      problems += "k=" + std::to_string(f.pair.k) + " nu2=" + std::to_string(f.pair.nu2) +
                  ": " + what + "\n";
    }
  };
  largest = 0.0;
  for (std::size_t p = 0; p < request.grid.size(); ++p) {
    const GridEntropy& f = fast[p];
    const GridEntropy& e = exact[p];
    check(e.t_num > 0.0, f, "exact t_num is not > 0");  // the exact path bounds its rounding too
    check(f.t_num > 0.0 && f.t_num <= max_t_num, f,
          "t_num=" + std::to_string(f.t_num) + " outside (0, " + std::to_string(max_t_num) + "]");
    const double t_mc = detail(f.details, "t_mc"), t_md = detail(f.details, "t_md");
    check(t_mc == detail(e.details, "t_mc") && t_md == detail(e.details, "t_md") &&
              draws(f.details) == draws(e.details),
          f, "margins or draws differ");
    // Both are within their proven bounds of eq 31 in exact arithmetic on the same draws.
    check(std::abs(f.h_point - e.h_point) <= f.t_num + e.t_num, f,
          "|fast - exact| = " + std::to_string(std::abs(f.h_point - e.h_point)) + " > t_num(fast) + t_num(exact)");
    check(f.h_lb == f.h_point - t_mc - t_md - f.t_num, f, "h_lb is not h_mc - margins");  // mathematics §6.4
    for (std::size_t b = 0; b < f.blocks.size(); ++b) {
      check(std::abs(f.blocks[b].h_point_bits - e.blocks[b].h_point_bits) <=
                f.blocks[b].numerical_error_bits + e.blocks[b].numerical_error_bits,
            f, "block " + std::to_string(b) + " differs by more than the sum of both bounds");
    }
    largest = std::max(largest, f.t_num);
  }
  return problems;
}

const std::vector<double> kDefaultLevels{0.2, 0.4, 0.8, 1.6, 3.2, 6.4};

// The two product precisions with the largest t_num each may report. Many levels at k ≤ 8
// take the squaring chains under precision=double and the single product kernel under
// precision=single (level_plan.hpp): the tests of whole grids run both.
struct Precision {
  const char* param;
  double max_t_num;
};
const std::vector<Precision> kPrecisions{{"precision=single", kSingleMaxNumericalBits},
                                         {"precision=double", kFastPathMaxNumericalBits}};

// Fast against exact for both precisions; the problems of each, prefixed with its parameter.
std::string problems_in_both_precisions(const EntropyRequest& request, double& largest,
                                        const std::string& params = "") {
  std::string problems;
  largest = 0.0;
  for (const Precision& precision : kPrecisions) {
    double largest_here = 0.0;
    const std::string found = fast_vs_exact_problems(
        request, largest_here, Params::parse(params.empty() ? precision.param : params + "," + precision.param),
        precision.max_t_num);
    if (!found.empty()) problems += std::string(precision.param) + ":\n" + found;
    largest = std::max(largest, largest_here);
  }
  return problems;
}

// The default levels: chains 6.4 → 1.6 → 0.4 and 3.2 → 0.8 → 0.2 (chained kernel, double) or
// the single product kernel.
RC_GTEST_PROP(GoldfeldFastPath, MatchesTheExactPathWithinTnum, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(2, 40);
  const auto seed = *rc::gen::inRange<std::uint64_t>(0, 1u << 30);
  const auto offset = *rc::gen::inRange(-50, 50);
  const RowMatrix data = gaussian_sample(n, kColumns, seed, offset);
  EntropyRequest request = make_request(data, grid_of(kDefaultLevels), sample_trace(data), seed);
  request.threads = 2;
  double largest = 0.0;
  const std::string problems = problems_in_both_precisions(request, largest);
  RC_ASSERT(problems == std::string());
}

// Levels whose sds have no exact factor 2 between them: every level is a top (direct kernel
// with truncation, the fallback).
RC_GTEST_PROP(GoldfeldFastPath, MatchesTheExactPathWithinTnumWithoutChains, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(2, 40);
  const auto seed = *rc::gen::inRange<std::uint64_t>(0, 1u << 30);
  const auto nu2 = *rc::gen::element(0.15, 0.3, 0.5, 0.7);
  const RowMatrix data = gaussian_sample(n, kColumns, seed);
  EntropyRequest request =
      make_request(data, grid_of({nu2, 1.1, 2.5, 5.0}), sample_trace(data), seed);
  request.threads = 2;
  double largest = 0.0;
  const std::string problems = fast_vs_exact_problems(request, largest);
  RC_ASSERT(problems == std::string());
}

// One level per block size and one draw per point, as when one grid pair is certified:
// every block size without Taylor boxes runs a product kernel (plans without chains), the
// single-precision one (default) or the double one, at sample sizes that leave partial
// register blocks (16 and 32 centres) and partial tiles.
RC_GTEST_PROP(GoldfeldFastPath, MatchesTheExactPathWithinTnumForALoneLevel, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(2, 80);
  const auto seed = *rc::gen::inRange<std::uint64_t>(0, 1u << 30);
  const auto nu2 = *rc::gen::element(0.2, 0.5, 1.6, 6.4);
  const bool single = *rc::gen::arbitrary<bool>();
  const RowMatrix data = gaussian_sample(n, kColumns, seed, *rc::gen::inRange(-50, 50));
  EntropyRequest request = make_request(data, grid_of({nu2}), sample_trace(data), seed);
  request.threads = 2;
  request.n_mc = 1;
  double largest = 0.0;
  const std::string problems =
      single ? fast_vs_exact_problems(request, largest)
             : fast_vs_exact_problems(request, largest, Params::parse("precision=double"), kFastPathMaxNumericalBits);
  RC_ASSERT(problems == std::string());
}

// Adversarial samples for the single-precision kernel, a lone level per block size (one and
// three draws per point): outliers 40 sds out (the exponent bounds grow with the largest
// norm), a narrow level (ν² = 1e-3: large h), near-duplicate records. precision=single against
// the exact path within 2·t_num, against precision=double within the sum of both margins
// (per block and per pair), and the same bits on one thread and three.
TEST(GoldfeldFastPath, SingleAndDoublePrecisionAgreeWithinTheirMarginsOnAdversarialSamples) {
  RowMatrix data = gaussian_sample(70, kColumns, 12);
  for (Eigen::Index i = 0; i < data.rows(); ++i) {
    if (i % 3 == 1) data.row(i) = data.row(i - 1) * (1.0 + 1e-9);  // near-duplicates
    if (i % 23 == 5) data.row(i) *= 40.0;                          // outliers
  }
  const auto single = goldfeld(Params::parse("precision=single"));
  const auto twofold = goldfeld(Params::parse("precision=double"));
  for (const double nu2 : {1e-3, 0.2, 1.6}) {
    for (const std::size_t n_mc : {1u, 3u}) {
      EntropyRequest request = make_request(data, grid_of({nu2}), sample_trace(data), 3);
      request.n_mc = n_mc;
      SCOPED_TRACE("nu2=" + std::to_string(nu2) + " n_mc=" + std::to_string(n_mc));
      double largest = 0.0;
      EXPECT_EQ(fast_vs_exact_problems(request, largest, Params::parse("precision=single")), "");
      const auto s = single->estimate(request);
      const auto d = twofold->estimate(request);
      for (std::size_t p = 0; p < s.size(); ++p) {
        EXPECT_LE(std::abs(s[p].h_point - d[p].h_point), s[p].t_num + d[p].t_num) << "k=" << s[p].pair.k;
        for (std::size_t b = 0; b < s[p].blocks.size(); ++b) {
          EXPECT_LE(std::abs(s[p].blocks[b].h_point_bits - d[p].blocks[b].h_point_bits),
                    s[p].blocks[b].numerical_error_bits + d[p].blocks[b].numerical_error_bits)
              << "k=" << s[p].pair.k << " block " << b;
        }
      }
      request.threads = 3;
      const auto three = single->estimate(request);
      for (std::size_t p = 0; p < s.size(); ++p) {
        EXPECT_EQ(three[p].h_point, s[p].h_point);
        EXPECT_EQ(three[p].t_num, s[p].t_num);
      }
      std::printf("nu2 %g, n_mc %zu: largest t_num %.3g bits (single)\n", nu2, n_mc, largest);
    }
  }
}

// Two clusters 2000 apart with a normaliser tr Σ̂ from the within-cluster spread only: at the
// narrow levels the between-cluster exponents D·h are in the tens of thousands, so the
// chained kernel's factors clamp and its products underflow (double), the single kernel's
// exponents leave its bounds, next to ordinary terms.
TEST(GoldfeldFastPath, MatchesTheExactPathOnFarClustersAtEveryLevel) {
  RowMatrix data = gaussian_sample(50, kColumns, 6);
  const double within = sample_trace(data);
  for (Eigen::Index i = 0; i < data.rows(); i += 2) data.row(i).array() += 2000.0 / std::sqrt(112.0);
  double largest = 0.0;
  EXPECT_EQ(problems_in_both_precisions(make_request(data, grid_of(kDefaultLevels), within, 5), largest), "");
  std::printf("largest t_num %.3g bits\n", largest);
}

// k = 580: ‖Z‖² ≈ 580 ± 34 per draw and 580 draws per row, so some rows have a draw above
// kChainNormLimit = 690 (those run the direct kernel) and others do not (chained kernel).
TEST(GoldfeldFastPath, MatchesTheExactPathWhenRowsLeaveTheChainLimit) {
  const RowMatrix data = gaussian_sample(12, 580, 9);
  double largest = 0.0;
  EXPECT_EQ(fast_vs_exact_problems(
                make_request(data, {{580, 0.8}, {580, 3.2}}, sample_trace(data), 2), largest),
            "");
}

// k = 1 with a dither level so narrow (ν² = 2.5e-6: s ≈ 0.0016 data sds) that its Taylor
// tables would need more than kSeriesMaxBoxes boxes: the block then runs the chained kernel
// for all its levels (ν² = 1e-5 chains to it). (Far narrower levels are not compared: the
// exact path forms t = y + s·Z, whose rounding grows as u·|y|/s, beyond the fast path's t_num.)
TEST(GoldfeldFastPath, MatchesTheExactPathAtK1WhenTheTaylorTablesWouldBeTooLarge) {
  const RowMatrix data = gaussian_sample(200, 4, 3);
  double largest = 0.0;
  EXPECT_EQ(fast_vs_exact_problems(make_request(data, {{1, 2.5e-6}, {1, 1e-5}, {1, 0.8}},
                                                sample_trace(data), 4),
                                   largest),
            "");
}

// The Taylor boxes at k = 1 and 2 wherever their tables fit (series=on; by default k = 2
// takes them only for large samples, where they are cheaper), and the chained kernel (double)
// or the single product kernel alone (series=off), on random data at the default levels.
RC_GTEST_PROP(GoldfeldFastPath, MatchesTheExactPathWithTaylorBoxesOnAndOff, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(2, 60);
  const auto seed = *rc::gen::inRange<std::uint64_t>(0, 1u << 30);
  const RowMatrix data = gaussian_sample(n, 8, seed, *rc::gen::inRange(-50, 50));
  std::vector<GridPair> grid;
  for (const std::size_t k : {1, 2}) {
    for (const double nu2 : kDefaultLevels) grid.push_back({k, nu2});
  }
  const EntropyRequest request = make_request(data, grid, sample_trace(data), seed);
  for (const char* series : {"on", "off"}) {
    double largest = 0.0;
    const std::string problems = problems_in_both_precisions(request, largest, std::string("series=") + series);
    RC_ASSERT(problems.empty());
  }
}

// A clustered sample (near-duplicates and far outliers) at every level of the default grid.
TEST(GoldfeldFastPath, MatchesTheExactPathOnClusteredDataAtEveryLevel) {
  RowMatrix data = gaussian_sample(60, kColumns, 4);
  for (Eigen::Index i = 0; i < data.rows(); ++i) {
    if (i % 3 == 1) data.row(i) = data.row(i - 1) * (1.0 + 1e-9);  // near-duplicates
    if (i % 17 == 0) data.row(i) *= 40.0;                          // outliers
  }
  double largest = 0.0;
  EXPECT_EQ(problems_in_both_precisions(make_request(data, grid_of(kDefaultLevels), sample_trace(data), 8), largest),
            "");
  std::printf("largest t_num %.3g bits\n", largest);
  RecordProperty("largest_t_num_bits", std::to_string(largest));
}

TEST(GoldfeldFastPath, IsTheDefaultAndExactIsSelectable) {
  const RowMatrix data = gaussian_sample(20, 4, 2);
  const auto request = make_request(data, {{2, 0.4}}, sample_trace(data), 3);
  EXPECT_GT(goldfeld()->estimate(request)[0].t_num, 0.0);
  // The exact path bounds its rounding too (exact_bound.cpp), far below the fast path's.
  const double exact_t_num = goldfeld(Params().set("exact", true))->estimate(request)[0].t_num;
  EXPECT_GT(exact_t_num, 0.0);
  EXPECT_LT(exact_t_num, goldfeld()->estimate(request)[0].t_num);
  EXPECT_GT(goldfeld(Params().set("exact", false))->estimate(request)[0].t_num, 0.0);
}

// Tiles of kTileRows = 32 rows: samples of 33 and 65 rows start tiles mid-stream. (k = 4 has
// a lone level: the product kernel, whose block data are shared by the tiles.)
TEST(GoldfeldFastPath, TilesAndThreadsGiveTheSameBits) {
  for (const std::size_t n : {33u, 65u}) {
    const RowMatrix data = gaussian_sample(n, 8, n);
    EntropyRequest request = make_request(
        data, {{1, 0.2}, {1, 0.8}, {2, 0.8}, {2, 3.2}, {2, 1.1}, {4, 0.5}, {8, 1.6}, {8, 6.4}},
        sample_trace(data), 1);
    const auto one = goldfeld()->estimate(request);
    request.threads = 3;
    const auto three = goldfeld()->estimate(request);
    for (std::size_t p = 0; p < one.size(); ++p) {
      EXPECT_EQ(one[p].h_point, three[p].h_point);
      EXPECT_EQ(one[p].t_num, three[p].t_num);
    }
    double largest = 0.0;
    EXPECT_EQ(fast_vs_exact_problems(request, largest), "") << "n=" << n;
  }
}

}  // namespace
}  // namespace reconbound::test
