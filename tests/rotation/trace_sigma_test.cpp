// tr Σ̂ and the empirical-Bernstein UCB on tr Σ (mathematics §6.5, eq 6.5a–b).
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <random>
#include <vector>

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

// The UCB of eq 6.5b recomputed here in long double from its definition: c = mean of perp,
// z_i = ‖est_i − c‖²/B, B·(z̄ + sqrt(2·V·ln(2/α)/n) + 7·ln(2/α)/(3(n − 1))) capped at B.
long double reference_ucb(const RowMatrix& perp, const RowMatrix& est, double bound, double alpha) {
  std::vector<long double> centre(static_cast<std::size_t>(perp.cols()), 0.0L);
  for (Eigen::Index i = 0; i < perp.rows(); ++i) {
    for (Eigen::Index j = 0; j < perp.cols(); ++j) centre[static_cast<std::size_t>(j)] += perp(i, j);
  }
  for (auto& value : centre) value /= static_cast<long double>(perp.rows());
  std::vector<long double> z;
  for (Eigen::Index i = 0; i < est.rows(); ++i) {
    long double squared = 0.0L;
    for (Eigen::Index j = 0; j < est.cols(); ++j) {
      squared += std::pow(static_cast<long double>(est(i, j)) - centre[static_cast<std::size_t>(j)], 2);
    }
    z.push_back(squared / bound);
  }
  const auto n = static_cast<long double>(z.size());
  long double mean = 0.0L, variance = 0.0L;
  for (const long double value : z) mean += value / n;
  for (const long double value : z) variance += (value - mean) * (value - mean) / (n - 1);
  const long double log_term = std::log(2.0L / alpha);
  const long double upper = mean + std::sqrt(2 * variance * log_term / n) + 7 * log_term / (3 * (n - 1));
  return bound * std::min(1.0L, upper);
}

TEST(TraceSigma, UcbOnFashionMnistTestImagesMatchesItsDefinition) {
  const RowMatrix images = read_idx(fashion_mnist_test_images()).records;
  const double bound = 255.0 * 255.0 * 784.0;
  const RowMatrix perp = images.topRows(5000), est = images.bottomRows(5000);
  const TraceSigma result = trace_sigma_with_ucb(perp, est, bound, 0.05);
  EXPECT_EQ(result.records, 5000U);
  EXPECT_EQ(result.alpha, 0.05);
  EXPECT_EQ(result.trace, covariance_trace(perp));
  const double expected = static_cast<double>(reference_ucb(perp, est, bound, 0.05));
  EXPECT_NEAR(result.ucb, expected, 1e-10 * expected);
  // tr Σ̂ of all 10,000 test images from python3 + gzip + NumPy is 4417053.2; the bound from 5,000
  // records lies above it, by at most the margins of the worst variance ((B/2)² for [0, B]).
  EXPECT_GT(result.ucb, 4417053.2);
  const double worst_margin = bound * (std::sqrt(2 * 0.25 * std::log(40.0) / 5000) + 7 * std::log(40.0) / (3 * 4999));
  EXPECT_LT(result.ucb, result.centred_mean + worst_margin);
  std::cout << "Fashion-MNIST test images: tr Σ̂ = " << result.trace << " (first half), 95% UCB = " << result.ucb
            << " (" << result.ucb / result.trace << "×)\n";
  // The prediction from D⊥ alone for the same n_est lands near the bound actually obtained.
  const double predicted = predicted_trace_ucb(perp, bound, 0.05, 5000);
  EXPECT_NEAR(predicted, result.ucb, 0.02 * result.ucb);
}

// D⊥ = {+a·e₁, −a·e₁} has mean c = 0; D_est records ±a·e_j are all at ‖x − c‖² = a², so z̄ = a²/B,
// V = 0 and eq 6.5b gives UCB = a² + B·7·ln(2/α)/(3(n − 1)).
TEST(TraceSigma, UcbMatchesTheClosedFormWithoutVariance) {
  constexpr Eigen::Index d = 50;
  constexpr double a = 100.0;
  RowMatrix perp = RowMatrix::Zero(2, d);
  perp(0, 0) = a;
  perp(1, 0) = -a;
  RowMatrix est = RowMatrix::Zero(2 * d, d);
  for (Eigen::Index j = 0; j < d; ++j) {
    est(2 * j, j) = a;
    est(2 * j + 1, j) = -a;
  }
  const double bound = 4 * a * a * 10;
  for (const double alpha : {0.01, 0.05, 0.3}) {
    const TraceSigma result = trace_sigma_with_ucb(perp, est, bound, alpha);
    EXPECT_NEAR(result.centred_mean, a * a, 1e-12 * a * a);
    const double expected = a * a + bound * 7.0 * std::log(2.0 / alpha) / (3.0 * (2 * d - 1));
    EXPECT_NEAR(result.ucb, expected, 1e-12 * expected) << alpha;
  }
  // With two records the margin 7·ln(2/α)/3 exceeds the range: the UCB is capped at B.
  EXPECT_EQ(trace_sigma_with_ucb(perp, est.topRows(2), bound, 0.05).ucb, bound);
}

TEST(TraceSigma, EmpiricalBernsteinUpperIsMaurerPontil) {
  EXPECT_DOUBLE_EQ(empirical_bernstein_upper(0.25, 0.01, 100, 0.1),
                   0.25 + std::sqrt(2 * 0.01 * std::log(20.0) / 100) + 7 * std::log(20.0) / (3 * 99));
  EXPECT_EQ(empirical_bernstein_upper(0.9, 0.2, 10, 0.05), 1.0);
  EXPECT_THROW(static_cast<void>(empirical_bernstein_upper(0.5, 0.1, 1, 0.05)), InvalidInput);
}

TEST(TraceSigma, RejectsInvalidInput) {
  const RowMatrix x = uniform_grey_levels(10, 4, 1);
  const double bound = 255.0 * 255.0 * 4.0;
  EXPECT_THROW(static_cast<void>(covariance_trace(RowMatrix::Ones(1, 4))), InvalidInput);
  EXPECT_THROW(static_cast<void>(trace_sigma_with_ucb(x.topRows(1), x, bound, 0.05)), InvalidInput);
  EXPECT_THROW(static_cast<void>(trace_sigma_with_ucb(x, x.topRows(1), bound, 0.05)), InvalidInput);
  EXPECT_THROW(static_cast<void>(trace_sigma_with_ucb(x, x.leftCols(3), bound, 0.05)), InvalidInput);
  EXPECT_THROW(static_cast<void>(trace_sigma_with_ucb(x, x, bound, 0.0)), InvalidInput);
  EXPECT_THROW(static_cast<void>(trace_sigma_with_ucb(x, x, bound, 1.0)), InvalidInput);
  EXPECT_THROW(static_cast<void>(trace_sigma_with_ucb(x, x, -1.0, 0.05)), InvalidInput);
  EXPECT_THROW(static_cast<void>(trace_sigma_with_ucb(x, x, 10.0, 0.05)), InvalidInput);  // B too small
  EXPECT_THROW(static_cast<void>(predicted_trace_ucb(x, bound, 0.05, 1)), InvalidInput);
  RowMatrix bad = x;
  bad(3, 1) = NAN;
  EXPECT_THROW(static_cast<void>(covariance_trace(bad)), InvalidInput);
  EXPECT_THROW(static_cast<void>(trace_sigma_with_ucb(x, bad, bound, 0.05)), InvalidInput);
}

}  // namespace
}  // namespace reconbound
