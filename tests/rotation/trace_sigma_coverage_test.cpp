// Coverage of the tr Σ upper confidence bound (SPEC §6.5) by simulation: on distributions with a
// known tr Σ the (1 − α) UCB must cover in ≥ 1 − α − slack of 400 seeded repetitions.
#include <gtest/gtest.h>

#include <random>

#include "reconbound/trace_sigma.hpp"

namespace reconbound {
namespace {

constexpr int kRepetitions = 400;
constexpr double kAlpha = 0.05;
constexpr double kSlack = 0.03;  // 400 Bernoulli(0.95) trials: sd ≈ 0.011

struct Coverage {
  int ucb = 0;
  int point = 0;  // the point estimate tr Σ̂ alone, for contrast
};

// Coordinates independent, 255·Bernoulli(p_j): tr Σ = 255²·Σ_j p_j(1 − p_j).
Coverage simulate(const std::vector<double>& p, std::size_t n) {
  double trace = 0.0;
  for (const double pj : p) trace += 255.0 * 255.0 * pj * (1.0 - pj);
  const double bound = 255.0 * 255.0 * static_cast<double>(p.size());
  Coverage coverage;
  for (int rep = 0; rep < kRepetitions; ++rep) {
    std::mt19937_64 generator(1000 + rep);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    RowMatrix x(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(p.size()));
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
      for (Eigen::Index j = 0; j < x.cols(); ++j) x(i, j) = unit(generator) < p[j] ? 255.0 : 0.0;
    }
    const TraceSigma result = trace_sigma_with_ucb(x, bound, kAlpha, static_cast<std::uint64_t>(rep));
    coverage.ucb += result.ucb >= trace ? 1 : 0;
    coverage.point += result.trace >= trace ? 1 : 0;
  }
  return coverage;
}

TEST(TraceSigmaCoverage, UcbCoversOnBernoulliPixels) {
  const int required = static_cast<int>(kRepetitions * (1.0 - kAlpha - kSlack));
  for (const auto& [p, n] : {std::pair<std::vector<double>, std::size_t>{{0.5, 0.5, 0.5, 0.5}, 60},
                             {{0.05, 0.2, 0.5, 0.9, 0.1, 0.3}, 400},
                             {{0.01, 0.02, 0.03}, 2000}}) {
    const Coverage coverage = simulate(p, n);
    std::cout << "n = " << n << ": UCB covers " << coverage.ucb << "/" << kRepetitions
              << ", point estimate " << coverage.point << "/" << kRepetitions << "\n";
    EXPECT_GE(coverage.ucb, required) << "n = " << n;
    // The simulation can tell a bound from an estimate: tr Σ̂ alone covers about half the time.
    EXPECT_LE(coverage.point, static_cast<int>(0.75 * kRepetitions)) << "n = " << n;
  }
}

}  // namespace
}  // namespace reconbound
