// coordinate_entropies (per_block_bound.hpp): the grid evaluation of the one-dimensional
// dithered plug-in entropies against MPFR quadrature of the exact mixtures, closed forms,
// thread-count independence and input validation.
#include <gtest/gtest.h>

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

// Every entropy of coordinate_entropies against the MPFR reference of the same mixture.
void expect_matches_reference(const RowMatrix& y, const std::vector<std::size_t>& cell, const RowMatrix& channel,
                              double s) {
  const CoordinateEntropies e = coordinate_entropies(y, cell, channel, s, 2);
  ASSERT_EQ(e.marginal.size(), static_cast<std::size_t>(y.cols()));
  ASSERT_EQ(e.conditional.rows(), channel.cols());
  ASSERT_EQ(e.conditional.cols(), y.cols());
  const std::vector<double> probability = reference_output_probability(cell, channel);
  for (std::size_t z = 0; z < probability.size(); ++z) {
    EXPECT_NEAR(e.output_probability[z], probability[z], 1e-15);
  }
  for (std::size_t b = 0; b < static_cast<std::size_t>(y.cols()); ++b) {
    SCOPED_TRACE("coordinate " + std::to_string(b));
    const auto marginal = reference_output_entropy(y, cell, channel, -1, b, s);
    EXPECT_NEAR(e.marginal[b], marginal.value, kGridEntropyTolerance + marginal.abs_error);
    for (Eigen::Index z = 0; z < channel.cols(); ++z) {
      SCOPED_TRACE("output " + std::to_string(z));
      const auto conditional = reference_output_entropy(y, cell, channel, z, b, s);
      EXPECT_NEAR(e.conditional(z, static_cast<Eigen::Index>(b)), conditional.value,
                  kGridEntropyTolerance + conditional.abs_error);
    }
  }
}

// Coordinates narrower than, about as wide as, and far wider than the dither, and one with
// two modes 30 s apart.
RowMatrix mixed_scale_columns(std::size_t n, double s, std::uint64_t seed) {
  RowMatrix y = gaussian_columns(n, {0.0, 5.0 * s, -40.0 * s}, {0.3 * s, 1.5 * s, 6.0 * s}, seed);
  for (Eigen::Index i = 0; i < y.rows(); i += 3) y(i, 0) += 30.0 * s;
  return y;
}

TEST(CoordinateEntropies, IdentityChannelMatchesMpfrQuadrature) {
  const double s = 0.7;
  const RowMatrix y = mixed_scale_columns(45, s, 3);
  const RowMatrix identity = RowMatrix::Identity(3, 3);
  expect_matches_reference(y, round_robin_cells(45, 3), identity, s);
}

TEST(CoordinateEntropies, BinarySymmetricChannelMatchesMpfrQuadrature) {
  const double s = 2.5;
  const RowMatrix y = mixed_scale_columns(44, s, 5);
  std::vector<std::size_t> cell(44, 0);
  for (std::size_t i = 0; i < 30; ++i) cell[i] = 1;  // unequal cells: 14 and 30 records
  expect_matches_reference(y, cell, symmetric_channel(0.8), s);
}

TEST(CoordinateEntropies, GeneralChannelWithAnUnreleasedOutputMatchesMpfrQuadrature) {
  const double s = 1.0;
  const RowMatrix y = gaussian_columns(36, {0.0, 3.0}, {2.0, 0.5}, 7);
  RowMatrix channel(3, 4);
  channel << 0.5, 0.25, 0.25, 0.0,  //
      0.0, 0.1, 0.9, 0.0,           //
      1.0, 0.0, 0.0, 0.0;
  const std::vector<std::size_t> cell = round_robin_cells(36, 3);
  const CoordinateEntropies e = coordinate_entropies(y, cell, channel, s, 1);
  EXPECT_EQ(e.output_probability[3], 0.0);
  EXPECT_EQ(e.conditional(3, 0), 0.0);  // never released: no conditional density
  const RowMatrix released = channel.leftCols(3);
  expect_matches_reference(y, cell, released, s);
}

TEST(CoordinateEntropies, CentresAtOnePointGiveTheGaussianEntropy) {
  for (const double s : {1e-3, 0.5, 40.0}) {
    SCOPED_TRACE("s = " + std::to_string(s));
    const RowMatrix y = RowMatrix::Constant(30, 2, 17.0 * s);
    const CoordinateEntropies e = coordinate_entropies(y, std::vector<std::size_t>(30, 0), RowMatrix::Ones(1, 1), s, 1);
    const double gaussian = 0.5 * std::log2(2.0 * std::numbers::pi * std::numbers::e * s * s);  // h(N(0, s²))
    for (const double h : e.marginal) EXPECT_NEAR(h, gaussian, 1e-9);
    EXPECT_NEAR(e.conditional(0, 1), gaussian, 1e-9);
  }
}

TEST(CoordinateEntropies, TwoFarApartEqualCellsLeakOneBit) {
  // Cell 1 is cell 0 shifted by 200 s: the marginal is their even mixture with disjoint
  // supports (to e^{−5000}), so h(z̃) − ½·h(z̃ | 0) − ½·h(z̃ | 1) = H(½, ½) = 1 bit.
  const double s = 3.0;
  const RowMatrix half = gaussian_columns(25, {0.0, 10.0}, {2.0 * s, 0.5 * s}, 11);
  RowMatrix y(50, 2);
  y.topRows(25) = half;
  y.bottomRows(25) = half.array() + 200.0 * s;
  std::vector<std::size_t> cell(50, 0);
  for (std::size_t i = 25; i < 50; ++i) cell[i] = 1;
  const CoordinateEntropies e = coordinate_entropies(y, cell, RowMatrix::Identity(2, 2), s, 1);
  for (Eigen::Index b = 0; b < 2; ++b) {
    const double leak = e.marginal[static_cast<std::size_t>(b)] - 0.5 * e.conditional(0, b) - 0.5 * e.conditional(1, b);
    EXPECT_NEAR(leak, 1.0, 1e-6);
  }
}

TEST(CoordinateEntropies, ResultsDoNotDependOnTheThreadCount) {
  const RowMatrix y = gaussian_columns(400, std::vector<double>(37, 1.0), std::vector<double>(37, 4.0), 13);
  RowMatrix channel(5, 3);
  channel << 0.6, 0.2, 0.2,  //
      0.1, 0.8, 0.1,         //
      0.3, 0.3, 0.4,         //
      1.0, 0.0, 0.0,         //
      0.0, 0.5, 0.5;
  const std::vector<std::size_t> cell = round_robin_cells(400, 5);
  const CoordinateEntropies one = coordinate_entropies(y, cell, channel, 1.3, 1);
  for (const std::size_t threads : {2, 3, 0}) {
    const CoordinateEntropies many = coordinate_entropies(y, cell, channel, 1.3, threads);
    EXPECT_EQ(many.marginal, one.marginal);
    EXPECT_EQ(many.conditional, one.conditional);
    EXPECT_EQ(many.output_probability, one.output_probability);
  }
}

// The error is InvalidInput with a one-line message mentioning `phrase`.
template <class Call>
void expect_invalid(const Call& call, const std::string& phrase) {
  try {
    call();
    ADD_FAILURE() << "no InvalidInput for: " << phrase;
  } catch (const InvalidInput& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(phrase), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(CoordinateEntropies, RejectsBadInputsWithOneLine) {
  const RowMatrix y = gaussian_columns(10, {0.0, 1.0}, {1.0, 1.0}, 17);
  const std::vector<std::size_t> cell = round_robin_cells(10, 2);
  const RowMatrix identity = RowMatrix::Identity(2, 2);
  expect_invalid([&] { coordinate_entropies(RowMatrix(0, 2), {}, identity, 1.0, 1); }, "need records");
  expect_invalid([&] { coordinate_entropies(y, round_robin_cells(9, 2), identity, 1.0, 1); }, "9 cell labels");
  expect_invalid([&] { coordinate_entropies(y, round_robin_cells(10, 3), identity, 1.0, 1); }, "cell 2");
  expect_invalid([&] { coordinate_entropies(y, cell, RowMatrix(0, 0), 1.0, 1); }, "channel is empty");
  RowMatrix bad_row = identity;
  bad_row(1, 0) = 0.5;
  expect_invalid([&] { coordinate_entropies(y, cell, bad_row, 1.0, 1); }, "row 1 of the release channel sums to 1.5");
  RowMatrix negative = identity;
  negative(0, 0) = 1.5;
  negative(0, 1) = -0.5;
  expect_invalid([&] { coordinate_entropies(y, cell, negative, 1.0, 1); }, "negative or non-finite");
  for (const double s : {0.0, -1.0, std::numeric_limits<double>::infinity()}) {
    expect_invalid([&] { coordinate_entropies(y, cell, identity, s, 1); }, "dither standard deviation");
  }
  RowMatrix with_nan = y;
  with_nan(4, 1) = std::numeric_limits<double>::quiet_NaN();
  expect_invalid([&] { coordinate_entropies(with_nan, cell, identity, 1.0, 1); }, "record 4, coordinate 1");
  expect_invalid([&] { coordinate_entropies(y, std::vector<std::size_t>(10, 0), identity, 1.0, 1); },
                 "cell 1 holds no records");
  RowMatrix spread = y;
  spread(0, 0) = 1e9;
  expect_invalid([&] { coordinate_entropies(spread, cell, identity, 1e-3, 1); }, "coordinate 0 spans");
}

}  // namespace
}  // namespace reconbound::test
