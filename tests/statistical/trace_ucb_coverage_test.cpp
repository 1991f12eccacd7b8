// Coverage and width of the tr Σ upper confidence bound (mathematics §6.5): the empirical
// Bernstein bound (Maurer & Pontil 2009, Thm 4) on the mean of Z_i = ‖x_i − c‖²/B over D_est,
// c the mean of an independent D⊥,
//   UCB = B·(Z̄ + sqrt(2·V_n·ln(2/α)/n) + 7·ln(2/α)/(3(n − 1))),                    (eq 6.5b)
// on pixel sources with independent coordinates of known distribution. Over many independent
// (D⊥, D_est):
//   (a) coverage: tr Σ ≤ UCB in ≥ (1 − α) of them, while the point estimate tr Σ̂ covers only
//       about half the time (the simulation tells a bound from an estimate);
//   (b) width: the mean of UCB − tr Σ is at most what the bound is built to cost, averaged over
//       the repetitions: ‖μ − c‖² + B·(sqrt(2·Var(Z|c)·ln(2/α)/n) + 7·ln(2/α)/(3(n − 1))), with
//       Var(Z|c) and ‖μ − c‖² computed exactly from c and the source (E[sqrt V_n | c] ≤
//       sqrt(Var(Z|c)) by Jensen), plus a Hoeffding slack for the mean over the repetitions.
// A bound without its variance term fails (a) on the binary source; one twice as wide fails (b).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "reconbound/trace_sigma.hpp"

namespace reconbound::test {
namespace {

constexpr double kAlpha = 0.05;
constexpr double kSlackLevel = 1e-6;
constexpr double kMaxGrey = 255.0;

// Every coordinate independent, taking `levels` with probabilities `weights` (one law per
// coordinate); B = 255²·d, the pixel representation's bound.
struct PixelSource {
  std::string name;
  std::vector<std::vector<double>> levels, weights;  // per coordinate

  std::size_t pixels() const { return levels.size(); }
  double max_squared_distance() const { return kMaxGrey * kMaxGrey * static_cast<double>(pixels()); }
  double mean(std::size_t j) const {
    double out = 0.0;
    for (std::size_t v = 0; v < levels[j].size(); ++v) out += weights[j][v] * levels[j][v];
    return out;
  }
  double trace() const {
    double out = 0.0;
    for (std::size_t j = 0; j < pixels(); ++j) {
      for (std::size_t v = 0; v < levels[j].size(); ++v) out += weights[j][v] * std::pow(levels[j][v] - mean(j), 2);
    }
    return out;
  }
  // Var(Z | c), Z = ‖x − c‖²/B: the coordinates' (x_j − c_j)² are independent.
  double variance_z(const Eigen::RowVectorXd& c) const {
    double out = 0.0;
    for (std::size_t j = 0; j < pixels(); ++j) {
      double first = 0.0, second = 0.0;
      for (std::size_t v = 0; v < levels[j].size(); ++v) {
        const double square = std::pow(levels[j][v] - c(static_cast<Eigen::Index>(j)), 2);
        first += weights[j][v] * square;
        second += weights[j][v] * square * square;
      }
      out += second - first * first;
    }
    return out / std::pow(max_squared_distance(), 2);
  }
  double squared_bias(const Eigen::RowVectorXd& c) const {  // ‖μ − c‖²
    double out = 0.0;
    for (std::size_t j = 0; j < pixels(); ++j) out += std::pow(mean(j) - c(static_cast<Eigen::Index>(j)), 2);
    return out;
  }
  RowMatrix sample(std::size_t n, std::uint64_t seed) const {
    std::mt19937_64 rng(seed);
    RowMatrix data(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(pixels()));
    for (std::size_t j = 0; j < pixels(); ++j) {
      std::discrete_distribution<std::size_t> law(weights[j].begin(), weights[j].end());
      for (Eigen::Index i = 0; i < data.rows(); ++i) data(i, static_cast<Eigen::Index>(j)) = levels[j][law(rng)];
    }
    return data;
  }
};

// Pixels 0 or 255 with probabilities p_j of 255: Z spreads over its range, the variance term
// dominates the bound.
PixelSource binary_source() {
  PixelSource source{"binary", {}, {}};
  for (const double p : {0.5, 0.2}) {
    source.levels.push_back({0.0, kMaxGrey});
    source.weights.push_back({1.0 - p, p});
  }
  return source;
}

// Eight pixels uniform on {0, …, 255}: Z concentrates, the range term is as large as the
// variance term.
PixelSource grey_source() {
  PixelSource source{"grey", {}, {}};
  std::vector<double> levels(256), weights(256, 1.0 / 256.0);
  for (int v = 0; v < 256; ++v) levels[static_cast<std::size_t>(v)] = v;
  for (int j = 0; j < 8; ++j) {
    source.levels.push_back(levels);
    source.weights.push_back(weights);
  }
  return source;
}

struct UcbCase {
  PixelSource source;
  std::size_t perp = 0, est = 0;  // |D⊥| (the centre c), n = |D_est|
  int samples = 0;                // R repetitions
};

void PrintTo(const UcbCase& c, std::ostream* out) { *out << c.source.name; }

class TraceUcbCoverage : public ::testing::TestWithParam<UcbCase> {};

TEST_P(TraceUcbCoverage, CoversTrSigmaAndIsNoWiderThanItsTerms) {
  const UcbCase& c = GetParam();
  const PixelSource& source = c.source;
  const double bound = source.max_squared_distance();
  const double trace = source.trace();
  const double n = static_cast<double>(c.est);
  const double log_term = std::log(2.0 / kAlpha);
  int covered = 0, point_covered = 0;
  double mean_excess = 0.0, allowance = 0.0;
  for (int r = 0; r < c.samples; ++r) {
    const auto seed = static_cast<std::uint64_t>(r);
    const RowMatrix perp = source.sample(c.perp, 50'000 + seed);
    const RowMatrix est = source.sample(c.est, 60'000 + seed);
    const TraceSigma result = trace_sigma_with_ucb(perp, est, bound, kAlpha);
    ASSERT_EQ(result.records, c.est);
    covered += trace <= result.ucb ? 1 : 0;
    point_covered += trace <= result.trace ? 1 : 0;
    mean_excess += (result.ucb - trace) / c.samples;
    const Eigen::RowVectorXd centre = perp.colwise().mean();
    allowance += (source.squared_bias(centre) +
                  bound * (std::sqrt(2.0 * source.variance_z(centre) * log_term / n) +
                           7.0 * log_term / (3.0 * (n - 1.0)))) / c.samples;
  }
  // Hoeffding on the mean over R of R·Z̄ ∈ [0, B] (n values each) and of the variance terms in
  // [0, B·sqrt(2·ln(2/α)/(4·(n − 1)))] (V_n ≤ n/(4(n − 1)) for values in [0, 1]), at 1e-6 each.
  const double samples = static_cast<double>(c.samples);
  const double hoeffding = std::sqrt(std::log(1.0 / kSlackLevel) / (2.0 * samples));
  const double slack = bound * hoeffding * (1.0 / std::sqrt(n) + std::sqrt(log_term / (2.0 * (n - 1.0))));
  std::printf("%s: tr Sigma %.2f, UCB covers %d/%d, tr Sigma-hat %d/%d; mean UCB - tr Sigma %.3f <= %.3f + "
              "slack %.3f\n", source.name.c_str(), trace, covered, c.samples, point_covered, c.samples,
              mean_excess, allowance, slack);
  EXPECT_GE(covered, static_cast<int>(std::ceil((1.0 - kAlpha) * samples)));
  EXPECT_LE(point_covered, static_cast<int>(0.75 * samples));
  EXPECT_LE(mean_excess, allowance + slack);
}

INSTANTIATE_TEST_SUITE_P(Sources, TraceUcbCoverage,
                         ::testing::Values(UcbCase{binary_source(), 400, 4000, 1000},
                                           UcbCase{grey_source(), 400, 4000, 1000}),
                         [](const auto& param_info) { return param_info.param.source.name; });

}  // namespace
}  // namespace reconbound::test
