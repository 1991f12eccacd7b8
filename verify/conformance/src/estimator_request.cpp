#include "estimator_request.hpp"

#include <cmath>
#include <random>
#include <utility>

namespace reconbound::conformance::detail {

RowMatrix gaussian_rows(Eigen::Index n, Eigen::Index m, double sd, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> z(0.0, sd);
  RowMatrix x(n, m);
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = z(rng);
  return x;
}

EntropyRequest entropy_request(const RowMatrix& rows, std::vector<GridPair> grid, double trace_sigma,
                               std::size_t threads) {
  const std::size_t pairs = grid.size();
  return EntropyRequest{.rotated = rows, .grid = std::move(grid), .trace_sigma = trace_sigma, .union_size = pairs,
                        .alpha = 0.05, .alpha_mc_fraction = 0.5, .seed = 7, .n_mc = 0, .threads = threads,
                        .shard = 0, .shards = 1, .progress = nullptr};
}

double dither_scale(const GridPair& pair, double trace_sigma) {
  return std::sqrt(pair.nu2 * trace_sigma / static_cast<double>(pair.k));  // mathematics §5
}

}  // namespace reconbound::conformance::detail
