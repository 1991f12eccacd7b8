#pragma once
// k-means centroids of the codebook (paper §G.6) through OpenCV's cv::kmeans.
#include <cstddef>
#include <cstdint>

#include "reconbound/matrix.hpp"

namespace reconbound::codebook {

// `cells` centroids of the rows of `points` (cells ≤ rows): one k-means++ start drawn from
// `seed`, Lloyd iterations in single precision within the limits of kKmeansIterations and
// kKmeansRelativeShift. The same seed and points give the same centroids.
RowMatrix kmeans_centroids(MatrixView points, std::size_t cells, std::uint64_t seed);

}  // namespace reconbound::codebook
