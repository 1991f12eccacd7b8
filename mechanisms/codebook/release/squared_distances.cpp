#include "squared_distances.hpp"

#include "row_chunks.hpp"

namespace reconbound::codebook {

namespace {

// out = ‖x‖² + ‖c‖² − 2·X·Cᵀ for one chunk of rows X, clamped at 0 against rounding.
void chunk_distances(MatrixView chunk, MatrixView centroids, const Vector& centroid_norms,
                     MutableMatrixView out) {
  out.noalias() = -2.0 * chunk * centroids.transpose();
  out.colwise() += chunk.rowwise().squaredNorm();
  out.rowwise() += centroid_norms.transpose();
  out = out.cwiseMax(0.0);
}

}  // namespace

RowMatrix squared_distances(MatrixView points, MatrixView centroids, std::size_t threads) {
  const Vector centroid_norms = centroids.rowwise().squaredNorm();
  RowMatrix out(points.rows(), centroids.rows());
  for_each_row_chunk(points.rows(), threads, [&](Eigen::Index begin, Eigen::Index rows) {
    chunk_distances(points.middleRows(begin, rows), centroids, centroid_norms, out.middleRows(begin, rows));
  });
  return out;
}

std::vector<std::size_t> nearest_centroids(MatrixView points, MatrixView centroids, std::size_t threads) {
  const Vector centroid_norms = centroids.rowwise().squaredNorm();
  std::vector<std::size_t> nearest(static_cast<std::size_t>(points.rows()));
  for_each_row_chunk(points.rows(), threads, [&](Eigen::Index begin, Eigen::Index rows) {
    RowMatrix distances(rows, centroids.rows());
    chunk_distances(points.middleRows(begin, rows), centroids, centroid_norms, distances);
    for (Eigen::Index i = 0; i < rows; ++i) {
      Eigen::Index best = 0;
      distances.row(i).minCoeff(&best);
      nearest[static_cast<std::size_t>(begin + i)] = static_cast<std::size_t>(best);
    }
  });
  return nearest;
}

}  // namespace reconbound::codebook
