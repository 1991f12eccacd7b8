// One balanced assignment step of the codebook (mathematics §9, paper §G.6): at most ⌈n/M⌉ points
// per centroid, the points with the clearest preference placed first.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "codebook.hpp"
#include "reconbound/error.hpp"
#include "squared_distances.hpp"

namespace reconbound::codebook {

namespace {

// Euclidean distance to the nearest centroid subtracted from that to the second nearest.
double nearest_gap(const Eigen::Ref<const Eigen::RowVectorXd>& squared) {
  double first = std::numeric_limits<double>::infinity();
  double second = first;
  for (Eigen::Index j = 0; j < squared.size(); ++j) {
    const double d = squared(j);
    if (d < first) {
      second = first;
      first = d;
    } else if (d < second) {
      second = d;
    }
  }
  return std::sqrt(second) - std::sqrt(first);
}

// The nearest centroid whose cell holds fewer than `cap` points (the lowest index among ties).
std::size_t nearest_with_room(const Eigen::Ref<const Eigen::RowVectorXd>& squared,
                              const std::vector<std::size_t>& counts, std::size_t cap) {
  std::size_t best = counts.size();
  for (std::size_t j = 0; j < counts.size(); ++j) {
    if (counts[j] < cap && (best == counts.size() || squared(static_cast<Eigen::Index>(j)) <
                                                         squared(static_cast<Eigen::Index>(best)))) {
      best = j;
    }
  }
  return best;
}

}  // namespace

std::vector<std::size_t> balanced_assignment(MatrixView points, MatrixView centroids, std::size_t threads) {
  if (points.cols() != centroids.cols()) {
    throw InvalidInput(fmt::format("points have {} columns but the centroids {}", points.cols(), centroids.cols()));
  }
  if (centroids.rows() < 1) throw InvalidInput("a balanced assignment needs at least one centroid");
  const auto n = static_cast<std::size_t>(points.rows());
  const auto cells = static_cast<std::size_t>(centroids.rows());
  const std::size_t cap = (n + cells - 1) / cells;  // ⌈n/M⌉
  const RowMatrix squared = squared_distances(points, centroids, threads);

  std::vector<double> gap(n);
  for (std::size_t i = 0; i < n; ++i) gap[i] = nearest_gap(squared.row(static_cast<Eigen::Index>(i)));
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return gap[a] > gap[b]; });

  // M·cap ≥ n, so a centroid with room always remains.
  std::vector<std::size_t> counts(cells, 0);
  std::vector<std::size_t> assigned(n);
  for (const std::size_t i : order) {
    const std::size_t cell = nearest_with_room(squared.row(static_cast<Eigen::Index>(i)), counts, cap);
    assigned[i] = cell;
    ++counts[cell];
  }
  return assigned;
}

}  // namespace reconbound::codebook
