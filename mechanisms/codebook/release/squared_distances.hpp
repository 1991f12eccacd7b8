#pragma once
// Squared Euclidean distances between records and centroids, in double, as matrix products.
#include <cstddef>
#include <vector>

#include "reconbound/matrix.hpp"

namespace reconbound::codebook {

// n × M: ‖x_i − c_j‖² of every row of `points` to every row of `centroids`.
RowMatrix squared_distances(MatrixView points, MatrixView centroids, std::size_t threads);

// The index of the nearest centroid of every row (the lowest index among equal distances).
std::vector<std::size_t> nearest_centroids(MatrixView points, MatrixView centroids, std::size_t threads);

}  // namespace reconbound::codebook
