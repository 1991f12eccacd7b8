#pragma once
// Small grey-level images with structure for tests of the chain: each a copy of one of
// `prototypes` fixed random images (drawn from `population_seed`, the same population for every
// call) plus Gaussian noise of sd 40, rounded and clamped to [0, 255]. `seed` picks the copies.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>

#include "reconbound/matrix.hpp"

namespace reconbound::test {

inline RowMatrix prototype_images(std::size_t n, std::uint64_t seed, int side, int prototypes,
                                  std::uint64_t population_seed) {
  std::mt19937_64 population(population_seed);
  std::uniform_real_distribution<double> level(30.0, 225.0);
  RowMatrix shapes(prototypes, side * side);
  for (Eigen::Index i = 0; i < shapes.size(); ++i) shapes.data()[i] = level(population);
  std::mt19937_64 engine(seed);
  std::uniform_int_distribution<int> pick(0, prototypes - 1);
  std::normal_distribution<double> noise(0.0, 40.0);
  RowMatrix out(static_cast<Eigen::Index>(n), side * side);
  for (Eigen::Index r = 0; r < out.rows(); ++r) {
    const int p = pick(engine);
    for (Eigen::Index c = 0; c < out.cols(); ++c) {
      out(r, c) = std::clamp(std::round(shapes(p, c) + noise(engine)), 0.0, 255.0);
    }
  }
  return out;
}

}  // namespace reconbound::test
