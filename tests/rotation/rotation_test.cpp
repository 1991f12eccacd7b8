// The rotation U (mathematics §4, Remark C.1): orthonormal columns, apply() = U·ψ, equal block variances
// for the eigenbasis, ±m_pad^{−1/2} entries for the signs, the block identity, thread independence.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <random>

#include "reconbound/error.hpp"
#include "reconbound/rotation.hpp"

namespace reconbound {
namespace {

// Anisotropic correlated data: Gaussian rows times a random mixing matrix, plus an offset.
RowMatrix random_features(std::size_t n, std::size_t m, std::uint64_t seed) {
  std::mt19937_64 generator(seed);
  std::normal_distribution<double> gaussian;
  RowMatrix z(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(m));
  RowMatrix mix(static_cast<Eigen::Index>(m), static_cast<Eigen::Index>(m));
  for (auto& x : z.reshaped()) x = gaussian(generator);
  for (auto& x : mix.reshaped()) x = gaussian(generator);
  for (Eigen::Index j = 0; j < mix.rows(); ++j) mix.row(j) *= 1.0 + static_cast<double>(j);
  return (z * mix).array() + 3.0;
}

RowMatrix identity(std::size_t m) {
  return RowMatrix::Identity(static_cast<Eigen::Index>(m), static_cast<Eigen::Index>(m));
}

// Uᵀ (m × m_pad) as the images of the unit vectors; checks UᵀU = I_m.
RowMatrix expect_orthonormal_columns(const Rotation& rotation) {
  const RowMatrix ut = rotation.apply(identity(rotation.input_dim()));
  const RowMatrix gram = ut * ut.transpose();
  EXPECT_LE((gram - identity(rotation.input_dim())).cwiseAbs().maxCoeff(), 1e-12);
  return ut;
}

Rotation make_rotation(bool eigenbasis, std::size_t m, std::uint64_t seed) {
  return eigenbasis ? Rotation::eigenbasis(random_features(2 * m + 3, m, seed))
                    : Rotation::random_signs(m, seed);
}

TEST(Rotation, OrthonormalColumnsForTheUsualDimensions) {
  for (const bool eigenbasis : {true, false}) {
    for (const std::size_t m : {12, 20, 28, 10}) {
      SCOPED_TRACE(::testing::Message() << (eigenbasis ? "eigenbasis" : "signs") << " m=" << m);
      const auto rotation = make_rotation(eigenbasis, m, 5);
      EXPECT_EQ(rotation.kind(), eigenbasis ? "eigenbasis" : "signs");
      expect_orthonormal_columns(rotation);
    }
  }
}

TEST(Rotation, PadsToTheNextConstructibleOrder) {
  const auto rotation = Rotation::random_signs(10, 1);
  EXPECT_EQ(rotation.input_dim(), 10U);
  EXPECT_EQ(rotation.output_dim(), 12U);
  EXPECT_DOUBLE_EQ(rotation.padding_fraction(), 2.0 / 12.0);
  const auto exact = Rotation::random_signs(784, 1);
  EXPECT_EQ(exact.output_dim(), 784U);
  EXPECT_EQ(exact.padding_fraction(), 0.0);
  const auto forced = Rotation::random_signs(20, 1, 32);
  EXPECT_EQ(forced.output_dim(), 32U);
  EXPECT_DOUBLE_EQ(forced.padding_fraction(), 12.0 / 32.0);
  expect_orthonormal_columns(forced);
}

RC_GTEST_PROP(RotationProperty, OrthonormalAndApplyEqualsTheDenseProduct, ()) {
  const auto m = *rc::gen::inRange<std::size_t>(1, 130);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const bool eigenbasis = *rc::gen::arbitrary<bool>();
  const auto rotation = make_rotation(eigenbasis, m, seed);
  RC_ASSERT(rotation.output_dim() == HadamardMatrix::next_constructible_order(m));
  const RowMatrix ut = rotation.apply(identity(m));
  RC_ASSERT((ut * ut.transpose() - identity(m)).cwiseAbs().maxCoeff() <= 1e-12);
  const RowMatrix x = random_features(7, m, seed + 1);
  const RowMatrix via_dense = x * rotation.dense().transpose();
  RC_ASSERT((rotation.apply(x) - via_dense).cwiseAbs().maxCoeff() <= 1e-10 * (1.0 + via_dense.cwiseAbs().maxCoeff()));
}

// Signs: U = m_pad^{−1/2}·H·[D; 0], so every entry of U is ±m_pad^{−1/2}.
RC_GTEST_PROP(RotationProperty, SignRotationEntriesHaveEqualMagnitude, ()) {
  const auto m = *rc::gen::inRange<std::size_t>(1, 200);
  const auto rotation = Rotation::random_signs(m, *rc::gen::arbitrary<std::uint64_t>());
  const RowMatrix ut = rotation.apply(identity(m));
  const double expected = 1.0 / std::sqrt(static_cast<double>(rotation.output_dim()));
  RC_ASSERT((ut.array().abs() - expected).abs().maxCoeff() <= 1e-14);
}

// Eigenbasis: with V the eigenvectors of D⊥'s covariance, every rotated coordinate of D⊥ has
// variance exactly tr Σ̂ / m_pad (Remark C.1), checked with the test's own covariance.
RC_GTEST_PROP(RotationProperty, EigenbasisEqualisesCoordinateVariances, ()) {
  const auto m = *rc::gen::inRange<std::size_t>(1, 70);
  const auto n = *rc::gen::inRange<std::size_t>(2, 3 * m + 4);
  const RowMatrix x = random_features(n, m, *rc::gen::arbitrary<std::uint64_t>());
  const auto rotation = Rotation::eigenbasis(x);
  const RowMatrix y = rotation.apply(x);
  const RowMatrix centred_x = x.rowwise() - x.colwise().mean();
  const RowMatrix centred_y = y.rowwise() - y.colwise().mean();
  const double trace = centred_x.squaredNorm() / static_cast<double>(n - 1);
  const Eigen::VectorXd variances = centred_y.colwise().squaredNorm().transpose() / static_cast<double>(n - 1);
  const double target = trace / static_cast<double>(rotation.output_dim());
  RC_ASSERT((variances.array() - target).abs().maxCoeff() <= 1e-9 * target);
}

// V (recovered as Vᵀ = H[:, :m]ᵀ·U·m_pad^{−1/2}) holds eigenvectors of the test's covariance in
// decreasing order of eigenvalue.
TEST(Rotation, EigenbasisColumnsAreEigenvectorsInDecreasingOrder) {
  const std::size_t m = 28;
  const RowMatrix x = random_features(200, m, 17);
  const auto rotation = Rotation::eigenbasis(x);
  const RowMatrix h = rotation.hadamard().dense();
  const RowMatrix vt = h.leftCols(m).transpose() * rotation.dense() / std::sqrt(static_cast<double>(m));
  const RowMatrix centred = x.rowwise() - x.colwise().mean();
  const Eigen::MatrixXd covariance = centred.transpose() * centred / 199.0;
  double previous = INFINITY;
  for (Eigen::Index j = 0; j < static_cast<Eigen::Index>(m); ++j) {
    const Eigen::VectorXd v = vt.row(j).transpose();
    const double lambda = v.dot(covariance * v);
    EXPECT_LE((covariance * v - lambda * v).norm(), 1e-9 * covariance.norm()) << j;
    EXPECT_LE(lambda, previous * (1 + 1e-12)) << j;
    previous = lambda;
  }
}

// Block b of size k is columns [b·k, (b+1)·k) of U·v times sqrt(m_pad/k):
// (1/N_k)·Σ_b ‖Π_b v‖² = ‖v‖² for every divisor k of m_pad (mathematics §4).
RC_GTEST_PROP(RotationProperty, BlockIdentityForEveryDivisor, ()) {
  const auto m = *rc::gen::inRange<std::size_t>(1, 130);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const auto rotation = make_rotation(*rc::gen::arbitrary<bool>(), m, seed);
  const RowMatrix v = random_features(3, m, seed ^ 0x5eedULL);
  const RowMatrix u = rotation.apply(v);
  const std::size_t padded = rotation.output_dim();
  for (std::size_t k = 1; k <= padded; ++k) {
    if (padded % k != 0) continue;
    const std::size_t blocks = padded / k;
    for (Eigen::Index i = 0; i < v.rows(); ++i) {
      double sum = 0.0;
      for (std::size_t b = 0; b < blocks; ++b) {
        const auto block = u.row(i).segment(static_cast<Eigen::Index>(b * k), static_cast<Eigen::Index>(k));
        sum += (std::sqrt(static_cast<double>(blocks)) * block).squaredNorm();  // ‖Π_b v‖²
      }
      const double average = sum / static_cast<double>(blocks);
      const double norm = v.row(i).squaredNorm();
      RC_ASSERT(std::abs(average - norm) <= 1e-12 * norm);
    }
  }
}

TEST(Rotation, ResultDoesNotDependOnTheThreadCount) {
  for (const bool eigenbasis : {true, false}) {
    const auto rotation = make_rotation(eigenbasis, 60, 3);
    const RowMatrix x = random_features(300, 60, 4);
    const RowMatrix one = rotation.apply(x, 1);
    EXPECT_TRUE(one == rotation.apply(x, 3));
    EXPECT_TRUE(one == rotation.apply(x, 0));
  }
}

TEST(Rotation, SeedsAreReproducible) {
  EXPECT_TRUE(Rotation::random_signs(40, 9).dense() == Rotation::random_signs(40, 9).dense());
  EXPECT_FALSE(Rotation::random_signs(40, 9).dense() == Rotation::random_signs(40, 10).dense());
}

TEST(Rotation, LargeOrdersApply) {
  const auto rotation = Rotation::random_signs(31872, 1, 32768);
  EXPECT_EQ(rotation.output_dim(), 32768U);
  EXPECT_NEAR(rotation.padding_fraction(), 896.0 / 32768.0, 1e-15);
  std::mt19937_64 generator(2);
  std::normal_distribution<double> gaussian;
  RowMatrix x(4, 31872);
  for (auto& value : x.reshaped()) value = gaussian(generator);
  const RowMatrix y = rotation.apply(x);
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    EXPECT_NEAR(y.row(i).squaredNorm(), x.row(i).squaredNorm(), 1e-12 * x.row(i).squaredNorm());
  }
}

TEST(Rotation, RejectsInvalidUse) {
  EXPECT_THROW(static_cast<void>(Rotation::eigenbasis(RowMatrix::Ones(1, 5))), InvalidInput);
  EXPECT_THROW(static_cast<void>(Rotation::random_signs(0, 1)), InvalidInput);
  EXPECT_THROW(static_cast<void>(Rotation::random_signs(20, 1, 16)), InvalidInput);   // padded < m
  EXPECT_THROW(static_cast<void>(Rotation::random_signs(20, 1, 36)), InvalidInput);   // not constructible
  RowMatrix bad = random_features(5, 12, 1);
  bad(2, 3) = NAN;
  EXPECT_THROW(static_cast<void>(Rotation::eigenbasis(bad)), InvalidInput);
  const auto rotation = Rotation::random_signs(12, 1);
  EXPECT_THROW(static_cast<void>(rotation.apply(bad)), InvalidInput);
  EXPECT_THROW(static_cast<void>(rotation.apply(RowMatrix::Ones(2, 11))), InvalidInput);
}

}  // namespace
}  // namespace reconbound
