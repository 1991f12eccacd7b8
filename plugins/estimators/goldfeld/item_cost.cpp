#include "item_cost.hpp"

namespace reconbound::goldfeld {

namespace {

// Measured by bench/progress/calibrate.py (one thread, Fashion-MNIST pixels, AMD EPYC Zen 4 with
// AVX-512; fitted by bench/progress/fit.py, docs/progress.md "Cost model"), in ns:
// chained kernel (precision=double only), per (row, centre): kChainedLevel per level, and per
// draw kChainedCoordinate per coordinate, kChainedTop per top and kChainedStep per chained level
// (the fit's −0.034 is zero within its noise: a squaring costs less than it resolves);
constexpr double kChainedLevel = 0.458;
constexpr double kChainedCoordinate = 0.1523;
constexpr double kChainedTop = 1.057;
constexpr double kChainedStep = -0.0338;
// product kernel, per (query, centre): kProductTerm + kProductCoordinate·k in double,
// kSingleTerm + kSingleCoordinate·k in single precision;
constexpr double kProductTerm = 1.182;
constexpr double kProductCoordinate = 0.04895;
constexpr double kSingleTerm = 0.3392;
constexpr double kSingleCoordinate = 0.02844;
// Taylor boxes at k = 1, per level: kLineTables per centre (the tables) and kLineQuery per query;
constexpr double kLineTables = 24.41;
constexpr double kLineQuery = 305.4;
// exact path, per (query, centre): kExactTerm + kExactCoordinate·k.
constexpr double kExactTerm = 2.911;
constexpr double kExactCoordinate = 0.09674;

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
                         std::size_t levels, ProductPrecision precision) {
  const double queries = static_cast<double>(rows * n_mc * levels);
  const bool single = precision == ProductPrecision::single;
  const double term = single ? kSingleTerm : kProductTerm;
  const double coordinate = single ? kSingleCoordinate : kProductCoordinate;
  return queries * static_cast<double>(n) * (term + coordinate * static_cast<double>(k));
}

double line_series_block_cost(std::size_t n, std::size_t n_mc, std::size_t levels) {
  return static_cast<double>(n * levels) * (kLineTables + kLineQuery * static_cast<double>(n_mc));
}

double exact_item_cost(std::size_t n, std::size_t k, std::size_t n_mc) {
  const double nd = static_cast<double>(n);
  return nd * nd * static_cast<double>(n_mc) * (kExactTerm + kExactCoordinate * static_cast<double>(k));
}

}  // namespace reconbound::goldfeld
