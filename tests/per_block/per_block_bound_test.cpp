// per_block_bound (paper eq 40 with F_blk, Prop G.1): against eq 40 written out here from
// given or MPFR-computed entropies, the clipping of γ_b to [0, γ], the [·]_+, the thin-cell
// error and input validation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "per_block_bound.hpp"
#include "per_block_support.hpp"
#include "reconbound/error.hpp"

namespace reconbound::test {
namespace {

using namespace reconbound::codebook;

constexpr double kTwoPiE = 2.0 * std::numbers::pi * std::numbers::e;

// Eq 40 at k = 1 from per-coordinate entropies h_b and charges g_b (bits):
// (1/m)·Σ_b 2^{2(h_b − g_b)}/(2πe·tr Σ) − ν².
double eq40(const std::vector<double>& h, const std::vector<double>& g, double trace_sigma, double nu2) {
  long double sum = 0;
  for (std::size_t b = 0; b < h.size(); ++b) {
    sum += std::pow(2.0L, 2.0L * (static_cast<long double>(h[b]) - g[b])) / (kTwoPiE * trace_sigma);
  }
  return static_cast<double>(sum / static_cast<long double>(h.size()) - nu2);
}

CoordinateEntropies given_entropies() {
  CoordinateEntropies e;
  e.marginal = {12.0, 11.5, 9.0, 10.25};
  e.output_probability = {0.25, 0.75};
  e.conditional.resize(2, 4);
  // Raw γ_b = h − 0.25·row0 − 0.75·row1: 0.5, −0.1 (plug-in noise), 3.0, 0.0.
  e.conditional << 11.5, 11.6, 6.0, 10.25,  //
      11.5, 11.6, 6.0, 10.25;
  return e;
}

TEST(PerBlockBound, FromEntropiesIsEq40WithClippedCharges) {
  const CoordinateEntropies e = given_entropies();
  const double gamma = 2.0;
  const double trace = std::exp2(2.0 * 9.5) / kTwoPiE;  // makes 2^{2h}/(2πe·tr Σ) of order 1
  const PerBlockBound r = per_block_bound_from_entropies(e, gamma, trace, 0.2);
  // Clipped to [0, γ]: 0.5 stays, −0.1 → 0, 3.0 → γ = 2, 0 stays.
  const std::vector<double> expected_gamma{0.5, 0.0, 2.0, 0.0};
  ASSERT_EQ(r.gamma_b.size(), 4u);
  for (std::size_t b = 0; b < 4; ++b) EXPECT_NEAR(r.gamma_b[b], expected_gamma[b], 1e-14);
  const double expected = eq40(e.marginal, expected_gamma, trace, 0.2);
  EXPECT_NEAR(r.rho_squared, expected, 1e-13 * (expected + 0.2));
  ASSERT_GT(expected, 0.0);
  EXPECT_NEAR(r.rho, std::sqrt(expected), 1e-13);
  EXPECT_NEAR(r.mean_gamma_b, 2.5 / 4.0, 1e-15);
  EXPECT_NEAR(r.mean_marginal_entropy_bits, (12.0 + 11.5 + 9.0 + 10.25) / 4.0, 1e-15);
  EXPECT_EQ(r.nu2, 0.2);
}

TEST(PerBlockBound, NegativeBracketGivesZero) {
  const CoordinateEntropies e = given_entropies();
  const double trace = std::exp2(2.0 * 14.0) / kTwoPiE;  // every F_blk term far below ν²
  const PerBlockBound r = per_block_bound_from_entropies(e, 1.0, trace, 0.4);
  const double expected = eq40(e.marginal, {0.5, 0.0, 1.0, 0.0}, trace, 0.4);
  ASSERT_LT(expected, 0.0);
  EXPECT_NEAR(r.rho_squared, expected, 1e-13);
  EXPECT_EQ(r.rho, 0.0);
}

TEST(PerBlockBound, OneCellIdentityChargesNothing) {
  // γ_b = 0: ρ_blk² = (1/m)·Σ_b 2^{2h_b}/(2πe·tr Σ) − ν², h_b by MPFR quadrature.
  const RowMatrix y = gaussian_columns(40, {0.0, 3.0, -2.0}, {1.0, 0.4, 2.5}, 23);
  const std::vector<std::size_t> cell(40, 0);
  const double trace = 3.0;
  const PerBlockBound r = per_block_bound(y, cell, RowMatrix::Ones(1, 1), 0.7, trace, PerBlockConfig{});
  const double s = std::sqrt(0.2 * trace);
  std::vector<double> h;
  for (std::size_t b = 0; b < 3; ++b) h.push_back(reference_output_entropy(y, cell, RowMatrix::Ones(1, 1), -1, b, s).value);
  for (const double g : r.gamma_b) EXPECT_EQ(g, 0.0);
  const double expected = eq40(h, {0.0, 0.0, 0.0}, trace, 0.2);
  // 1e-6 bits of entropy error moves 2^{2h} by at most 2·ln 2·1e-6 relative.
  EXPECT_NEAR(r.rho_squared, expected, 2e-6 * (expected + 0.2));
  EXPECT_NEAR(r.mean_marginal_entropy_bits, (h[0] + h[1] + h[2]) / 3.0, kGridEntropyTolerance);
}

TEST(PerBlockBound, TwoCellsMatchEq40FromMpfrEntropies) {
  // Coordinate 0 separates the cells by 60 s (γ_0 ≈ 1 bit, clipped to γ = 0.6); coordinate 1
  // barely does.
  const double trace = 5.0;
  const double s = std::sqrt(0.2 * trace);
  RowMatrix y = gaussian_columns(48, {0.0, 1.0}, {s, 2.0 * s}, 29);
  std::vector<std::size_t> cell(48, 0);
  for (std::size_t i = 0; i < 48; i += 2) {
    cell[i] = 1;
    y(static_cast<Eigen::Index>(i), 0) += 60.0 * s;
    y(static_cast<Eigen::Index>(i), 1) += 0.5 * s;
  }
  const RowMatrix identity = RowMatrix::Identity(2, 2);
  PerBlockConfig config;
  config.threads = 2;
  const PerBlockBound r = per_block_bound(y, cell, identity, 0.6, trace, config);
  std::vector<double> h;
  std::vector<double> g;
  for (std::size_t b = 0; b < 2; ++b) {
    h.push_back(reference_output_entropy(y, cell, identity, -1, b, s).value);
    const double raw = h[b] - 0.5 * reference_output_entropy(y, cell, identity, 0, b, s).value -
                       0.5 * reference_output_entropy(y, cell, identity, 1, b, s).value;
    g.push_back(std::clamp(raw, 0.0, 0.6));
    EXPECT_NEAR(r.gamma_b[b], g[b], 3 * kGridEntropyTolerance);
  }
  EXPECT_EQ(r.gamma_b[0], 0.6);
  EXPECT_LT(r.gamma_b[1], 0.6);
  const double expected = eq40(h, g, trace, 0.2);
  EXPECT_NEAR(r.rho_squared, expected, 6e-6 * (expected + 0.2));
  config.threads = 1;
  const PerBlockBound one_thread = per_block_bound(y, cell, identity, 0.6, trace, config);
  EXPECT_EQ(one_thread.rho_squared, r.rho_squared);
  EXPECT_EQ(one_thread.gamma_b, r.gamma_b);
}

TEST(PerBlockBound, ThinCellIsRefusedNamingCellSizeAndLimit) {
  const RowMatrix y = gaussian_columns(49, {0.0}, {1.0}, 31);
  std::vector<std::size_t> cell(49, 0);
  for (std::size_t i = 30; i < 49; ++i) cell[i] = 1;  // 19 records
  try {
    per_block_bound(y, cell, RowMatrix::Identity(2, 2), 1.0, 1.0, PerBlockConfig{});
    ADD_FAILURE() << "no error for a cell of 19 records";
  } catch (const InvalidInput& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("cell 1 holds 19 estimation records, fewer than the 20"), std::string::npos) << message;
  }
  PerBlockConfig lenient;
  lenient.min_cell_records = 19;
  EXPECT_NO_THROW(per_block_bound(y, cell, RowMatrix::Identity(2, 2), 1.0, 1.0, lenient));
}

TEST(PerBlockBound, RejectsBadScalarsAndEntropies) {
  const RowMatrix y = gaussian_columns(40, {0.0}, {1.0}, 37);
  const std::vector<std::size_t> cell(40, 0);
  const RowMatrix one = RowMatrix::Ones(1, 1);
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_THROW(per_block_bound(y, cell, one, -0.1, 1.0, PerBlockConfig{}), InvalidInput);
  EXPECT_THROW(per_block_bound(y, cell, one, inf, 1.0, PerBlockConfig{}), InvalidInput);
  EXPECT_THROW(per_block_bound(y, cell, one, 1.0, 0.0, PerBlockConfig{}), InvalidInput);
  EXPECT_THROW(per_block_bound(y, cell, one, 1.0, std::nan(""), PerBlockConfig{}), InvalidInput);
  PerBlockConfig no_dither;
  no_dither.nu2 = 0.0;
  EXPECT_THROW(per_block_bound(y, cell, one, 1.0, 1.0, no_dither), InvalidInput);
  EXPECT_THROW(per_block_bound(y, std::vector<std::size_t>(39, 0), one, 1.0, 1.0, PerBlockConfig{}), InvalidInput);

  CoordinateEntropies wrong_shape = given_entropies();
  wrong_shape.conditional.resize(2, 3);
  EXPECT_THROW(per_block_bound_from_entropies(wrong_shape, 1.0, 1.0, 0.2), InvalidInput);
  CoordinateEntropies unnormalised = given_entropies();
  unnormalised.output_probability = {0.5, 0.6};
  EXPECT_THROW(per_block_bound_from_entropies(unnormalised, 1.0, 1.0, 0.2), InvalidInput);
  CoordinateEntropies not_finite = given_entropies();
  not_finite.marginal[2] = std::nan("");
  EXPECT_THROW(per_block_bound_from_entropies(not_finite, 1.0, 1.0, 0.2), InvalidInput);
}

}  // namespace
}  // namespace reconbound::test
