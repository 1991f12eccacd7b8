// The data-free Monte Carlo variance bound of SPEC §6.3 by simulation: for a FIXED sample,
// ĥ_MC is recomputed with many dither seeds, and its observed variance is compared with the
// bound the goldfeld plugin certifies with,
//   σ_b² = k/(n·n_MC·ln²2) per block,   σ_MC² = k/(N_k·n·n_MC·ln²2) for the block average,
// on clustered, heavy-tailed and Gaussian samples, k from 1 to 28 (m = 28, n_MC = 2):
//   (a) the bound holds (the observed variance is below it, up to the sampling spread of a
//       variance from R replicates, a chi-square factor at a small level);
//   (b) it is not needlessly loose (bound ≤ F × observed at every pair);
//   (c) the Cantelli margin t = σ_MC·sqrt(1/q − 1) covers the one-sided Monte Carlo deviation
//       ĥ_MC − E ĥ_MC in all but a fraction q of the replicates, at the plugin's own t_MC
//       (q = α₁/|G|) and at wider levels.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "estimator_support.hpp"

namespace reconbound::test {
namespace {

constexpr std::size_t kColumns = 28;   // m: divisible by 1, 2, 4, 7, 14, 28
constexpr std::size_t kSample = 150;   // n, the fixed sample
constexpr std::size_t kDraws = 2;      // n_MC, set explicitly (not the budget rule)
constexpr int kReplicates = 240;       // R dither seeds per sample
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

// Binomial upper allowance: the most exceedances out of `trials` at probability ≤ q that a
// correct bound produces except with probability ~1e-7 (normal approximation, z = 5.2, plus
// one for the discreteness).
int allowed_exceedances(double q, int trials) {
  const double t = static_cast<double>(trials);
  return static_cast<int>(std::floor(q * t + 5.2 * std::sqrt(q * (1.0 - q) * t) + 1.0));
}

class VarianceBound : public ::testing::TestWithParam<Shape> {};

TEST_P(VarianceBound, HoldsIsNotLooseAndItsCantelliMarginCovers) {
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
      ASSERT_EQ(results[p].n_mc, kDraws);
      h[p].push_back(results[p].h_mc);
      block[p].resize(results[p].blocks.size());
      for (std::size_t b = 0; b < results[p].blocks.size(); ++b) {
        block[p][b].push_back(results[p].blocks[b].h_mc_bits);
      }
    }
  }

  // The chi-square factors of a variance from R replicates (each ĥ_MC averages ≥ n·n_MC = 300
  // independent terms, so its excess kurtosis is ≤ 12/300 and the normal-theory spread of
  // S² holds to a few per cent): an upper one for (a) at
  // z = 5.5 (each of the 12 + 112 checks per sample fails with probability ~2e-8 when the
  // bound holds), a lower one for (b) at z = −5.5.
  const double dof = kReplicates - 1.0;
  const double upper = chi_square_quantile(dof, 5.5) / dof;
  const double lower = chi_square_quantile(dof, -5.5) / dof;
  const double alpha_mc = 0.025;  // α₁ = α/2 of make_request's α = 0.05
  const double union_size = static_cast<double>(grid.size());
  double tightest = 1e300, loosest = 0.0;
  for (std::size_t p = 0; p < grid.size(); ++p) {
    const GridEntropy& r0 = first[p];
    SCOPED_TRACE(name(shape) + " k=" + std::to_string(r0.pair.k) +
                 " nu2=" + std::to_string(r0.pair.nu2));
    // The plugin's σ_MC, recovered from its margin t_MC = σ_MC·sqrt(|G|/α₁ − 1) (eq 34).
    const double sigma_mc = r0.t_mc / std::sqrt(union_size / alpha_mc - 1.0);
    const double bound = sigma_mc * sigma_mc;
    const Moments mc = moments(h[p]);
    const double observed = mc.sd * mc.sd;
    const double ratio = bound / observed;
    tightest = std::min(tightest, ratio);
    loosest = std::max(loosest, ratio);

    // (a) the block average: Var ĥ_MC ≤ σ_MC² (independent dither per block).
    EXPECT_LE(observed, upper * bound) << "observed/bound = " << observed / bound;
    // (a) every block: Var ĥ_MC(Π_b) ≤ σ_b².
    double block_ratio = 0.0;
    for (std::size_t b = 0; b < block[p].size(); ++b) {
      const Moments one = moments(block[p][b]);
      const double block_bound = r0.blocks[b].variance_bound_bits2;
      block_ratio = std::max(block_ratio, one.sd * one.sd / block_bound);
      EXPECT_LE(one.sd * one.sd, upper * block_bound) << "block " << b;
    }
    // (b) not needlessly loose. Measured bound/observed (m = 28, n = 150, n_MC = 2, R = 240,
    // these seeds): clustered 2.05–3.08 (the theory's 2: Var g_i → k/2 when the centres are
    // far apart at the dither's scale), heavy-tailed 1.95–4.27, Gaussian 2.25–8.35; the
    // loosest at k ≤ 2, ν² = 0.1 on the Gaussian sample (f̂ is smooth at the dither's scale:
    // Var ≈ k·s²/(s² + v) rather than k). F = 12 leaves 1.4× over the loosest before the
    // chi-square factor; the tightest pair of each sample must stay within 3 (measured
    // 1.95–2.28), which catches a bound twice as large as it need be.
    EXPECT_LE(bound * lower, 12.0 * observed) << "bound/observed = " << ratio;

    // (c) the Cantelli margin at the plugin's level (q = α₁/|G|, t = t_MC) and at wider
    // levels (t = σ_MC·sqrt(1/q − 1)), for the one-sided deviation below the mean, with the
    // mean of the R replicates standing in for E[ĥ_MC | sample].
    for (const double q : {alpha_mc / union_size, 0.05, 0.25}) {
      const double t = sigma_mc * std::sqrt(1.0 / q - 1.0);
      int below = 0;
      for (const double value : h[p]) below += value - mc.mean < -t ? 1 : 0;
      EXPECT_LE(below, allowed_exceedances(q, kReplicates)) << "q=" << q << " t=" << t;
    }
    std::printf("%-12s k=%2zu nu2=%.1f  sd %.3e  sigma_MC %.3e  bound/observed %6.2f  "
                "max block observed/bound %.3f  t_MC/sd %.1f\n",
                name(shape).c_str(), r0.pair.k, r0.pair.nu2, mc.sd, sigma_mc, ratio, block_ratio,
                r0.t_mc / mc.sd);
  }
  EXPECT_LE(tightest, 3.0) << "even the tightest pair's bound is far above the variance";
  RecordProperty("bound_over_observed_min", std::to_string(tightest));
  RecordProperty("bound_over_observed_max", std::to_string(loosest));
}

INSTANTIATE_TEST_SUITE_P(Samples, VarianceBound,
                         ::testing::Values(Shape::clustered, Shape::heavy_tailed, Shape::gaussian),
                         [](const auto& param_info) { return name(param_info.param); });

}  // namespace
}  // namespace reconbound::test
