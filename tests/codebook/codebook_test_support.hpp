#pragma once
// Generated data for the codebook tests: Gaussian clusters around well-separated centres,
// and brute-force references written without the library's distance code.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <random>
#include <vector>

#include "reconbound/matrix.hpp"

namespace reconbound::test {

struct Clusters {
  RowMatrix points;
  std::vector<std::size_t> labels;  // the cluster of every row
  RowMatrix centres;
};

// Cluster k (of sizes.size()) is centred at separation·e_k in `dims` ≥ sizes.size()
// dimensions with unit-variance noise; rows are shuffled.
inline Clusters gaussian_clusters(const std::vector<std::size_t>& sizes, Eigen::Index dims, double separation,
                                  std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0.0, 1.0);
  Clusters out;
  out.centres = RowMatrix::Zero(static_cast<Eigen::Index>(sizes.size()), dims);
  for (std::size_t k = 0; k < sizes.size(); ++k) out.centres(static_cast<Eigen::Index>(k), static_cast<Eigen::Index>(k)) = separation;
  for (std::size_t k = 0; k < sizes.size(); ++k) out.labels.insert(out.labels.end(), sizes[k], k);
  std::shuffle(out.labels.begin(), out.labels.end(), rng);
  out.points.resize(static_cast<Eigen::Index>(out.labels.size()), dims);
  for (Eigen::Index i = 0; i < out.points.rows(); ++i) {
    for (Eigen::Index j = 0; j < dims; ++j) {
      out.points(i, j) = out.centres(static_cast<Eigen::Index>(out.labels[static_cast<std::size_t>(i)]), j) + noise(rng);
    }
  }
  return out;
}

// The nearest row of `centres` to `x` by an explicit loop over coordinates.
inline std::size_t brute_nearest(const RowMatrix& centres, const Eigen::RowVectorXd& x) {
  std::size_t best = 0;
  double best_distance = std::numeric_limits<double>::infinity();
  for (Eigen::Index c = 0; c < centres.rows(); ++c) {
    double d = 0.0;
    for (Eigen::Index j = 0; j < x.size(); ++j) d += (x(j) - centres(c, j)) * (x(j) - centres(c, j));
    if (d < best_distance) {
      best_distance = d;
      best = static_cast<std::size_t>(c);
    }
  }
  return best;
}

}  // namespace reconbound::test
