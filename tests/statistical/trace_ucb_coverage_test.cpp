// Coverage and width of the tr Σ upper confidence bound (SPEC §6.5): the empirical Bernstein
// bound of Maurer & Pontil (2009, Thm 4) on Y_j = ½‖ψ_a − ψ_b‖² over ⌊n/2⌋ disjoint pairs,
//   UCB = R·(Z̄ + sqrt(2·V_n·ln(2/α)/N) + 7·ln(2/α)/(3(N − 1))),   Z = Y/R ∈ [0, 1], R = B/2,
// on pixel sources whose tr Σ and Var Z are known exactly. Over many independent samples:
//   (a) coverage: tr Σ ≤ UCB in ≥ (1 − α) of them;
//   (b) width: the mean of UCB − tr Σ is at most what the bound is built to cost,
//       R·(sqrt(2·Var Z·ln(2/α)/N) + 7·ln(2/α)/(3(N − 1))) — E Z̄ = E Z, and
//       E sqrt(V_n) ≤ sqrt(E V_n) = sqrt(Var Z) (Jensen, V_n unbiased) — plus a slack for the
//       mean over the samples: Hoeffding on the mean of R·N values of Z in [0, 1], and on the
//       mean of R variance terms in [0, sqrt(ln(2/α)/(2(N − 1)))] (V_n ≤ N/(4(N − 1)) for
//       values in [0, 1]), each at level 1e-6.
// A bound without its variance term fails (a) on the binary source, where that term is most
// of the width; a bound twice as wide fails (b) on both.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>
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

// A pixel source with independent coordinates, B = 255²·d (the pixel representation's bound).
struct PixelSource {
  std::string name;
  std::size_t pixels = 0;     // d
  double trace = 0.0;         // tr Σ
  double variance_z = 0.0;    // Var Z, Z = ½‖x − x'‖²/(B/2) for independent x, x'
  std::function<RowMatrix(std::size_t, std::uint64_t)> sample;

  double max_squared_distance() const { return kMaxGrey * kMaxGrey * static_cast<double>(pixels); }
};

// Pixels 0 or 255 with probabilities p_j of 255: ‖x − x'‖²/255² is a sum of independent
// Bernoulli(q_j), q_j = 2·p_j·(1 − p_j), so Z = that sum / d and Var Z = Σ_j q_j(1 − q_j)/d².
// Z spreads over its whole range: the variance term dominates the bound.
PixelSource binary_source() {
  const std::vector<double> p{0.5, 0.2};
  PixelSource source;
  source.name = "binary";
  source.pixels = p.size();
  const double d = static_cast<double>(p.size());
  for (const double pj : p) {
    const double q = 2.0 * pj * (1.0 - pj);
    source.trace += kMaxGrey * kMaxGrey * pj * (1.0 - pj);  // Var of 255·Bernoulli(p_j)
    source.variance_z += q * (1.0 - q) / (d * d);
  }
  source.sample = [p](std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit;
    RowMatrix data(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(p.size()));
    for (Eigen::Index i = 0; i < data.rows(); ++i) {
      for (Eigen::Index j = 0; j < data.cols(); ++j) {
        data(i, j) = unit(rng) < p[static_cast<std::size_t>(j)] ? kMaxGrey : 0.0;
      }
    }
    return data;
  };
  return source;
}

// Eight pixels uniform on {0, …, 255}: per pixel Var = (N² − 1)/12 and the fourth central
// moment μ₄ = (N² − 1)(3N² − 7)/240 (N = 256); D = x_j − x'_j has E D² = 2·Var and
// E D⁴ = 2μ₄ + 6·Var², so Var Z = d·(2μ₄ + 2·Var²)/(255²·d)². Z concentrates: the range term
// is as large as the variance term.
PixelSource grey_source() {
  constexpr std::size_t kPixels = 8;
  const double levels = 256.0;
  const double variance = (levels * levels - 1.0) / 12.0;
  const double fourth = (levels * levels - 1.0) * (3.0 * levels * levels - 7.0) / 240.0;
  const double scale = kMaxGrey * kMaxGrey * static_cast<double>(kPixels);
  PixelSource source;
  source.name = "grey";
  source.pixels = kPixels;
  source.trace = static_cast<double>(kPixels) * variance;
  source.variance_z =
      static_cast<double>(kPixels) * (2.0 * fourth + 2.0 * variance * variance) / (scale * scale);
  source.sample = [](std::size_t n, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> grey(0, 255);
    RowMatrix data(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(kPixels));
    for (Eigen::Index i = 0; i < data.size(); ++i) data.data()[i] = grey(rng);
    return data;
  };
  return source;
}

struct UcbCase {
  PixelSource source;
  std::size_t records = 0;  // n (N = n/2 pairs)
  int samples = 0;          // R
};

void PrintTo(const UcbCase& c, std::ostream* out) { *out << c.source.name; }

class TraceUcbCoverage : public ::testing::TestWithParam<UcbCase> {};

TEST_P(TraceUcbCoverage, CoversTrSigmaAndIsNoWiderThanItsTerms) {
  const UcbCase& c = GetParam();
  const PixelSource& source = c.source;
  const double range = 0.5 * source.max_squared_distance();  // R = B/2
  const double pairs = static_cast<double>(c.records / 2);    // N
  const double log_term = std::log(2.0 / kAlpha);
  int covered = 0;
  double mean_excess = 0.0;  // mean of UCB − tr Σ
  for (int r = 0; r < c.samples; ++r) {
    const auto seed = static_cast<std::uint64_t>(r);
    const RowMatrix data = source.sample(c.records, 50'000 + seed);
    const TraceSigma result =
        trace_sigma_with_ucb(data, source.max_squared_distance(), kAlpha, 60'000 + seed);
    ASSERT_EQ(result.pairs, c.records / 2);
    covered += source.trace <= result.ucb ? 1 : 0;
    mean_excess += (result.ucb - source.trace) / c.samples;
  }
  const double variance_term = std::sqrt(2.0 * source.variance_z * log_term / pairs);
  const double range_term = 7.0 * log_term / (3.0 * (pairs - 1.0));
  const double samples = static_cast<double>(c.samples);
  const double hoeffding = std::sqrt(std::log(1.0 / kSlackLevel) / (2.0 * samples));
  const double slack = hoeffding / std::sqrt(pairs) +
                       std::sqrt(log_term / (2.0 * (pairs - 1.0))) * hoeffding;
  const double allowance = range * (variance_term + range_term + slack);
  std::printf("%s: tr Sigma %.2f, coverage %d/%d, mean UCB - tr Sigma %.3f <= %.3f = R*(variance "
              "term %.5f + range term %.5f + slack %.5f)\n",
              source.name.c_str(), source.trace, covered, c.samples, mean_excess, allowance,
              variance_term, range_term, slack);
  EXPECT_GE(covered, static_cast<int>(std::ceil((1.0 - kAlpha) * samples)));
  EXPECT_LE(mean_excess, allowance);
}

INSTANTIATE_TEST_SUITE_P(Sources, TraceUcbCoverage,
                         ::testing::Values(UcbCase{binary_source(), 4000, 1000},
                                           UcbCase{grey_source(), 4000, 1000}),
                         [](const auto& param_info) { return param_info.param.source.name; });

}  // namespace
}  // namespace reconbound::test
