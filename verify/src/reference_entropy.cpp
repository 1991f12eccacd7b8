#include "reconbound/verify/reference_entropy.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/math/constants/constants.hpp>
#include <boost/multiprecision/mpfr.hpp>
#include <cmath>
#include <utility>

#include "reconbound/error.hpp"
#include "gauss_legendre.hpp"

namespace reconbound::verify {

namespace {

using detail::Axis;
using detail::bits_of;
using detail::gauss_legendre;
using detail::make_axis;
using detail::PrecisionScope;
using detail::Real;
using detail::Rule;

// The box covers every centre ± kBoxHalfWidth·s on every axis (tails bounded below).
constexpr int kBoxHalfWidth = 10;
constexpr std::size_t kMaxCentres = 50;
// Largest (nodes of the 15-point rule) × (centres) accepted: about a second of MPFR work.
constexpr double kMaxWork = 2e7;

struct Mixture {
  std::vector<std::vector<Real>> centres;  // [axis][component]
  std::vector<Real> weights;               // normalised, all > 0
  Real s;
};

// −∫_box f ln f (nats) with the p-point rule on every cell.
Real entropy_nats_in_box(const Mixture& mix, unsigned p, unsigned digits10) {
  const std::size_t k = mix.centres.size();
  const std::size_t n = mix.weights.size();
  const Rule rule = gauss_legendre(p, digits10);
  const Real width = k == 1 ? mix.s / 2 : mix.s;
  const Real norm = 1 / (boost::math::constants::root_two_pi<Real>() * mix.s);
  const Real half_inv_s2 = 1 / (2 * mix.s * mix.s);
  std::vector<Axis> axes;
  // density[d][node·n + l] = φ_s(x_node − c_{l,d}), times w_l on the first axis.
  std::vector<std::vector<Real>> density(k);
  for (std::size_t d = 0; d < k; ++d) {
    const auto [lo, hi] = std::minmax_element(mix.centres[d].begin(), mix.centres[d].end());
    axes.push_back(make_axis(*lo - kBoxHalfWidth * mix.s, *hi + kBoxHalfWidth * mix.s, width, rule));
    for (const Real& x : axes[d].nodes) {
      for (std::size_t l = 0; l < n; ++l) {
        const Real dx = x - mix.centres[d][l];
        Real value = norm * exp(-dx * dx * half_inv_s2);
        if (d == 0) value *= mix.weights[l];
        density[d].push_back(std::move(value));
      }
    }
  }
  Real integral(0);
  Real f;
  if (k == 1) {
    for (std::size_t i = 0; i < axes[0].nodes.size(); ++i) {
      f = 0;
      for (std::size_t l = 0; l < n; ++l) f += density[0][i * n + l];
      integral += axes[0].weights[i] * f * log(f);
    }
  } else {
    Real row;
    for (std::size_t i = 0; i < axes[0].nodes.size(); ++i) {
      row = 0;
      const Real* a = &density[0][i * n];
      for (std::size_t j = 0; j < axes[1].nodes.size(); ++j) {
        const Real* b = &density[1][j * n];
        f = 0;
        for (std::size_t l = 0; l < n; ++l) f += a[l] * b[l];
        row += axes[1].weights[j] * f * log(f);
      }
      integral += axes[0].weights[i] * row;
    }
  }
  return -integral;
}

// Bound (nats) on ∫ f·|ln f| outside the box. Outside, some coordinate d lies beyond
// L = kBoxHalfWidth dither widths from every centre, on one of 2k half-spaces H. For any
// component l, w_l·φ_s(t − c_l) ≤ f(t) ≤ (2π s²)^{−k/2}, so
//   |ln f(t)| ≤ A + ‖t − c_l‖²/(2s²),   A = |ln((2π)^{k/2} s^k)| + ln(1/w_min).
// Integrating component l over H, with t − c_l = s·Z and Z_d ≥ L on H:
//   ∫_H w_l φ_l |ln f| ≤ w_l·[A·Φ̄(L) + ½(E[Z_d² 1{Z_d ≥ L}] + (k−1)·Φ̄(L))]
//                      = w_l·[A·Φ̄(L) + ½(L·φ(L) + k·Φ̄(L))];
// summing over the components and the 2k half-spaces gives the bound.
Real tail_bound_nats(const Mixture& mix) {
  const std::size_t k = mix.centres.size();
  const Real kd(static_cast<double>(k));
  const Real pi = boost::math::constants::pi<Real>();
  const Real w_min = *std::min_element(mix.weights.begin(), mix.weights.end());
  const Real a = abs(kd / 2 * log(2 * pi) + kd * log(mix.s)) - log(w_min);
  const Real L(kBoxHalfWidth);
  const Real upper_tail = erfc(L / sqrt(Real(2))) / 2;            // Φ̄(L)
  const Real phi = exp(-L * L / 2) / sqrt(2 * pi);                 // φ(L)
  return 2 * kd * (a * upper_tail + (L * phi + kd * upper_tail) / 2);
}

Mixture make_mixture(const RowMatrix& centres, const std::vector<double>& weights, double s) {
  const auto n = static_cast<std::size_t>(centres.rows());
  const auto k = static_cast<std::size_t>(centres.cols());
  if (k < 1 || k > 2) {
    throw InvalidInput(fmt::format("reference_mixture_entropy supports k = 1 or 2, got {}", k));
  }
  if (n < 1 || n > kMaxCentres) {
    throw InvalidInput(fmt::format(
        "reference_mixture_entropy supports 1 to {} centres, got {}", kMaxCentres, n));
  }
  if (!weights.empty() && weights.size() != n) {
    throw InvalidInput(fmt::format("{} weights for {} centres", weights.size(), n));
  }
  if (!(s > 0.0) || !std::isfinite(s) || !centres.allFinite()) {
    throw InvalidInput("reference_mixture_entropy needs finite centres and a finite s > 0");
  }
  Mixture mix;
  mix.s = Real(s);
  mix.centres.resize(k);
  Real total(0);
  for (std::size_t l = 0; l < n; ++l) {
    const double w = weights.empty() ? 1.0 : weights[l];
    if (!(w >= 0.0) || !std::isfinite(w)) {
      throw InvalidInput(fmt::format("weight {} is {}; weights must be finite and ≥ 0", l, w));
    }
    if (w == 0.0) continue;  // a component without mass changes nothing
    for (std::size_t d = 0; d < k; ++d) {
      mix.centres[d].emplace_back(centres(static_cast<Eigen::Index>(l), static_cast<Eigen::Index>(d)));
    }
    mix.weights.emplace_back(w);
    total += Real(w);
  }
  if (mix.weights.empty()) throw InvalidInput("all mixture weights are 0");
  for (Real& w : mix.weights) w /= total;
  // Work of the 15-point rule: nodes per axis, their product for k = 2, times the centres.
  double work = static_cast<double>(mix.weights.size());
  for (std::size_t d = 0; d < k; ++d) {
    const auto column = centres.col(static_cast<Eigen::Index>(d));
    const double width = (column.maxCoeff() - column.minCoeff()) / s + 2.0 * kBoxHalfWidth;
    work *= 15.0 * std::ceil(k == 1 ? 2.0 * width : width);
  }
  if (work > kMaxWork) {
    throw InvalidInput(fmt::format(
        "the mixture ({} centres) spreads over too many dither widths s={} for the reference "
        "quadrature; use fewer or closer centres or a larger s",
        mix.weights.size(), s));
  }
  return mix;
}

}  // namespace

ReferenceValue reference_mixture_entropy(const RowMatrix& centres,
                                         const std::vector<double>& weights, double s,
                                         unsigned digits10) {
  const unsigned high_digits = digits10 + digits10 / 2;
  Real low;
  {
    const PrecisionScope precision(digits10);
    const Mixture mix = make_mixture(centres, weights, s);
    low = entropy_nats_in_box(mix, 10, digits10);
  }
  const PrecisionScope precision(high_digits);
  const Mixture mix = make_mixture(centres, weights, s);
  const Real high = entropy_nats_in_box(mix, 15, high_digits);
  const Real ln2 = boost::math::constants::ln_two<Real>();
  const Real error = (abs(high - Real(low)) + tail_bound_nats(mix)) / ln2;
  return {(high / ln2).convert_to<double>(), error.convert_to<double>(), bits_of(high_digits)};
}

ReferenceValue reference_block_averaged_entropy(const RowMatrix& points,
                                                const std::vector<double>& weights,
                                                std::size_t k, double s, unsigned digits10) {
  const auto m = static_cast<std::size_t>(points.cols());
  if (k < 1 || m % k != 0) {
    throw InvalidInput(fmt::format("block size k={} does not divide m={}", k, m));
  }
  const std::size_t blocks = m / k;
  const double scale = std::sqrt(static_cast<double>(blocks));  // Π_b = sqrt(N_k)·P_b·U
  double value = 0.0;
  double error = 0.0;
  unsigned bits = 0;
  for (std::size_t b = 0; b < blocks; ++b) {
    const RowMatrix block =
        scale * points.middleCols(static_cast<Eigen::Index>(b * k), static_cast<Eigen::Index>(k));
    const ReferenceValue h = reference_mixture_entropy(block, weights, s, digits10);
    value += h.value;
    error += h.abs_error;
    bits = h.bits;
  }
  const double nb = static_cast<double>(blocks);
  // The double sum of N_k values adds at most N_k·2^−53 relative.
  return {value / nb, error / nb + std::abs(value / nb) * nb * 0x1.0p-53, bits};
}

namespace {

// σ_b² = k/(n·n_MC·ln²2), bits² (mathematics §6.3), at the current precision. Derivation: for a
// fixed sample, g_i(W) = −ln f̂_b(y_i + W) has gradient (t − μ̄(t))/s² with μ̄(t) the posterior
// mean of the centres at t = y_i + W; Gaussian Poincaré gives Var g_i ≤ E‖t − μ̄(t)‖²/s², and
// averaged over i (t is then a draw of f̂_b and μ̄(t) = E[y_I | t]) that is ≤ E‖W‖²/s² = k.
// The n·n_MC terms of eq 31 are independent given the sample: Var ĥ_MC ≤ k/(n·n_MC) nats².
Real block_variance_bits2(std::size_t k, std::size_t n, std::size_t n_mc) {
  const Real ln2 = boost::math::constants::ln_two<Real>();
  return Real(static_cast<double>(k)) /
         (Real(static_cast<double>(n)) * Real(static_cast<double>(n_mc)) * ln2 * ln2);
}

void check_variance_input(std::size_t k, std::size_t blocks, std::size_t n, std::size_t n_mc) {
  if (k < 1 || blocks < 1 || n < 1 || n_mc < 1) {
    throw InvalidInput("the variance-bound reference needs k, N_k, n and n_mc ≥ 1");
  }
}

// Runs f at digits10 and at 1.5·digits10; the value of the higher, their difference as error.
template <class F>
ReferenceValue at_two_precisions(unsigned digits10, F f) {
  Real low;
  {
    const PrecisionScope precision(digits10);
    low = f();
  }
  const unsigned high_digits = digits10 + digits10 / 2;
  const PrecisionScope precision(high_digits);
  const Real high = f();
  return {high.convert_to<double>(), abs(high - low).convert_to<double>(), bits_of(high_digits)};
}

}  // namespace

ReferenceValue reference_block_variance_bound(std::size_t k, std::size_t n, std::size_t n_mc,
                                              unsigned digits10) {
  check_variance_input(k, 1, n, n_mc);
  return at_two_precisions(digits10, [&] { return block_variance_bits2(k, n, n_mc); });
}

ReferenceValue reference_sigma_mc(std::size_t k, std::size_t blocks, std::size_t n,
                                  std::size_t n_mc, unsigned digits10) {
  check_variance_input(k, blocks, n, n_mc);
  // σ_MC = sqrt(N_k·σ_b²)/N_k (mathematics §6.3, independent dither per block)
  return at_two_precisions(digits10, [&] {
    return sqrt(block_variance_bits2(k, n, n_mc) / Real(static_cast<double>(blocks)));
  });
}

namespace {

std::pair<Real, Real> margins_at(std::size_t n, std::size_t union_size, double alpha_mc,
                                 double alpha_md, double sigma_mc, unsigned digits10) {
  const PrecisionScope precision(digits10);
  const Real nd(static_cast<double>(n));
  const Real g(static_cast<double>(union_size));
  const Real p = 1 / nd;
  const Real ln2 = boost::math::constants::ln_two<Real>();
  const Real binary_entropy = (-p * log(p) - (1 - p) * log(1 - p)) / ln2;   // H_b(1/n), bits
  const Real t_md = binary_entropy * sqrt(nd / 2 * log(g / Real(alpha_md)));  // eq 35
  const Real t_mc = Real(sigma_mc) * sqrt(g / Real(alpha_mc) - 1);           // eq 34
  return {t_md, t_mc};
}

}  // namespace

ReferenceMargins reference_margins(std::size_t n, std::size_t union_size, double alpha_mc,
                                   double alpha_md, double sigma_mc_bits, unsigned digits10) {
  if (n < 2 || union_size < 1 || !(alpha_mc > 0.0) || !(alpha_md > 0.0) ||
      !(sigma_mc_bits >= 0.0)) {
    throw InvalidInput("reference_margins needs n ≥ 2, |G| ≥ 1, α₁, α₂ > 0 and σ_MC ≥ 0");
  }
  const unsigned high_digits = digits10 + digits10 / 2;
  const auto [md_low, mc_low] = margins_at(n, union_size, alpha_mc, alpha_md, sigma_mc_bits, digits10);
  const auto [md_high, mc_high] =
      margins_at(n, union_size, alpha_mc, alpha_md, sigma_mc_bits, high_digits);
  const PrecisionScope precision(high_digits);
  const unsigned bits = bits_of(high_digits);
  return {{md_high.convert_to<double>(), abs(md_high - md_low).convert_to<double>(), bits},
          {mc_high.convert_to<double>(), abs(mc_high - mc_low).convert_to<double>(), bits}};
}

std::size_t reference_monte_carlo_budget(std::size_t k, std::size_t blocks, std::size_t n,
                                        std::size_t union_size, double alpha_mc,
                                        double alpha_md, unsigned digits10) {
  check_variance_input(k, blocks, n, 1);
  // The smallest n_MC with t_MC ≤ t_MD (mathematics §6.7), by counting up from 1 in MPFR.
  for (std::size_t n_mc = 1;; ++n_mc) {
    const PrecisionScope precision(digits10);
    const Real sigma = sqrt(block_variance_bits2(k, n, n_mc) / Real(static_cast<double>(blocks)));
    const auto [t_md, t_mc] = margins_at(n, union_size, alpha_mc, alpha_md,
                                         sigma.convert_to<double>(), digits10);
    if (t_mc <= t_md) return n_mc;
  }
}

}  // namespace reconbound::verify
