// The rotation's rounding bound κ (mathematics §6.9, core/engine/src/rotation/rotation_rounding.cpp):
// apply() lies within κ·‖ψ‖ of an exactly orthonormal rotation. Checked in 50-digit arithmetic
// against the rotation's dense matrix U (formed in doubles, so itself within about κ of U_Q):
// ‖apply(ψ) − U·ψ‖ ≤ 2κ‖ψ‖ and ‖UᵀU − I‖_F ≤ 2κ + γ, for both kinds, for a power-of-two order and
// for orders built from Paley factors and from padding; and κ is not vacuous (below 1e-9).
#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <random>

#include "reconbound/rotation.hpp"

namespace reconbound {
namespace {

using Big = boost::multiprecision::cpp_bin_float_50;

RowMatrix random_features(Eigen::Index n, Eigen::Index m, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  RowMatrix out(n, m);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < m; ++j) out(i, j) = 100.0 * normal(rng) * (1.0 + static_cast<double>(j % 5));
  }
  return out;
}

void expect_within_its_bound(const Rotation& rotation, std::uint64_t seed) {
  const double kappa = rotation.rounding_bound();
  EXPECT_GT(kappa, 0.0);
  EXPECT_LT(kappa, 1e-9) << "a vacuous bound";
  const RowMatrix u = rotation.dense();  // m_pad × m
  const RowMatrix psi = random_features(5, static_cast<Eigen::Index>(rotation.input_dim()), seed);
  const RowMatrix rotated = rotation.apply(psi, 1);
  for (Eigen::Index i = 0; i < psi.rows(); ++i) {
    Big gap2 = 0, norm2 = 0;
    for (Eigen::Index r = 0; r < u.rows(); ++r) {
      Big exact = 0;
      for (Eigen::Index c = 0; c < u.cols(); ++c) exact += Big(u(r, c)) * Big(psi(i, c));
      gap2 += (Big(rotated(i, r)) - exact) * (Big(rotated(i, r)) - exact);
    }
    for (Eigen::Index c = 0; c < psi.cols(); ++c) norm2 += Big(psi(i, c)) * Big(psi(i, c));
    EXPECT_LE(static_cast<double>(sqrt(gap2)), 2.0 * kappa * static_cast<double>(sqrt(norm2))) << rotation.kind();
  }
  Big defect2 = 0;  // ‖UᵀU − I‖_F²
  for (Eigen::Index a = 0; a < u.cols(); ++a) {
    for (Eigen::Index b = 0; b < u.cols(); ++b) {
      Big dot = a == b ? Big(-1) : Big(0);
      for (Eigen::Index r = 0; r < u.rows(); ++r) dot += Big(u(r, a)) * Big(u(r, b));
      defect2 += dot * dot;
    }
  }
  EXPECT_LE(static_cast<double>(sqrt(defect2)), 2.0 * kappa + 1e-13) << rotation.kind();
}

TEST(RotationRounding, ApplyIsWithinKappaOfAnOrthonormalRotation) {
  for (const std::size_t m : {16, 12, 20, 28}) {  // 2^4; Paley 12; 20 (Paley); 28 (Paley)
    expect_within_its_bound(Rotation::eigenbasis(random_features(3 * static_cast<Eigen::Index>(m), m, m)), m);
    expect_within_its_bound(Rotation::random_signs(m, m), m + 1);
  }
  expect_within_its_bound(Rotation::random_signs(21, 3), 4);  // padded to a constructible order
}

TEST(RotationRounding, TheEigenbasisBoundIsLargerThanTheSigns) {
  // The signs' Dψ is exact; the eigenbasis adds its product's rounding and its orthogonality defect.
  const std::size_t m = 28;
  EXPECT_GT(Rotation::eigenbasis(random_features(90, m, 2)).rounding_bound(),
            Rotation::random_signs(m, 2).rounding_bound());
}

}  // namespace
}  // namespace reconbound
