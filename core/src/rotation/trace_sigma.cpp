// tr Σ̂ and its empirical-Bernstein upper confidence bound (SPEC §6.5).
#include "reconbound/trace_sigma.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include "reconbound/error.hpp"

namespace reconbound {

namespace {

// Uniform on [0, bound) by rejection from std::mt19937_64 (whose output is fully specified by
// the standard, unlike std::uniform_int_distribution's), so shuffles match on every platform.
std::uint64_t uniform_below(std::mt19937_64& generator, std::uint64_t bound) {
  const std::uint64_t excess = (0 - bound) % bound;  // 2^64 mod bound
  const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max() - excess;
  std::uint64_t x = generator();
  while (x > limit) x = generator();
  return x % bound;
}

void require_rows(MatrixView features, Eigen::Index minimum, const char* what) {
  if (features.rows() < minimum) {
    throw InvalidInput(fmt::format("{} needs ≥ {} records, got {}", what, minimum, features.rows()));
  }
  if (features.cols() < 1) throw InvalidInput(fmt::format("{} needs at least one feature", what));
  if (!features.allFinite()) {
    throw InvalidInput(fmt::format("{}: the features contain NaN or infinite values", what));
  }
}

}  // namespace

double covariance_trace(MatrixView features) {
  require_rows(features, 2, "the covariance trace");
  const Eigen::RowVectorXd mean = features.colwise().mean();  // pass 1
  double sum = 0.0;                                            // pass 2: Σ_i ‖ψ_i − ψ̄‖²
  for (Eigen::Index i = 0; i < features.rows(); ++i) sum += (features.row(i) - mean).squaredNorm();
  return sum / static_cast<double>(features.rows() - 1);
}

TraceSigma trace_sigma_with_ucb(MatrixView features, double max_squared_distance, double alpha,
                                std::uint64_t seed) {
  require_rows(features, 4, "the tr Σ upper confidence bound");
  if (!(alpha > 0.0 && alpha < 1.0)) {
    throw InvalidInput(fmt::format("the confidence level α = {} must lie in (0, 1)", alpha));
  }
  if (!(max_squared_distance > 0.0 && std::isfinite(max_squared_distance))) {
    throw InvalidInput(fmt::format("the range bound B = {} on ‖Ψ(x) − Ψ(x')‖² must be positive and finite",
                                   max_squared_distance));
  }
  TraceSigma out;
  out.trace = covariance_trace(features);
  out.alpha = alpha;

  const auto n = static_cast<std::uint64_t>(features.rows());
  std::vector<Eigen::Index> order(n);
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  std::mt19937_64 generator(seed);
  for (std::uint64_t i = n - 1; i > 0; --i) std::swap(order[i], order[uniform_below(generator, i + 1)]);

  // Z_j = Y_j / R ∈ [0, 1], Y_j = ½‖ψ_a − ψ_b‖², R = B/2; E Y_j = tr Σ for independent a, b.
  const double range = 0.5 * max_squared_distance;
  const std::size_t pairs = n / 2;
  std::vector<double> z(pairs);
  for (std::size_t j = 0; j < pairs; ++j) {
    const Eigen::Index a = order[2 * j];
    const Eigen::Index b = order[2 * j + 1];
    const double squared = (features.row(a) - features.row(b)).squaredNorm();
    if (squared > max_squared_distance * (1.0 + 1e-12)) {
      throw InvalidInput(fmt::format(
          "records {} and {} are at squared distance {} > B = {}: B is not a bound on ‖Ψ(x) − Ψ(x')‖² for this data",
          a, b, squared, max_squared_distance));
    }
    z[j] = std::min(1.0, 0.5 * squared / range);
  }
  const auto count = static_cast<double>(pairs);
  const double mean = std::accumulate(z.begin(), z.end(), 0.0) / count;
  double squares = 0.0;
  for (const double value : z) squares += (value - mean) * (value - mean);
  const double variance = squares / (count - 1.0);  // unbiased sample variance V_n
  // Maurer & Pontil (2009), Thm 4: E Z ≤ Z̄ + sqrt(2·V_n·ln(2/α)/n) + 7·ln(2/α)/(3(n − 1)) w.p. ≥ 1 − α.
  const double log_term = std::log(2.0 / alpha);
  const double bound = mean + std::sqrt(2.0 * variance * log_term / count) + 7.0 * log_term / (3.0 * (count - 1.0));
  // E Y ≤ R always, so capping at R keeps the statement true.
  out.ucb = range * std::min(1.0, bound);
  out.pairs = pairs;
  return out;
}

}  // namespace reconbound
