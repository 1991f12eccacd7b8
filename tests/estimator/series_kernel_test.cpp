// The k = 1 and k = 2 kernels of the goldfeld fast path (Taylor expansions about box centres,
// series_kernel.hpp, planar_series_kernel.hpp) against sums in 50-digit arithmetic on the
// same doubles: for every query the computed Q̃ must satisfy |Q̃ − Q| ≤ δ·Q with δ the proven
// bound it reports. Covers random data at the default dither levels, far clusters (boxes
// skipped by the cut), a single box (all centres equal), draws at the edge of the kernels'
// ‖Z‖² range, and the box limits.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "cpu/planar_series_kernel.hpp"
#include "cpu/series_kernel.hpp"

namespace reconbound::test {
namespace {

using Big = boost::multiprecision::cpp_bin_float_50;

// Q = Σ_l exp(−(y_i + s·Z − y_l)²/(2s²)) in 50 digits from the doubles.
Big reference_sum(const std::vector<double>& y, std::size_t self, double s, double z) {
  const Big sd = s;
  const Big t = Big(y[self]) + sd * Big(z);
  Big total = 0;
  for (const double centre : y) {
    const Big u = (t - Big(centre)) / sd;
    total += boost::multiprecision::exp(-u * u / 2);
  }
  return total;
}

// The queries q whose computed sum breaks |Q̃ − Q| ≤ δ·Q against Q = exact(q) (50 digits), or
// whose bound δ exceeds `largest_bound`, one line each (empty if none).
template <typename Exact>
std::string bound_violations(double s, const std::vector<double>& sums,
                             const std::vector<double>& delta, double largest_bound, Exact exact) {
  std::string problems;
  for (std::size_t q = 0; q < sums.size(); ++q) {
    const Big reference = exact(q);
    const double error = static_cast<double>(abs(Big(sums[q]) - reference) / reference);
    if (!std::isfinite(sums[q]) || !(error <= delta[q]) || !(delta[q] <= largest_bound)) {
      problems += "s " + std::to_string(s) + " query " + std::to_string(q) + ": relative error " +
                  std::to_string(error) + ", bound " + std::to_string(delta[q]) + "\n";
    }
  }
  return problems;
}

// Runs series_sums for every (self, z) and returns the violations of |Q̃ − Q| ≤ δ·Q.
std::string series_problems(const std::vector<double>& y, double s,
                            const std::vector<std::size_t>& self, const std::vector<double>& z) {
  const std::optional<goldfeld::SeriesLevel> level =
      goldfeld::build_series_level(y.data(), y.size(), s);
  if (!level) return "no tables for s = " + std::to_string(s) + "\n";
  std::vector<double> sums(z.size());
  std::vector<double> delta(z.size());
  std::vector<double> work;
  goldfeld::series_sums(*level, y.data(), y.size(), self.data(), z.data(), z.size(), work,
                        sums.data(), delta.data());
  return bound_violations(s, sums, delta, 1e-8,
                          [&](std::size_t q) { return reference_sum(y, self[q], s, z[q]); });
}

// Queries: every `stride`-th centre, each with seven draws spread over [−9.9, 9.9] (Z² up to
// 98, just inside kSeriesNormLimit = 100).
void add_queries(std::size_t n, std::size_t stride, std::vector<std::size_t>& self,
                 std::vector<double>& z) {
  for (std::size_t i = 0; i < n; i += stride) {
    for (const double draw : {-9.9, -3.0, -0.5, 0.0, 0.7, 2.2, 9.9}) {
      self.push_back(i);
      z.push_back(draw);
    }
  }
}

// The default levels ν² = 0.2 … 6.4 relative to a data variance `variance`.
std::vector<double> default_sds(double variance) {
  std::vector<double> s;
  for (const double nu2 : {0.2, 0.4, 0.8, 1.6, 3.2, 6.4}) s.push_back(std::sqrt(nu2 * variance));
  return s;
}

RC_GTEST_PROP(GoldfeldSeriesKernel, SumsWithinTheProvenBoundOnRandomData, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(1, 200);
  const double spread = std::ldexp(1.0, *rc::gen::inRange(-6, 12));
  std::vector<double> y(n);
  for (double& v : y) v = spread * (*rc::gen::inRange(-4000, 4000)) / 1000.0;
  std::vector<std::size_t> self;
  std::vector<double> z;
  for (std::size_t q = 0; q < 8; ++q) {
    self.push_back(*rc::gen::inRange<std::size_t>(0, n));
    z.push_back(*rc::gen::inRange(-9900, 9900) / 1000.0);
  }
  for (const double s : default_sds(spread * spread)) {
    const std::string problems = series_problems(y, s, self, z);
    RC_ASSERT(problems.empty());
  }
}

// Two clusters 1,000 dither sds apart: the far cluster's boxes are skipped by the cut.
TEST(GoldfeldSeriesKernel, StaysWithinTheBoundForFarClusters) {
  std::vector<double> y;
  for (int i = 0; i < 150; ++i) y.push_back(0.01 * i);
  for (int i = 0; i < 150; ++i) y.push_back(1000.0 + 0.013 * i);
  std::vector<std::size_t> self;
  std::vector<double> z;
  add_queries(y.size(), 25, self, z);
  for (const double s : {0.5, 1.0, 3.0}) EXPECT_EQ(series_problems(y, s, self, z), "");
}

// All centres equal: one box, every offset ẽ = 0.
TEST(GoldfeldSeriesKernel, StaysWithinTheBoundForASingleBox) {
  const std::vector<double> y(64, 17.25);
  std::vector<std::size_t> self;
  std::vector<double> z;
  add_queries(y.size(), 16, self, z);
  for (const double s : {1e-3, 1.0, 1e3}) EXPECT_EQ(series_problems(y, s, self, z), "");
}

// Many boxes (a narrow dither against a wide spread), each with few centres.
TEST(GoldfeldSeriesKernel, StaysWithinTheBoundWithManySparseBoxes) {
  std::vector<double> y;
  for (int i = 0; i < 400; ++i) y.push_back(std::sin(0.37 * i) * 100.0 + 0.001 * i);
  std::vector<std::size_t> self;
  std::vector<double> z;
  add_queries(y.size(), 40, self, z);
  EXPECT_EQ(series_problems(y, 0.1, self, z), "");  // ≈ 4,000 boxes of width 0.05
}

// Beyond kSeriesMaxBoxes boxes the tables are refused (the block then uses the other kernels).
TEST(GoldfeldSeriesKernel, RefusesLevelsWithTooManyBoxes) {
  const std::vector<double> y{0.0, 1.0};
  const double width = 1.0 / static_cast<double>(goldfeld::kSeriesMaxBoxes);
  EXPECT_FALSE(goldfeld::build_series_level(y.data(), y.size(), width / goldfeld::kSeriesBoxWidth)
                   .has_value());
  EXPECT_TRUE(
      goldfeld::build_series_level(y.data(), y.size(), 8.0 * width / goldfeld::kSeriesBoxWidth)
          .has_value());
}

// Q = Σ_l exp(−‖y_i + s·Z − y_l‖²/(2s²)) in 50 digits (centres coordinate-major, 2 × n).
Big planar_reference_sum(const std::vector<double>& y, std::size_t self, double s, double z1,
                         double z2) {
  const std::size_t n = y.size() / 2;
  const Big sd = s;
  const Big t1 = Big(y[self]) + sd * Big(z1);
  const Big t2 = Big(y[n + self]) + sd * Big(z2);
  Big total = 0;
  for (std::size_t l = 0; l < n; ++l) {
    const Big u1 = (t1 - Big(y[l])) / sd;
    const Big u2 = (t2 - Big(y[n + l])) / sd;
    total += boost::multiprecision::exp(-(u1 * u1 + u2 * u2) / 2);
  }
  return total;
}

// Runs planar_series_sums for every (self, Z) (z: pairs) and returns the violations.
std::string planar_problems(const std::vector<double>& y, double s,
                            const std::vector<std::size_t>& self, const std::vector<double>& z) {
  const std::size_t n = y.size() / 2;
  const std::optional<goldfeld::PlanarSeriesLevel> level =
      goldfeld::build_planar_series_level(y.data(), n, s);
  if (!level) return "no tables for s = " + std::to_string(s) + "\n";
  std::vector<double> sums(self.size());
  std::vector<double> delta(self.size());
  goldfeld::planar_series_sums(*level, y.data(), n, self.data(), z.data(), self.size(),
                               sums.data(), delta.data());
  return bound_violations(s, sums, delta, 1e-7, [&](std::size_t q) {
    return planar_reference_sum(y, self[q], s, z[2 * q], z[2 * q + 1]);
  });
}

// Queries: every `stride`-th centre with six draws: three on the circle ‖Z‖² = 29.9 (just
// inside kPlanarNormLimit = 30), the origin, and two in between.
void add_planar_queries(std::size_t n, std::size_t stride, std::vector<std::size_t>& self,
                        std::vector<double>& z) {
  const double r = std::sqrt(29.9);
  const double draws[][2] = {{r, 0.0}, {0.0, -r}, {-r / std::sqrt(2.0), r / std::sqrt(2.0)},
                             {0.0, 0.0}, {1.3, -0.4}, {-2.0, 2.5}};
  for (std::size_t i = 0; i < n; i += stride) {
    for (const auto& draw : draws) {
      self.push_back(i);
      z.push_back(draw[0]);
      z.push_back(draw[1]);
    }
  }
}

RC_GTEST_PROP(GoldfeldPlanarSeriesKernel, SumsWithinTheProvenBoundOnRandomData, ()) {
  const auto n = *rc::gen::inRange<std::size_t>(1, 120);
  const double spread = std::ldexp(1.0, *rc::gen::inRange(-6, 12));
  std::vector<double> y(2 * n);
  for (double& v : y) v = spread * (*rc::gen::inRange(-3000, 3000)) / 1000.0;
  std::vector<std::size_t> self;
  std::vector<double> z;
  for (std::size_t q = 0; q < 5; ++q) {  // 5 queries: one batch of 4 and a batch of 1
    self.push_back(*rc::gen::inRange<std::size_t>(0, n));
    z.push_back(*rc::gen::inRange(-3800, 3800) / 1000.0);
    z.push_back(*rc::gen::inRange(-3800, 3800) / 1000.0);
  }
  for (const double s : {std::sqrt(0.2) * spread, std::sqrt(1.6) * spread, std::sqrt(6.4) * spread}) {
    const std::string problems = planar_problems(y, s, self, z);
    RC_ASSERT(problems.empty());
  }
}

// Two clusters 1,000 dither sds apart: the far cluster's boxes are skipped by the cut.
TEST(GoldfeldPlanarSeriesKernel, StaysWithinTheBoundForFarClusters) {
  std::vector<double> x;
  std::vector<double> y;
  for (int i = 0; i < 60; ++i) {
    x.push_back(0.01 * i);
    y.push_back(0.02 * (i % 7));
    x.push_back(1000.0 + 0.013 * i);
    y.push_back(-0.01 * (i % 5));
  }
  std::vector<double> centres = x;
  centres.insert(centres.end(), y.begin(), y.end());
  std::vector<std::size_t> self;
  std::vector<double> z;
  add_planar_queries(x.size(), 20, self, z);
  for (const double s : {0.5, 1.0, 3.0}) EXPECT_EQ(planar_problems(centres, s, self, z), "");
}

// All centres equal: one box, every offset ẽ = 0.
TEST(GoldfeldPlanarSeriesKernel, StaysWithinTheBoundForASingleBox) {
  std::vector<double> centres(64, 17.25);
  std::fill(centres.begin() + 32, centres.end(), -3.5);
  std::vector<std::size_t> self;
  std::vector<double> z;
  add_planar_queries(32, 8, self, z);
  for (const double s : {1e-3, 1.0, 1e3}) EXPECT_EQ(planar_problems(centres, s, self, z), "");
}

// Beyond kPlanarMaxCells grid cells the tables are refused.
TEST(GoldfeldPlanarSeriesKernel, RefusesLevelsWithTooManyCells) {
  const std::vector<double> centres{0.0, 1.0, 0.0, 1.0};  // (0, 0) and (1, 1)
  const double side = std::sqrt(static_cast<double>(goldfeld::kPlanarMaxCells));
  EXPECT_FALSE(goldfeld::build_planar_series_level(centres.data(), 2,
                                                   1.0 / side / goldfeld::kPlanarBoxWidth)
                   .has_value());
  EXPECT_TRUE(goldfeld::build_planar_series_level(centres.data(), 2,
                                                  4.0 / side / goldfeld::kPlanarBoxWidth)
                  .has_value());
}

}  // namespace
}  // namespace reconbound::test
