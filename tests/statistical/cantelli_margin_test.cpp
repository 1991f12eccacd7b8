// The Cantelli margin t_MC (mathematics §6.2, eq 34) and the variance bound σ_MC² behind it
// (mathematics §6.3) by simulation. For a FIXED sample, ĥ_MC is recomputed with R dither seeds; the
// conditional target is the plug-in entropy ĥ_n = E[ĥ_MC | sample] (eq 31), and the claim is
// ĥ_MC − t_MC ≤ ĥ_n at every pair of G at once except with probability α₁.
//   (a) coverage: the claim holds in all but a fraction α₁ of the seeds (at every pair at
//       once), and at each pair in all but α₁/|G|, and at the wider Cantelli levels
//       q ∈ {0.05, 0.25} with t = t_MC·sqrt((1/q − 1)/(|G|/α₁ − 1)) (binomial allowances);
//   (b) validity against the observed spread: Cantelli at level q = α₁/|G| needs
//       t ≥ sd·sqrt(1/q − 1), so the variance the margin certifies, t_MC²/(|G|/α₁ − 1), must be
//       at least the observed variance (up to a chi-square factor). This is what fails a margin
//       that is too small: ĥ_MC averages ≥ 300 terms, its tails are far lighter than
//       Cantelli's worst case, and the tail counts of (a) would not see t_MC halved;
//   (c) width: the certified variance is at most F = 12 times the observed at every pair, and
//       within 3 times at the tightest pair of each sample (a margin twice as wide certifies
//       4 times the variance);
//   (d) the variance bound itself: Var ĥ_MC(Π_b) ≤ σ_b² for every block.
// Samples: clustered, heavy-tailed and Gaussian, k from 1 to 28 (m = 28, n_MC = 2); and one
// small sample whose ĥ_n the MPFR quadrature gives exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "estimator_support.hpp"
#include "reconbound/verify/reference_entropy.hpp"
#include "spread.hpp"

namespace reconbound::test {
namespace {

constexpr std::size_t kColumns = 28;   // m: divisible by 1, 2, 4, 7, 14, 28
constexpr std::size_t kSample = 150;   // n, the fixed sample
constexpr std::size_t kDraws = 2;      // n_MC, set explicitly (not the budget rule)
constexpr int kReplicates = 240;       // R dither seeds per sample
constexpr double kAlphaMc = 0.025;     // α₁ = α/2 of make_request's α = 0.05
const std::vector<std::size_t> kBlockSizes{1, 2, 4, 7, 14, 28};
const std::vector<double> kNu2{0.1, 1.6};

enum class Shape { clustered, heavy_tailed, gaussian };

std::string name(Shape shape) {
  switch (shape) {
    case Shape::clustered: return "clustered";
    case Shape::heavy_tailed: return "heavy_tailed";
    case Shape::gaussian: return "gaussian";
  }
  return "?";
}

void PrintTo(Shape shape, std::ostream* out) { *out << name(shape); }

// The fixed samples (rows are already rotated, U·Ψ(x)):
//  - clustered: four tight clusters (sd 0.05) around centres ~ N(0, 30²) per coordinate,
//    far apart relative to the dither: f̂_b is four separated bumps, the regime where the
//    Poincaré bound is closest to the truth (g_i ≈ ‖W‖²/(2s²), variance k/2 of the bound k);
//  - heavy_tailed: Student-t with 2 degrees of freedom per coordinate (infinite variance;
//    tr Σ̂ is set by a few far records, the bulk is one tight cloud);
//  - gaussian: independent N(0, (1 + j/m)²) columns.
RowMatrix sample(Shape shape, std::uint64_t seed) {
  if (shape == Shape::gaussian) return gaussian_sample(kSample, kColumns, seed);
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  RowMatrix data(static_cast<Eigen::Index>(kSample), static_cast<Eigen::Index>(kColumns));
  if (shape == Shape::clustered) {
    RowMatrix centres(4, static_cast<Eigen::Index>(kColumns));
    for (Eigen::Index c = 0; c < centres.size(); ++c) centres.data()[c] = 30.0 * normal(rng);
    std::uniform_int_distribution<Eigen::Index> pick(0, 3);
    for (Eigen::Index i = 0; i < data.rows(); ++i) {
      data.row(i) = centres.row(pick(rng));
      for (Eigen::Index j = 0; j < data.cols(); ++j) data(i, j) += 0.05 * normal(rng);
    }
  } else {
    std::student_t_distribution<double> student(2.0);
    for (Eigen::Index i = 0; i < data.rows(); ++i) {
      for (Eigen::Index j = 0; j < data.cols(); ++j) data(i, j) = student(rng);
    }
  }
  return data;
}

// t_MC²/(|G|/α₁ − 1): the variance for which t_MC is Cantelli's margin at level α₁/|G| (eq 34).
double certified_variance(double t_mc, double union_size) {
  return t_mc * t_mc / (union_size / kAlphaMc - 1.0);
}

class CantelliMargin : public ::testing::TestWithParam<Shape> {};

TEST_P(CantelliMargin, CoversTheMonteCarloDeviationAndIsNotTooWide) {
  const Shape shape = GetParam();
  const RowMatrix data = sample(shape, 2024 + static_cast<std::uint64_t>(shape));
  const double trace = sample_trace(data);
  std::vector<GridPair> grid;
  for (const std::size_t k : kBlockSizes) {
    for (const double nu2 : kNu2) grid.push_back({k, nu2});
  }
  const auto estimator = goldfeld();

  // h[p][r]: ĥ_MC of pair p with seed r; block[p][b][r]: block b's ĥ_MC(Π_b).
  std::vector<std::vector<double>> h(grid.size());
  std::vector<std::vector<std::vector<double>>> block(grid.size());
  std::vector<GridEntropy> first;
  for (int r = 0; r < kReplicates; ++r) {
    EntropyRequest request = make_request(data, grid, trace, 7000 + static_cast<std::uint64_t>(r));
    request.n_mc = kDraws;
    const std::vector<GridEntropy> results = estimator->estimate(request);
    ASSERT_EQ(results.size(), grid.size());
    if (r == 0) first = results;
    for (std::size_t p = 0; p < grid.size(); ++p) {
      ASSERT_EQ(draws(results[p].details), kDraws);
      ASSERT_EQ(detail(results[p].details, "t_mc"), detail(first[p].details, "t_mc")) << "t_MC is data- and dither-free";
      h[p].push_back(results[p].h_point);
      block[p].resize(results[p].blocks.size());
      for (std::size_t b = 0; b < results[p].blocks.size(); ++b) {
        block[p][b].push_back(results[p].blocks[b].h_point_bits);
      }
    }
  }

  // The chi-square factors of a variance from R replicates (each ĥ_MC averages ≥ n·n_MC = 300
  // independent terms, so its excess kurtosis is ≤ 12/300 and the normal-theory spread of S²
  // holds to a few per cent): an upper one for (b) and (d) at z = 5.5 (each of the 12 + 112
  // checks per sample fails with probability ~2e-8 when the bound holds), a lower one for (c)
  // at z = −5.5.
  const double dof = kReplicates - 1.0;
  const double upper = chi_square_quantile(dof, 5.5) / dof;
  const double lower = chi_square_quantile(dof, -5.5) / dof;
  const double union_size = static_cast<double>(grid.size());
  // The conditional target ĥ_n = E[ĥ_MC | sample]: the mean of the R replicates stands in for
  // it (its error, sd/sqrt(R) ≈ 0.06 sd, is far below t_MC ≥ 40 sd).
  std::vector<Moments> mc(grid.size());
  for (std::size_t p = 0; p < grid.size(); ++p) mc[p] = moments(h[p]);

  // (a) all pairs at once.
  int missed_any = 0;
  for (int r = 0; r < kReplicates; ++r) {
    bool missed = false;
    for (std::size_t p = 0; p < grid.size(); ++p) {
      missed = missed || h[p][static_cast<std::size_t>(r)] - detail(first[p].details, "t_mc") > mc[p].mean;
    }
    missed_any += missed ? 1 : 0;
  }
  EXPECT_LE(missed_any, allowed_exceedances(kAlphaMc, kReplicates));

  double tightest = 1e300, loosest = 0.0;
  for (std::size_t p = 0; p < grid.size(); ++p) {
    const GridEntropy& r0 = first[p];
    SCOPED_TRACE(name(shape) + " k=" + std::to_string(r0.pair.k) +
                 " nu2=" + std::to_string(r0.pair.nu2));
    const double certified = certified_variance(detail(r0.details, "t_mc"), union_size);
    const double observed = mc[p].sd * mc[p].sd;
    const double ratio = certified / observed;
    tightest = std::min(tightest, ratio);
    loosest = std::max(loosest, ratio);

    // (a) each pair, at the plugin's level and at wider Cantelli levels.
    const double plugin_level = kAlphaMc / union_size;
    for (const double q : {plugin_level, 0.05, 0.25}) {
      const double t = std::sqrt(certified * (1.0 / q - 1.0));  // = t_MC at the plugin's level
      int above = 0;
      for (const double value : h[p]) above += value - mc[p].mean > t ? 1 : 0;
      EXPECT_LE(above, allowed_exceedances(q, kReplicates)) << "q=" << q << " t=" << t;
    }
    // (b) the certified variance covers the observed one.
    EXPECT_LE(observed, upper * certified) << "observed/certified = " << 1.0 / ratio;
    // (c) not needlessly wide. Measured certified/observed (m = 28, n = 150, n_MC = 2, R = 240,
    // these seeds): clustered 2.05–3.08 (the theory's 2: Var g_i → k/2 when the centres are far
    // apart at the dither's scale), heavy-tailed 1.95–4.27, Gaussian 2.25–8.35; the loosest at
    // k ≤ 2, ν² = 0.1 on the Gaussian sample (f̂ is smooth at the dither's scale:
    // Var ≈ k·s²/(s² + v) rather than k). F = 12 leaves 1.4× over the loosest before the
    // chi-square factor.
    EXPECT_LE(certified * lower, 12.0 * observed) << "certified/observed = " << ratio;
    // (d) every block: Var ĥ_MC(Π_b) ≤ σ_b² = k/(n·n_MC·ln²2) (MPFR reference of mathematics §6.3).
    const double block_bound =
        verify::reference_block_variance_bound(r0.pair.k, kSample, kDraws).value;
    double block_ratio = 0.0;
    for (std::size_t b = 0; b < block[p].size(); ++b) {
      const Moments one = moments(block[p][b]);
      block_ratio = std::max(block_ratio, one.sd * one.sd / block_bound);
      EXPECT_LE(one.sd * one.sd, upper * block_bound) << "block " << b;
    }
    std::printf("%-12s k=%2zu nu2=%.1f  sd %.3e  t_MC %.3e  certified/observed %6.2f  "
                "max block observed/bound %.3f  t_MC/sd %.1f\n",
                name(shape).c_str(), r0.pair.k, r0.pair.nu2, mc[p].sd, detail(r0.details, "t_mc"), ratio,
                block_ratio, detail(r0.details, "t_mc") / mc[p].sd);
  }
  // (c) the tightest pair of each sample (measured 1.95–2.28).
  EXPECT_LE(tightest, 3.0) << "even the tightest pair's margin is far wider than the spread";
  RecordProperty("certified_over_observed_min", std::to_string(tightest));
  RecordProperty("certified_over_observed_max", std::to_string(loosest));
  std::printf("%s: %d/%d seeds miss at some pair; certified/observed %.2f–%.2f\n",
              name(shape).c_str(), missed_any, kReplicates, tightest, loosest);
}

INSTANTIATE_TEST_SUITE_P(Samples, CantelliMargin,
                         ::testing::Values(Shape::clustered, Shape::heavy_tailed, Shape::gaussian),
                         [](const auto& param_info) { return name(param_info.param); });

// The same claim against the exact target: for a 30-record sample in R^2, ĥ_n is the MPFR
// quadrature of the plug-in entropy, and the deviation ĥ_MC − ĥ_n exceeds t_MC in at most a
// fraction α₁/|G| of 2000 seeds, while the margin's certified variance bounds the observed
// one (the sample variance of 2000 runs is within 10% of the true one with overwhelming
// probability) and is within 6 times of it at the tighter pair (measured 3.99 at both pairs:
// a margin twice as wide certifies 16 times).
TEST(CantelliMarginExactTarget, CoversTheDeviationFromTheQuadratureTarget) {
  constexpr int kRuns = 2000;
  const RowMatrix data = gaussian_sample(30, 2, 41, 1.0);
  const double trace = sample_trace(data);
  const std::vector<GridPair> grid{{1, 0.3}, {2, 0.3}};
  const auto estimator = goldfeld();
  std::vector<std::vector<double>> estimates(grid.size());
  std::vector<GridEntropy> first;
  for (int run = 0; run < kRuns; ++run) {
    const auto results = estimator->estimate(make_request(data, grid, trace, 100 + run));
    if (run == 0) first = results;
    for (std::size_t p = 0; p < grid.size(); ++p) estimates[p].push_back(results[p].h_point);
  }
  const double union_size = static_cast<double>(grid.size());
  double tightest = 1e300;
  for (std::size_t p = 0; p < grid.size(); ++p) {
    const GridEntropy& r = first[p];
    const auto target = verify::reference_block_averaged_entropy(data, {}, r.pair.k, r.s);
    ASSERT_LT(target.abs_error, 1e-9);
    const double t_mc = detail(r.details, "t_mc");
    int above = 0;
    for (const double value : estimates[p]) above += value - target.value > t_mc ? 1 : 0;
    const Moments mc = moments(estimates[p]);
    const double certified = certified_variance(t_mc, union_size);
    tightest = std::min(tightest, certified / (mc.sd * mc.sd));
    std::printf("k=%zu: mean %.5f target %.5f; sd %.5f certified sd %.5f t_MC %.5f; %d/%d above\n",
                r.pair.k, mc.mean, target.value, mc.sd, std::sqrt(certified), t_mc, above, kRuns);
    EXPECT_LE(above, allowed_exceedances(kAlphaMc / union_size, kRuns)) << "k=" << r.pair.k;
    EXPECT_LE(mc.sd * mc.sd, 1.1 * certified) << "k=" << r.pair.k;
  }
  EXPECT_LE(tightest, 6.0);
}

}  // namespace
}  // namespace reconbound::test
