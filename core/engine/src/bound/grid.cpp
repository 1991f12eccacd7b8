#include "reconbound/grid.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "reconbound/error.hpp"

namespace reconbound {

std::vector<double> default_nu2_levels() { return {0.2, 0.4, 0.8, 1.6, 3.2, 6.4}; }

std::vector<std::size_t> default_block_sizes(std::size_t m) {
  std::vector<std::size_t> sizes;
  for (std::size_t k = 1; k <= 32 && k <= m; ++k) {
    if (m % k == 0) sizes.push_back(k);
  }
  return sizes;
}

void check_grid_lists(const std::vector<std::size_t>& block_sizes, const std::vector<double>& nu2_levels) {
  for (const double nu2 : nu2_levels) {
    if (!std::isfinite(nu2) || nu2 <= 0.0) {
      throw InvalidInput(fmt::format("dither level nu2 = {} must be a finite number > 0", nu2));
    }
  }
  // A repeated pair would be charged twice in the union bound over G (mathematics §6.4).
  for (auto k = block_sizes.begin(); k != block_sizes.end(); ++k) {
    if (std::find(block_sizes.begin(), k, *k) != k) {
      throw InvalidInput(fmt::format("block size k = {} is listed twice; list each k once", *k));
    }
  }
  for (auto nu2 = nu2_levels.begin(); nu2 != nu2_levels.end(); ++nu2) {
    if (std::find(nu2_levels.begin(), nu2, *nu2) != nu2) {
      throw InvalidInput(fmt::format("dither level nu2 = {} is listed twice; list each nu2 once", *nu2));
    }
  }
}

std::vector<GridPair> make_grid(std::size_t m, const std::vector<std::size_t>& block_sizes,
                                const std::vector<double>& nu2_levels) {
  if (block_sizes.empty()) throw InvalidInput("the grid has no block sizes k");
  if (nu2_levels.empty()) throw InvalidInput("the grid has no dither levels nu2");
  std::vector<GridPair> grid;
  for (const std::size_t k : block_sizes) {
    if (k == 0 || m % k != 0) {
      throw InvalidInput(fmt::format("block size k = {} does not divide m = {} (divisors up to 32: {})",
                                     k, m, fmt::join(default_block_sizes(m), ",")));
    }
    for (const double nu2 : nu2_levels) grid.push_back({k, nu2});
  }
  return grid;
}

}  // namespace reconbound
