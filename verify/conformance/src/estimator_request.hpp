#pragma once
// The estimation inputs of the estimator suite: rotated rows and a small grid.
#include <cstdint>
#include <vector>

#include "reconbound/estimator.hpp"

namespace reconbound::conformance::detail {

// n × m draws of N(0, sd²) from `seed`.
RowMatrix gaussian_rows(Eigen::Index n, Eigen::Index m, double sd, std::uint64_t seed);

// The suite's estimation sample: 60 draws of N(0, 30² I_8), so tr Σ = 7200, and a grid with
// every block size dividing 8.
struct EstimatorTestInputs {
  RowMatrix rows = gaussian_rows(60, 8, 30.0, 11);
  double trace_sigma = 900.0 * 8;
  std::vector<GridPair> grid{{1, 0.4}, {2, 1.6}, {4, 0.2}, {8, 6.4}};
};

// A single-call request on `rows` (α = 0.05 split evenly, |G| = grid size, dither seed 7).
EntropyRequest entropy_request(const RowMatrix& rows, std::vector<GridPair> grid, double trace_sigma,
                               std::size_t threads = 1);

// s = ν·sqrt(tr Σ / k), the dither the grid pair asks for (mathematics §5).
double dither_scale(const GridPair& pair, double trace_sigma);

}  // namespace reconbound::conformance::detail
