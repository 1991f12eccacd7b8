// The slb converse (mathematics §5, eq 13–14) against its MPFR reference, and its laws: ρ* ≤ 1,
// ρ* non-increasing in γ, the Shannon lower bound's equality for isotropic Gaussians.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "estimator_support.hpp"
#include "reconbound/error.hpp"
#include "reconbound/verify/matchers.hpp"
#include "reconbound/verify/reference_converse.hpp"
#include "reconbound/verify/tolerances.hpp"

namespace reconbound::test {
namespace {

using verify::tolerance::kConverse;

// A uniform double in [lo, hi] from RapidCheck (shrinks towards lo).
rc::Gen<double> uniform(double lo, double hi) {
  return rc::gen::map(rc::gen::inRange(0, 1 << 20), [lo, hi](int u) {
    return lo + (hi - lo) * static_cast<double>(u) / static_cast<double>(1 << 20);
  });
}

// A complete estimator result for pair (k, ν²) with tr Σ̂ = trace, h̄_LB and the point estimate.
GridEntropy entropy(std::size_t k, double nu2, double trace, double h_lb, double h_point) {
  GridEntropy e;
  e.pair = {k, nu2};
  e.s = std::sqrt(nu2 * trace / static_cast<double>(k));  // mathematics §5
  e.h_lb = h_lb;
  e.h_point = h_point;
  return e;
}

// A random pair whose entropy puts eq 14 near its interesting range: the entropy power
// relative to T is 2^u with u ∈ [−8, 4] (so brackets are negative, positive and capped).
GridEntropy random_entropy(double trace, double gamma) {
  const auto k = static_cast<std::size_t>(*rc::gen::inRange(1, 65));
  const double nu2 = std::exp(*uniform(std::log(0.01), std::log(10.0)));
  const double u = *uniform(-8.0, 4.0);
  const double kd = static_cast<double>(k);
  const double h_lb =
      kd / 2.0 * (std::log2(2.0 * std::numbers::pi * std::numbers::e * trace / kd) + u) + gamma;
  const double h_point = h_lb + *uniform(0.0, 3.0);
  return entropy(k, nu2, trace, h_lb, h_point);
}

// |actual − reference| within kConverse of the larger term of the bracket (which may cancel).
void expect_matches_reference(const PairBound& pair, const GridEntropy& e, double gamma,
                              double trace) {
  const verify::ReferenceConverse ref =
      verify::reference_converse(e.pair.k, e.s, e.h_lb, gamma, trace);
  RC_ASSERT(std::abs(pair.abs_bound - ref.abs_bound.value) <=
            kConverse * ref.abs_scale + ref.abs_bound.abs_error);
  const double rho2 = pair.rho * pair.rho;
  const double ref_rho2 = ref.rho.value * ref.rho.value;
  RC_ASSERT(std::abs(rho2 - ref_rho2) <= kConverse * ref.rho2_scale + 2.0 * ref.rho.abs_error);
  const verify::ReferenceConverse point =
      verify::reference_converse(e.pair.k, e.s, e.h_point, gamma, trace);
  RC_ASSERT(std::abs(pair.rho_point * pair.rho_point - point.rho.value * point.rho.value) <=
            kConverse * point.rho2_scale + 2.0 * point.rho.abs_error);
}

RC_GTEST_PROP(SlbConverse, EveryPairMatchesTheMpfrReference, ()) {
  const double trace = std::exp(*uniform(std::log(1e-3), std::log(1e8)));
  const double gamma = *uniform(0.0, 60.0);
  const auto pairs = static_cast<std::size_t>(*rc::gen::inRange(1, 6));
  std::vector<GridEntropy> entropies;
  for (std::size_t p = 0; p < pairs; ++p) entropies.push_back(random_entropy(trace, gamma));
  const ConverseResult result = slb()->bound({gamma, &entropies, trace});
  RC_ASSERT(result.pairs.size() == pairs);
  for (std::size_t p = 0; p < pairs; ++p) {
    RC_ASSERT(result.pairs[p].pair == entropies[p].pair);
    RC_ASSERT(result.pairs[p].s == entropies[p].s);
    expect_matches_reference(result.pairs[p], entropies[p], gamma, trace);
  }
}

RC_GTEST_PROP(SlbConverse, RhoStarIsTheMaximumOverTheGridAndAtMostOne, ()) {
  const double trace = std::exp(*uniform(std::log(1e-3), std::log(1e8)));
  const double gamma = *uniform(0.0, 60.0);
  const auto pairs = static_cast<std::size_t>(*rc::gen::inRange(1, 8));
  std::vector<GridEntropy> entropies;
  for (std::size_t p = 0; p < pairs; ++p) entropies.push_back(random_entropy(trace, gamma));
  const ConverseResult result = slb()->bound({gamma, &entropies, trace});
  double best = -1.0;
  double best_point = -1.0;
  std::size_t arg = 0;
  for (std::size_t p = 0; p < pairs; ++p) {
    const PairBound& b = result.pairs[p];
    RC_ASSERT(b.rho >= 0.0 && b.rho <= 1.0);
    RC_ASSERT(b.rho_point >= 0.0 && b.rho_point <= 1.0);
    RC_ASSERT(b.abs_bound >= 0.0 && b.abs_bound <= trace);
    RC_ASSERT(b.rho_point >= b.rho);  // dropping the margins can only raise the bound
    if (b.rho > best) {
      best = b.rho;
      arg = p;
    }
    best_point = std::max(best_point, b.rho_point);
  }
  RC_ASSERT(result.rho_star == best);
  RC_ASSERT(result.arg_max == entropies[arg].pair);
  RC_ASSERT(result.abs_bound == result.pairs[arg].abs_bound);
  RC_ASSERT(result.rho_point == best_point);
}

RC_GTEST_PROP(SlbConverse, RhoStarIsNonIncreasingInGamma, ()) {
  const double trace = std::exp(*uniform(std::log(1e-3), std::log(1e8)));
  const double gamma = *uniform(0.0, 30.0);
  const double more = gamma + *uniform(0.0, 30.0);
  std::vector<GridEntropy> entropies;
  for (int p = 0; p < 3; ++p) entropies.push_back(random_entropy(trace, gamma));
  const ConverseResult low = slb()->bound({gamma, &entropies, trace});
  const ConverseResult high = slb()->bound({more, &entropies, trace});
  RC_ASSERT(high.rho_star <= low.rho_star);
  RC_ASSERT(high.rho_point <= low.rho_point);
  for (std::size_t p = 0; p < entropies.size(); ++p) {
    RC_ASSERT(high.pairs[p].abs_bound <= low.pairs[p].abs_bound);
  }
}

// The inverse (largest admissible γ for a target ρ, mathematics §8) against the MPFR reference of
// eq 14: at the returned γ some pair reaches the target, and 1e-6 bits more leakage (above
// the reference's own error) leaves every pair below it.
RC_GTEST_PROP(SlbConverse, LargestGammaInvertsEq14AgainstTheMpfrReference, ()) {
  const double trace = std::exp(*uniform(std::log(1e-3), std::log(1e8)));
  const double target = *uniform(0.01, 1.0);
  std::vector<GridEntropy> entropies;
  for (int p = 0; p < 3; ++p) entropies.push_back(random_entropy(trace, *uniform(0.0, 30.0)));
  const LeakageBudget budget = slb()->largest_gamma({0.0, &entropies, trace}, target);
  RC_ASSERT(slb()->bound({std::max(0.0, budget.gamma_bits), &entropies, trace}).rho_star >=
                target ||
            budget.gamma_bits < 0.0);
  const double above = budget.gamma_bits + 1e-6 * std::max(1.0, std::abs(budget.gamma_bits));
  bool reached = false;
  for (const GridEntropy& e : entropies) {
    const auto at = verify::reference_converse(e.pair.k, e.s, e.h_lb, budget.gamma_bits, trace);
    const auto beyond = verify::reference_converse(e.pair.k, e.s, e.h_lb, above, trace);
    RC_ASSERT(beyond.rho.value < target);
    if (e.pair == budget.pair) reached = at.rho.value >= target * (1.0 - 1e-12);
  }
  RC_ASSERT(reached);
}

TEST(SlbConverse, LargestGammaRejectsTargetsOutsideTheUnitInterval) {
  std::vector<GridEntropy> entropies{entropy(4, 0.2, 100.0, 20.0, 21.0)};
  for (double bad : {0.0, -0.5, 1.5, std::nan("")}) {
    EXPECT_THROW(slb()->largest_gamma({0.0, &entropies, 100.0}, bad), InvalidInput) << bad;
  }
}

// For an isotropic Gaussian source Ψ(x) ∼ N(μ, (T/m)·I_m) each block Π_b Ψ(x) is
// N(·, (T/k)·I_k) (mathematics §4: Π_b = sqrt(N_k)·P_b·U), so the dithered block has variance
// σ² = T/k + s² per coordinate and entropy h = (k/2)·log2(2πe·σ²) bits. Then eq 13 gives
//   k/(2πe)·2^{2h/k} − k s² = k·σ² − k·s² = T,
// the error of the prior-mean guess, which no estimator beats when γ = 0: the bound is
// tight and ρ = 1. With γ > 0 it is k·σ²·2^{−2γ/k} − k·s².
TEST(SlbConverse, IsTightForIsotropicGaussianSources) {
  for (const std::size_t k : {1u, 2u, 7u, 28u, 32u}) {
    for (const double nu2 : {0.2, 1.6, 6.4}) {
      for (const double trace : {3.43e6, 1.0, 0.02}) {
        const double s2 = nu2 * trace / static_cast<double>(k);
        const double sigma2 = trace / static_cast<double>(k) + s2;
        const double h = static_cast<double>(k) / 2.0 *
                         std::log2(2.0 * std::numbers::pi * std::numbers::e * sigma2);
        std::vector<GridEntropy> entropies{entropy(k, nu2, trace, h, h)};
        const ConverseResult tight = slb()->bound({0.0, &entropies, trace});
        EXPECT_RELATIVELY_CLOSE(tight.abs_bound, trace, 1e-12) << "k=" << k << " nu2=" << nu2;
        EXPECT_NEAR(tight.rho_star, 1.0, 1e-12) << "k=" << k << " nu2=" << nu2;
        EXPECT_LE(tight.rho_star, 1.0);
        const double gamma = 0.5 * static_cast<double>(k);  // halves the entropy power
        const ConverseResult leaky = slb()->bound({gamma, &entropies, trace});
        const double expected = static_cast<double>(k) * (sigma2 / 2.0 - s2);
        if (expected > 0.0) {
          EXPECT_RELATIVELY_CLOSE(leaky.abs_bound, expected, 1e-11) << "k=" << k;
          EXPECT_RELATIVELY_CLOSE(leaky.rho_star, std::sqrt(expected / trace), 1e-11);
        } else {
          EXPECT_EQ(leaky.abs_bound, 0.0);
          EXPECT_EQ(leaky.rho_star, 0.0);
        }
      }
    }
  }
}

TEST(SlbConverse, ExtremeEntropiesGiveFiniteCappedResults) {
  const double trace = 5.0;
  for (const double h : {1e7, -1e7, 1e300}) {
    std::vector<GridEntropy> entropies{entropy(4, 0.2, trace, h, h)};
    for (const double gamma : {0.0, 1e7, 1e300}) {
      const ConverseResult r = slb()->bound({gamma, &entropies, trace});
      EXPECT_TRUE(std::isfinite(r.abs_bound) && std::isfinite(r.rho_star)) << h << " " << gamma;
      const double excess = h - gamma;
      if (excess > 1e6) {
        EXPECT_EQ(r.rho_star, 1.0);
        EXPECT_EQ(r.abs_bound, trace);
      } else if (excess < -1e6) {
        EXPECT_EQ(r.rho_star, 0.0);
        EXPECT_EQ(r.abs_bound, 0.0);
      }
    }
  }
}

// With T a UCB above the tr Σ̂ that set s, ρ² = abs_bound / T (the dither enters as k s²).
TEST(SlbConverse, RhoSquaredIsTheAbsoluteBoundOverTheNormaliser) {
  std::vector<GridEntropy> entropies{entropy(2, 0.4, 10.0, 6.5, 7.0)};
  for (const double trace : {10.0, 12.5, 40.0}) {
    const ConverseResult r = slb()->bound({0.3, &entropies, trace});
    ASSERT_GT(r.abs_bound, 0.0);
    EXPECT_RELATIVELY_CLOSE(r.rho_star * r.rho_star, r.abs_bound / trace, 1e-13);
  }
}

void expect_invalid(const ConverseInput& input, const std::string& needle) {
  try {
    slb()->bound(input);
    ADD_FAILURE() << "no error; expected one mentioning '" << needle << "'";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

TEST(SlbConverse, RejectsInvalidInput) {
  std::vector<GridEntropy> good{entropy(1, 0.2, 1.0, 1.0, 1.2)};
  std::vector<GridEntropy> none;
  expect_invalid({0.0, nullptr, 1.0}, "at least one grid pair");
  expect_invalid({0.0, &none, 1.0}, "at least one grid pair");
  expect_invalid({0.0, &good, 0.0}, "trace_sigma");
  expect_invalid({0.0, &good, std::numeric_limits<double>::infinity()}, "trace_sigma");
  expect_invalid({-0.1, &good, 1.0}, "gamma");
  expect_invalid({std::numeric_limits<double>::quiet_NaN(), &good, 1.0}, "gamma");
  std::vector<GridEntropy> partial = good;
  partial[0].complete = false;
  expect_invalid({0.0, &partial, 1.0}, "combine the shards");
  std::vector<GridEntropy> nan = good;
  nan[0].h_lb = std::numeric_limits<double>::quiet_NaN();
  expect_invalid({0.0, &nan, 1.0}, "non-finite entropy");
  std::vector<GridEntropy> no_dither = good;
  no_dither[0].s = 0.0;
  expect_invalid({0.0, &no_dither, 1.0}, "s > 0");
}

}  // namespace
}  // namespace reconbound::test
