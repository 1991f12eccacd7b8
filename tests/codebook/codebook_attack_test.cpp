// The codebook attack (paper §G.6) against brute force on the raw D_est records:
// g(z) = E[x | Z = z] = Σ_i Pr(Z = z | Q_i)·x_i / Σ_i Pr(Z = z | Q_i).
#include <gtest/gtest.h>

#include <cmath>

#include "codebook.hpp"
#include "codebook_test_support.hpp"
#include "reconbound/error.hpp"

using namespace reconbound;
using namespace reconbound::codebook;
using reconbound::test::brute_nearest;
using reconbound::test::gaussian_clusters;

namespace {

// Pr(Z = z | Q = c): kept with `keep`, otherwise the other one of two cells.
double channel(std::size_t c, std::size_t z, double keep) {
  if (keep == 1.0) return c == z ? 1.0 : 0.0;
  return c == z ? keep : 1.0 - keep;
}

struct Reference {
  std::vector<double> squared_errors;
  RowMatrix reconstructions;
};

// Everything from the codewords, the D_est records and the targets, by explicit loops.
Reference brute_force_attack(const RowMatrix& codewords, const RowMatrix& est, const RowMatrix& targets,
                             double keep) {
  const auto cells = static_cast<std::size_t>(codewords.rows());
  std::vector<std::size_t> est_cells;
  for (Eigen::Index i = 0; i < est.rows(); ++i) est_cells.push_back(brute_nearest(codewords, est.row(i)));
  RowMatrix decoded(codewords.rows(), codewords.cols());
  for (std::size_t z = 0; z < cells; ++z) {
    Eigen::RowVectorXd sum = Eigen::RowVectorXd::Zero(est.cols());
    double weight = 0.0;
    for (Eigen::Index i = 0; i < est.rows(); ++i) {
      const double w = channel(est_cells[static_cast<std::size_t>(i)], z, keep);
      sum += w * est.row(i);
      weight += w;
    }
    decoded.row(static_cast<Eigen::Index>(z)) = sum / weight;
  }
  Reference out;
  out.reconstructions.resize(targets.rows(), targets.cols());
  for (Eigen::Index t = 0; t < targets.rows(); ++t) {
    const std::size_t c = brute_nearest(codewords, targets.row(t));
    double expected = 0.0;
    for (std::size_t z = 0; z < cells; ++z) {
      double distance = 0.0;
      for (Eigen::Index j = 0; j < targets.cols(); ++j) {
        const double d = targets(t, j) - decoded(static_cast<Eigen::Index>(z), j);
        distance += d * d;
      }
      expected += channel(c, z, keep) * distance;
    }
    out.squared_errors.push_back(expected);
    out.reconstructions.row(t) = decoded.row(static_cast<Eigen::Index>(c));
  }
  return out;
}

void expect_matches(const CodebookAttack& attack, const Reference& reference) {
  ASSERT_EQ(attack.squared_errors.size(), reference.squared_errors.size());
  for (std::size_t i = 0; i < attack.squared_errors.size(); ++i) {
    EXPECT_NEAR(attack.squared_errors[i], reference.squared_errors[i], 1e-9 * reference.squared_errors[i])
        << "target " << i;
  }
  EXPECT_LT((attack.reconstructions - reference.reconstructions).cwiseAbs().maxCoeff(), 1e-9);
}

class CodebookAttackTest : public ::testing::Test {
 protected:
  const test::Clusters est_ = gaussian_clusters({70, 50, 90, 40}, 5, 3.0, 21);
  const test::Clusters targets_ = gaussian_clusters({8, 8, 8, 8}, 5, 3.0, 22);
};

TEST_F(CodebookAttackTest, DeterministicIsTheReleasedCellsMean) {
  for (const unsigned bits : {1U, 2U, 4U}) {
    const Codebook codebook = fit_codebook(est_.points, est_.points, {.bits = bits, .seed = 5});
    expect_matches(codebook_attack(codebook, 1.0, targets_.points),
                   brute_force_attack(codebook.codewords, est_.points, targets_.points, 1.0));
  }
}

TEST_F(CodebookAttackTest, ChannelErrorIsTheAverageOverTheChannel) {
  const Codebook codebook = fit_codebook(est_.points, est_.points, {.bits = 1, .seed = 5});
  for (const double keep : {0.55, 0.7, 0.9, 0.999}) {
    expect_matches(codebook_attack(codebook, keep, targets_.points),
                   brute_force_attack(codebook.codewords, est_.points, targets_.points, keep));
  }
}

TEST_F(CodebookAttackTest, CoinFlipReturnsTheOverallMean) {
  const Codebook codebook = fit_codebook(est_.points, est_.points, {.bits = 1, .seed = 5});
  const CodebookAttack attack = codebook_attack(codebook, 0.5, targets_.points);
  const Eigen::RowVectorXd mean = est_.points.colwise().mean();
  for (Eigen::Index t = 0; t < targets_.points.rows(); ++t) {
    EXPECT_LT((attack.reconstructions.row(t) - mean).norm(), 1e-9);
    EXPECT_NEAR(attack.squared_errors[static_cast<std::size_t>(t)], (targets_.points.row(t) - mean).squaredNorm(),
                1e-9);
  }
}

TEST_F(CodebookAttackTest, KeepingTheIndexIsTheDeterministicAttack) {
  const Codebook codebook = fit_codebook(est_.points, est_.points, {.bits = 1, .seed = 5});
  const CodebookAttack kept = codebook_attack(codebook, 1.0, targets_.points);
  const Reference cell_means = brute_force_attack(codebook.codewords, est_.points, targets_.points, 1.0);
  expect_matches(kept, cell_means);
  // The channel is continuous in p: nearly always kept is nearly the deterministic attack.
  const CodebookAttack almost = codebook_attack(codebook, 1.0 - 1e-12, targets_.points);
  for (std::size_t i = 0; i < kept.squared_errors.size(); ++i) {
    EXPECT_NEAR(almost.squared_errors[i], kept.squared_errors[i], 1e-6 * kept.squared_errors[i] + 1e-6);
  }
}

TEST_F(CodebookAttackTest, BadInputs) {
  const Codebook codebook = fit_codebook(est_.points, est_.points, {.bits = 2, .seed = 5});
  EXPECT_THROW(codebook_attack(codebook, 0.8, targets_.points), InvalidInput);  // BSC needs two cells
  EXPECT_THROW(codebook_attack(codebook, 0.4, targets_.points), InvalidInput);
  EXPECT_THROW(codebook_attack(codebook, 1.0, RowMatrix::Zero(3, 4)), InvalidInput);
  RowMatrix with_nan = targets_.points;
  with_nan(0, 0) = std::nan("");
  EXPECT_THROW(codebook_attack(codebook, 1.0, with_nan), InvalidInput);
}

}  // namespace
