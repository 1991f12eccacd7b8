// fit_codebook (paper §G.6): k-means on D_shadow, one balanced step on D_est, the release on D_est.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <numeric>

#include "codebook.hpp"
#include "codebook_test_support.hpp"
#include "reconbound/error.hpp"

using namespace reconbound;
using namespace reconbound::codebook;
using reconbound::test::brute_nearest;
using reconbound::test::gaussian_clusters;

namespace {

std::string fit_error(MatrixView shadow, MatrixView est, CodebookConfig config) {
  try {
    fit_codebook(shadow, est, config);
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "";
}

TEST(CodebookFit, WellSeparatedClustersBecomeTheCells) {
  const auto shadow = gaussian_clusters({60, 64, 68, 72}, 6, 50.0, 1);
  const auto est = gaussian_clusters({62, 66, 70, 66}, 6, 50.0, 2);
  const Codebook codebook = fit_codebook(shadow.points, est.points, {.bits = 2, .seed = 3});
  ASSERT_EQ(codebook.codewords.rows(), 4);
  ASSERT_EQ(codebook.est_cells.size(), 264U);
  // The release partitions D_est exactly as the clusters do: one cell per cluster.
  std::map<std::size_t, std::size_t> cell_of_cluster;
  for (std::size_t i = 0; i < est.labels.size(); ++i) {
    const auto [it, fresh] = cell_of_cluster.emplace(est.labels[i], codebook.est_cells[i]);
    EXPECT_EQ(it->second, codebook.est_cells[i]) << "record " << i;
  }
  ASSERT_EQ(cell_of_cluster.size(), 4U);
  std::vector<std::size_t> cluster_sizes = {62, 66, 70, 66};
  for (const auto& [cluster, cell] : cell_of_cluster) {
    EXPECT_EQ(codebook.cell_counts[cell], cluster_sizes[cluster]);
    // The decoder: each cell's mean is its cluster's sample mean.
    Eigen::RowVectorXd sum = Eigen::RowVectorXd::Zero(6);
    for (std::size_t i = 0; i < est.labels.size(); ++i) {
      if (est.labels[i] == cluster) sum += est.points.row(static_cast<Eigen::Index>(i));
    }
    const Eigen::RowVectorXd mean = sum / static_cast<double>(cluster_sizes[cluster]);
    EXPECT_LT((codebook.cell_means.row(static_cast<Eigen::Index>(cell)) - mean).norm(), 1e-9);
  }
  // H(Q) of the cluster frequencies.
  double entropy = 0.0;
  for (const std::size_t k : cluster_sizes) entropy -= k / 264.0 * std::log2(k / 264.0);
  EXPECT_NEAR(codebook.realised_entropy_bits, entropy, 1e-12);
}

TEST(CodebookFit, ReleaseIsTheNearestCodeword) {
  const auto shadow = gaussian_clusters({40, 50, 30}, 3, 4.0, 8);
  const auto est = gaussian_clusters({45, 35, 50}, 3, 4.0, 9);
  const Codebook codebook = fit_codebook(shadow.points, est.points, {.bits = 3, .seed = 1, .threads = 2});
  const auto targets = gaussian_clusters({20, 20, 20}, 3, 4.0, 10);
  const auto cells = release_cells(codebook, targets.points);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    EXPECT_EQ(cells[i], brute_nearest(codebook.codewords, targets.points.row(static_cast<Eigen::Index>(i))));
  }
  for (std::size_t i = 0; i < codebook.est_cells.size(); ++i) {
    EXPECT_EQ(codebook.est_cells[i],
              brute_nearest(codebook.codewords, est.points.row(static_cast<Eigen::Index>(i))));
  }
  EXPECT_EQ(std::accumulate(codebook.cell_counts.begin(), codebook.cell_counts.end(), std::size_t{0}), 130U);
  EXPECT_LE(codebook.realised_entropy_bits, 3.0 + 1e-12);
}

TEST(CodebookFit, DeterministicForASeed) {
  const auto data = gaussian_clusters({100, 80, 120, 90, 60}, 5, 3.0, 4);
  for (const unsigned bits : {1U, 3U}) {
    const Codebook a = fit_codebook(data.points, data.points, {.bits = bits, .seed = 17, .threads = 1});
    const Codebook b = fit_codebook(data.points, data.points, {.bits = bits, .seed = 17, .threads = 3});
    EXPECT_EQ(a.codewords, b.codewords) << "R = " << bits;
    EXPECT_EQ(a.est_cells, b.est_cells) << "R = " << bits;
  }
}

TEST(CodebookFit, TooManyBitsForTheData) {
  const auto data = gaussian_clusters({20, 20}, 2, 5.0, 1);
  const RowMatrix few = data.points.topRows(10);
  EXPECT_NE(fit_error(data.points, data.points, {.bits = 6}).find("R = 6"), std::string::npos);
  EXPECT_NE(fit_error(few, data.points, {.bits = 4}), "");  // M = 16 > n_shadow = 10
  EXPECT_NE(fit_error(data.points, few, {.bits = 4}), "");  // M = 16 > n_est = 10
  EXPECT_NE(fit_error(data.points, data.points, {.bits = 0}).find("R = 0"), std::string::npos);
  EXPECT_NE(fit_error(data.points, data.points, {.bits = 200}), "");
}

TEST(CodebookFit, ThinCellsNameTheBitsTheSizeAndTheLimit) {
  const auto data = gaussian_clusters({50, 50, 50, 50}, 4, 10.0, 6);
  EXPECT_EQ(fit_error(data.points, data.points, {.bits = 2, .min_cell_records = 20}), "");
  const std::string message = fit_error(data.points, data.points, {.bits = 3, .min_cell_records = 40});
  EXPECT_NE(message.find("R = 3"), std::string::npos) << message;
  EXPECT_NE(message.find("≥ 40"), std::string::npos) << message;
  EXPECT_NE(message.find("estimation records"), std::string::npos) << message;
}

TEST(CodebookFit, MismatchedWidthsAndNonFiniteValues) {
  const auto data = gaussian_clusters({20, 20}, 3, 5.0, 1);
  const RowMatrix wider = RowMatrix::Zero(40, 4);
  EXPECT_NE(fit_error(data.points, wider, {.bits = 1}), "");
  RowMatrix with_nan = data.points;
  with_nan(7, 1) = std::nan("");
  EXPECT_NE(fit_error(with_nan, data.points, {.bits = 1}).find("NaN"), std::string::npos);
  EXPECT_NE(fit_error(data.points, with_nan, {.bits = 1}).find("NaN"), std::string::npos);
  const Codebook codebook = fit_codebook(data.points, data.points, {.bits = 1});
  EXPECT_THROW(release_cells(codebook, with_nan), InvalidInput);
  EXPECT_THROW(release_cells(codebook, wider), InvalidInput);
}

}  // namespace
