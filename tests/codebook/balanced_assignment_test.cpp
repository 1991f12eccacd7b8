// The balanced assignment (mathematics §9): at most ⌈n/M⌉ records per cell, every record assigned.
#include <gtest/gtest.h>

#include "codebook.hpp"
#include "codebook_test_support.hpp"
#include "reconbound/error.hpp"

using namespace reconbound;
using namespace reconbound::codebook;
using reconbound::test::brute_nearest;
using reconbound::test::gaussian_clusters;

namespace {

std::vector<std::size_t> counts_of(const std::vector<std::size_t>& cells, std::size_t m) {
  std::vector<std::size_t> counts(m, 0);
  for (const std::size_t c : cells) {
    EXPECT_LT(c, m);
    if (c < m) ++counts[c];
  }
  return counts;
}

TEST(BalancedAssignment, UnequalClustersRespectTheCap) {
  for (const std::size_t threads : {1, 3}) {
    const auto data = gaussian_clusters({10, 30, 80, 5}, 6, 20.0, 7);
    const auto cells = balanced_assignment(data.points, data.centres, threads);
    ASSERT_EQ(cells.size(), 125U);
    const auto counts = counts_of(cells, 4);
    const std::size_t cap = (125 + 3) / 4;  // ⌈125/4⌉ = 32
    for (const std::size_t k : counts) EXPECT_LE(k, cap);
    // The largest cluster fills its own cell exactly to the cap and spills the rest.
    EXPECT_EQ(counts[2], cap);
  }
}

TEST(BalancedAssignment, DivisibleSizesFillEveryCellExactly) {
  const auto data = gaussian_clusters({2, 70, 40, 16}, 5, 15.0, 11);  // n = 128, M = 4, cap = 32
  const auto counts = counts_of(balanced_assignment(data.points, data.centres), 4);
  for (const std::size_t k : counts) EXPECT_EQ(k, 32U);
}

TEST(BalancedAssignment, WithoutOverflowEveryRecordGoesToItsNearestCentroid) {
  const auto data = gaussian_clusters({23, 22, 21, 23}, 4, 20.0, 5);  // n = 89, cap = 23: no cell overflows
  const auto cells = balanced_assignment(data.points, data.centres);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    EXPECT_EQ(cells[i], brute_nearest(data.centres, data.points.row(static_cast<Eigen::Index>(i))))
        << "record " << i;
  }
}

TEST(BalancedAssignment, RecordsLeaveTheirNearestCentroidOnlyWhenItIsFull) {
  const auto data = gaussian_clusters({20, 25, 22, 24}, 4, 3.0, 5);
  const RowMatrix centroids = RowMatrix::Random(8, 4) * 5.0;  // cap = ⌈91/8⌉ = 12
  const auto cells = balanced_assignment(data.points, centroids);
  const auto counts = counts_of(cells, 8);
  for (const std::size_t k : counts) EXPECT_LE(k, 12U);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const std::size_t nearest = brute_nearest(centroids, data.points.row(static_cast<Eigen::Index>(i)));
    if (cells[i] != nearest) {
      EXPECT_EQ(counts[nearest], 12U) << "record " << i;
    }
  }
}

TEST(BalancedAssignment, MismatchedWidthsAreRejected) {
  const RowMatrix points = RowMatrix::Zero(10, 3);
  const RowMatrix centroids = RowMatrix::Zero(2, 4);
  EXPECT_THROW(balanced_assignment(points, centroids), InvalidInput);
}

}  // namespace
