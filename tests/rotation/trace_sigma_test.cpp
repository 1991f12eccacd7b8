// tr Σ̂ and its empirical-Bernstein UCB (SPEC §6.5).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "reconbound/trace_sigma.hpp"

namespace reconbound {
namespace {

RowMatrix uniform_grey_levels(std::size_t n, std::size_t d, std::uint64_t seed) {
  std::mt19937_64 generator(seed);
  std::uniform_int_distribution<int> level(0, 255);
  RowMatrix x(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(d));
  for (auto& value : x.reshaped()) value = level(generator);
  return x;
}

// tr Σ̂ = (1/(2n(n−1)))·Σ_{i≠j} ‖x_i − x_j‖² (the U-statistic form), in long double.
long double pairwise_trace(const RowMatrix& x) {
  long double sum = 0;
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    for (Eigen::Index j = 0; j < x.rows(); ++j) {
      for (Eigen::Index c = 0; c < x.cols(); ++c) {
        const long double diff = static_cast<long double>(x(i, c)) - x(j, c);
        sum += diff * diff;
      }
    }
  }
  const auto n = static_cast<long double>(x.rows());
  return sum / (2 * n * (n - 1));
}

TEST(TraceSigma, CovarianceTraceEqualsThePairwiseForm) {
  for (const std::size_t n : {2, 3, 17, 200}) {
    const RowMatrix x = uniform_grey_levels(n, 13, n);
    const double expected = static_cast<double>(pairwise_trace(x));
    EXPECT_NEAR(covariance_trace(x), expected, 1e-13 * expected) << n;
    // Shift invariance with a large offset: the two-pass form keeps its accuracy.
    const RowMatrix shifted = x.array() + 1e6;
    EXPECT_NEAR(covariance_trace(shifted), expected, 1e-9 * expected) << n;
  }
  EXPECT_EQ(covariance_trace(RowMatrix::Constant(5, 3, 7.0)), 0.0);
}

TEST(TraceSigma, UcbOnFashionMnistTestImages) {
  const RowMatrix images = read_idx(fashion_mnist_test_images()).records;
  const double bound = 255.0 * 255.0 * 784.0;
  const TraceSigma result = trace_sigma_with_ucb(images, bound, 0.05, 1);
  EXPECT_EQ(result.pairs, 5000U);
  EXPECT_EQ(result.alpha, 0.05);
  // tr Σ̂ of the 10,000 test images from python3 + gzip + NumPy (Σ_j (Σ x² − (Σ x)²/n)/(n − 1)
  // over the 784 pixels): 4417053.201510531, a per-coordinate prior RMSE of 75.06 grey levels.
  EXPECT_NEAR(result.trace, 4417053.201510531, 1e-9 * 4417053.0);
  // The UCB lies above tr Σ̂; its margin, sqrt(2·V·ln(2/α)/N) + 7·(B/2)·ln(2/α)/(3(N − 1)) with
  // N = 5000 pairs, is at most 0.5·tr Σ̂ for any V ≤ (B/2)² / 4 (the variance of [0, B/2]).
  EXPECT_GE(result.ucb, result.trace);
  const double half_range = bound / 2;
  const double worst_margin = std::sqrt(2 * half_range * half_range / 4 * std::log(40.0) / 5000) +
                              7 * half_range * std::log(40.0) / (3 * 4999);
  ASSERT_LT(worst_margin, 0.5 * result.trace);
  EXPECT_LT(result.ucb, result.trace + worst_margin);
  std::cout << "Fashion-MNIST test images: tr Σ̂ = " << result.trace << ", 95% UCB = " << result.ucb << " ("
            << result.ucb / result.trace << "×)\n";
  // Reproducible from the seed; another seed pairs the records differently.
  EXPECT_EQ(trace_sigma_with_ucb(images, bound, 0.05, 1).ucb, result.ucb);
  EXPECT_NE(trace_sigma_with_ucb(images, bound, 0.05, 2).ucb, result.ucb);
}

// Records x_i = c·e_i (a simplex): every pair has ½‖x_i − x_j‖² = c², so whatever the pairing
// Z̄ = c²/R, V_n = 0, tr Σ̂ = c², and Maurer–Pontil gives UCB = c² + R·7·ln(2/α)/(3(N − 1)), R = B/2.
TEST(TraceSigma, UcbMatchesTheClosedFormOnASimplex) {
  constexpr std::size_t n = 201;
  constexpr double c = 100.0;
  const RowMatrix x = c * RowMatrix::Identity(n, n);
  const double bound = 255.0 * 255.0 * n;
  for (const double alpha : {0.01, 0.05, 0.3}) {
    const TraceSigma result = trace_sigma_with_ucb(x, bound, alpha, 4);
    EXPECT_EQ(result.pairs, 100U);
    EXPECT_NEAR(result.trace, c * c, 1e-12 * c * c);
    const double expected = c * c + (bound / 2) * 7.0 * std::log(2.0 / alpha) / (3.0 * 99.0);
    EXPECT_NEAR(result.ucb, expected, 1e-12 * expected) << alpha;
  }
  // With n = 4 (two pairs) the margin 7·ln(2/α)/3 exceeds the range: the UCB is capped at B/2.
  EXPECT_EQ(trace_sigma_with_ucb(x.topLeftCorner(4, 4), 4 * 255.0 * 255.0, 0.05, 1).ucb, 2 * 255.0 * 255.0);
}

TEST(TraceSigma, RejectsInvalidInput) {
  const RowMatrix x = uniform_grey_levels(10, 4, 1);
  const double bound = 255.0 * 255.0 * 4.0;
  EXPECT_THROW(static_cast<void>(covariance_trace(RowMatrix::Ones(1, 4))), InvalidInput);
  EXPECT_THROW(static_cast<void>(trace_sigma_with_ucb(x.topRows(3), bound, 0.05, 1)), InvalidInput);
  EXPECT_THROW(static_cast<void>(trace_sigma_with_ucb(x, bound, 0.0, 1)), InvalidInput);
  EXPECT_THROW(static_cast<void>(trace_sigma_with_ucb(x, bound, 1.0, 1)), InvalidInput);
  EXPECT_THROW(static_cast<void>(trace_sigma_with_ucb(x, -1.0, 0.05, 1)), InvalidInput);
  EXPECT_THROW(static_cast<void>(trace_sigma_with_ucb(x, 10.0, 0.05, 1)), InvalidInput);  // B too small
  RowMatrix bad = x;
  bad(3, 1) = NAN;
  EXPECT_THROW(static_cast<void>(covariance_trace(bad)), InvalidInput);
}

}  // namespace
}  // namespace reconbound
