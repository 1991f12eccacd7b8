// The Gaussian mechanism's exact (ε, δ) with certified brackets (mathematics §8.3).
#include "gaussian_mechanism.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace reconbound::detail {

namespace {

constexpr double kUnitRoundoff = 0x1p-53;
// Relative error charged to libm's erfc and exp (glibc lists ≤ 5 ulp for both): 2^−44 ≈ 512 ulp.
constexpr double kLibmError = 0x1p-44;
// Beyond this argument erfc(x) nears the subnormal range: erfcx by Laplace's continued fraction.
constexpr double kErfcxDirectLimit = 25.0;
constexpr double kTwoOverSqrtPi = 1.1283791670955126;
constexpr double kInverseSqrtPi = 0.5641895835477563;
constexpr double kSqrtHalf = 0.7071067811865476;

struct Interval {
  double lo;
  double hi;
};

// [v(1 − r), v(1 + r)] for v ≥ 0.
Interval widened(double v, double r) { return {v * (1.0 - r), v * (1.0 + r)}; }

// Laplace's continued fraction (A&S 7.1.14), √π·erfcx(x) = 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))),
// cut after `depth` partial numerators k/2 (the last denominator x).
double laplace_convergent(double x, int depth) {
  double t = x;
  for (int k = depth; k >= 1; --k) t = x + 0.5 * k / t;
  return 1.0 / t;
}

// erfcx(x) = e^{x²}·erfc(x), x ≥ 0 (§8.3), for an argument x rounded by ≤ 2u·x from the one
// intended (|d ln erfcx/dx| ≤ 2/√π moves it by ≤ 2.3u·x relative): from libm below
// kErfcxDirectLimit (x² rounds by u·x², which e^{x²} turns into ≤ 2u·x²), beyond it between two
// successive convergents of Laplace's continued fraction, which bracket its value (all partial
// numerators and denominators positive); each convergent rounds by ≤ 2·(depth + 1)·u.
Interval erfcx(double x) {
  const double argument = std::expm1(2.0 * kTwoOverSqrtPi * kUnitRoundoff * x);
  if (x <= kErfcxDirectLimit) {
    return widened(std::exp(x * x) * std::erfc(x),
                   2.0 * kLibmError + 4.0 * kUnitRoundoff * (x * x + 2.0) + argument);
  }
  constexpr int kDepth = 6;
  const double a = laplace_convergent(x, kDepth);
  const double b = laplace_convergent(x, kDepth + 1);
  const double rounding = 2.0 * (kDepth + 3) * kUnitRoundoff + argument;
  return {kInverseSqrtPi * std::min(a, b) * (1.0 - rounding), kInverseSqrtPi * std::max(a, b) * (1.0 + rounding)};
}

// δ as a function of a = ε/μ − μ/2 (b = a + μ), both terms over the common factor e^{−a²/2}
// (e^ε·e^{−b²/2} = e^{−a²/2}: no overflow of e^ε, no cancellation of exponents) (§8.3):
//   δ = ½e^{−a²/2}·(erfcx(a/√2) − erfcx(b/√2)),   a ≥ 0,
//   δ = ½erfc(a/√2) − ½e^{−a²/2}·erfcx(b/√2),      a < 0.
// Only b = a + μ is rounded (|db| ≤ u·b, which moves ln erfcx(b/√2) by ≤ (2/√π)·u·b).
Interval delta_of_a(double a, double mu) {
  const double b = a + mu;
  const Interval xb = erfcx(b * kSqrtHalf);
  const double b_error = std::expm1(kTwoOverSqrtPi * kUnitRoundoff * b);
  const Interval tail_b{xb.lo * (1.0 - b_error), xb.hi * (1.0 + b_error)};
  const Interval gauss = widened(std::exp(-0.5 * a * a), kLibmError + kUnitRoundoff * (a * a + 2.0));
  const double rounding = 8.0 * kUnitRoundoff;
  if (a >= 0.0) {
    const Interval xa = erfcx(a * kSqrtHalf);
    const double lo = 0.5 * gauss.lo * (xa.lo - tail_b.hi) * (1.0 - rounding);
    const double hi = 0.5 * gauss.hi * (xa.hi - tail_b.lo) * (1.0 + rounding);
    return {std::max(0.0, lo), hi};
  }
  // ½erfc(a/√2) = 1 − ½erfc(|a|/√2) ∈ [½, 1): its absolute error ≤ ½·kLibmError + 2u, and
  // u·|a| from the rounded argument (the density is ≤ 1/√(2π)).
  const double head = 1.0 - 0.5 * std::erfc(-a * kSqrtHalf);
  const double head_error = 0.5 * kLibmError + kUnitRoundoff * (2.0 + std::abs(a));
  const double lo = (head - head_error - 0.5 * gauss.hi * tail_b.hi) * (1.0 - rounding);
  const double hi = (head + head_error - 0.5 * gauss.lo * tail_b.lo) * (1.0 + rounding);
  return {std::max(0.0, lo), hi};
}

// ε = μ·a + μ²/2 rounded outwards (2 roundings, each ≤ u relative, of non-negative terms).
double epsilon_of_a(double a, double mu, double direction) {
  const double e = std::max(0.0, mu * a + 0.5 * mu * mu);
  return std::max(0.0, e * (1.0 + direction * 4.0 * kUnitRoundoff));
}

// The point nearest `outside` where `holds` is certified, by bisection from `inside` (where it
// holds) to 1e-13 of `scale`.
template <class Holds>
double certified_end(double inside, double outside, double scale, Holds holds) {
  for (int i = 0; i < 200 && std::abs(outside - inside) > 1e-13 * scale; ++i) {
    const double mid = 0.5 * (inside + outside);
    if (holds(mid)) inside = mid;
    else outside = mid;
  }
  return inside;
}

}  // namespace

Bracket gaussian_mechanism_epsilon(double mu, double delta) {
  // δ(ε) decreases in ε, i.e. in a ∈ [−μ/2, ∞): ε(δ) = inf{ε ≥ 0 : δ(ε) ≤ δ} (§8.3). lo keeps
  // a point where δ is certified above the target (or a = −μ/2, ε = 0), hi one where it is
  // certified at or below it; bisection until they meet, and where a midpoint's δ lies within its
  // rounding of the target, each end bisected on its own side of it.
  const double floor = -0.5 * mu;
  auto above = [&](double a) { return delta_of_a(a, mu).lo > delta; };
  auto below = [&](double a) { return delta_of_a(a, mu).hi <= delta; };
  if (below(floor)) return {0.0, 0.0, 0.0};
  // Q(a) ≤ ½e^{−a²/2} for a ≥ 0 (Chernoff), so δ ≤ delta from a = sqrt(2 ln(1/(2δ))) on.
  double hi = std::sqrt(2.0 * std::log(0.5 / delta)) + 1.0;
  while (!below(hi)) hi = 2.0 * hi + 1.0;
  double lo = floor;
  const double scale = std::abs(hi) + 0.5 * mu + 1.0 / mu;
  for (int i = 0; i < 200 && hi - lo > 1e-13 * scale; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (below(mid)) hi = mid;
    else if (above(mid)) lo = mid;
    else {
      hi = certified_end(hi, mid, scale, below);
      lo = lo == floor && !above(floor) ? floor : certified_end(lo, mid, scale, above);
      break;
    }
  }
  const double lower = lo <= floor ? 0.0 : epsilon_of_a(lo, mu, -1.0);
  const double upper = epsilon_of_a(hi, mu, 1.0);
  return {lower, std::clamp(epsilon_of_a(0.5 * (lo + hi), mu, 0.0), lower, upper), upper};
}

Bracket gaussian_mechanism_delta(double mu, double epsilon) {
  // a = ε/μ − μ/2 rounds by ≤ 2u·(ε/μ + μ/2): δ at both ends of that interval (§8.3).
  const double a = epsilon / mu - 0.5 * mu;
  const double a_error = 2.0 * kUnitRoundoff * (epsilon / mu + 0.5 * mu) + std::numeric_limits<double>::denorm_min();
  const double a_lo = std::max(-0.5 * mu, a - a_error);
  const Interval at_lo = delta_of_a(a_lo, mu);
  const Interval at_hi = delta_of_a(a + a_error, mu);
  const Interval at = delta_of_a(a, mu);
  const double lower = at_hi.lo;
  const double upper = std::min(1.0, at_lo.hi);
  return {lower, std::clamp(0.5 * (at.lo + at.hi), lower, upper), upper};
}

}  // namespace reconbound::detail
