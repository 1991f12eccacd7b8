#include "item_cost.hpp"

namespace reconbound::goldfeld {

namespace {

// Measured by bench/progress/calibrate.py (one thread, Fashion-MNIST pixels, AVX-512; fitted by
// bench/progress/fit.py, docs/progress.md "Cost model"), in ns:
// chained kernel, per (row, centre): kChainedLevel per level, and per draw kChainedCoordinate
// per coordinate, kChainedTop per top and kChainedStep per chained level;
constexpr double kChainedLevel = 0.533;
constexpr double kChainedCoordinate = 0.0506;
constexpr double kChainedTop = 0.534;
constexpr double kChainedStep = 0.500;
// product kernel, per (query, centre): kProductTerm + kProductCoordinate·k;
constexpr double kProductTerm = 1.19;
constexpr double kProductCoordinate = 0.0557;
// Taylor boxes at k = 1, per level: kLineTables per centre (the tables) and kLineQuery per query;
constexpr double kLineTables = 84.9;
constexpr double kLineQuery = 313.0;
// exact path, per (query, centre): kExactTerm + kExactCoordinate·k.
constexpr double kExactTerm = 3.56;
constexpr double kExactCoordinate = 0.274;

}  // namespace

double chained_tile_cost(std::size_t rows, std::size_t n, std::size_t k, std::size_t n_mc,
                         std::size_t tops, std::size_t chained) {
  const double per_draw = kChainedCoordinate * static_cast<double>(k) +
                          kChainedTop * static_cast<double>(tops) +
                          kChainedStep * static_cast<double>(chained);
  const double per_pair = kChainedLevel * static_cast<double>(tops + chained) +
                          static_cast<double>(n_mc) * per_draw;
  return static_cast<double>(rows) * static_cast<double>(n) * per_pair;
}

double product_tile_cost(std::size_t rows, std::size_t n, std::size_t k, std::size_t n_mc,
                         std::size_t levels) {
  const double queries = static_cast<double>(rows * n_mc * levels);
  return queries * static_cast<double>(n) * (kProductTerm + kProductCoordinate * static_cast<double>(k));
}

double line_series_block_cost(std::size_t n, std::size_t n_mc, std::size_t levels) {
  return static_cast<double>(n * levels) * (kLineTables + kLineQuery * static_cast<double>(n_mc));
}

double exact_item_cost(std::size_t n, std::size_t k, std::size_t n_mc) {
  const double nd = static_cast<double>(n);
  return nd * nd * static_cast<double>(n_mc) * (kExactTerm + kExactCoordinate * static_cast<double>(k));
}

}  // namespace reconbound::goldfeld
