#include "composed_loss.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>

#include "fft_plans.hpp"
#include "reconbound/error.hpp"

namespace reconbound::detail {

namespace {

constexpr double kUnitRoundoff = 0x1p-53;
constexpr std::size_t kMaxFftSize = std::size_t{1} << 24;

std::int64_t positive_mod(std::int64_t a, std::int64_t n) {
  const std::int64_t r = a % n;
  return r < 0 ? r + n : r;
}

struct TiltedMoments {
  double mean = 0.0;
  double variance = 0.0;
};

// Mean and variance of one step's loss under the tilted law p_λ(y) ∝ p(y)·e^{λy}.
TiltedMoments tilted_moments(const DiscreteLoss& loss, double grid_step, double lambda,
                             double log_m) {
  double m1 = 0.0;
  double m2 = 0.0;
  for (std::size_t j = 0; j < loss.pmf.size(); ++j) {
    if (loss.pmf[j] <= 0.0) continue;
    const double y = static_cast<double>(loss.first_cell + static_cast<std::int64_t>(j)) * grid_step;
    const double w = std::exp(std::log(loss.pmf[j]) + lambda * y - log_m);
    m1 += w * y;
    m2 += w * y * y;
  }
  return {m1, std::max(0.0, m2 - m1 * m1)};
}

}  // namespace

double log_mgf(const DiscreteLoss& loss, double grid_step, double lambda) {
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t j = 0; j < loss.pmf.size(); ++j) {
    if (loss.pmf[j] <= 0.0) continue;
    const double y = static_cast<double>(loss.first_cell + static_cast<std::int64_t>(j)) * grid_step;
    top = std::max(top, std::log(loss.pmf[j]) + lambda * y);
  }
  double sum = 0.0;
  for (std::size_t j = 0; j < loss.pmf.size(); ++j) {
    if (loss.pmf[j] <= 0.0) continue;
    const double y = static_cast<double>(loss.first_cell + static_cast<std::int64_t>(j)) * grid_step;
    sum += std::exp(std::log(loss.pmf[j]) + lambda * y - top);
  }
  return top + std::log(sum);
}

ComposedLoss::ComposedLoss(const std::vector<StepGroup>& groups, double grid_step, double lambda,
                           double window_sds)
    : grid_step_(grid_step), lambda_(lambda) {
  // Window: the tilted sum's mean ± window_sds standard deviations, within its support.
  std::vector<double> log_m(groups.size());
  double mean = 0.0;
  double variance = 0.0;
  double total_steps = 0.0;
  double support_lo = 0.0;
  double support_hi = 0.0;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    const auto& g = groups[i];
    log_m[i] = log_mgf(g.loss, grid_step, lambda);
    const TiltedMoments m = tilted_moments(g.loss, grid_step, lambda, log_m[i]);
    mean += g.steps * m.mean;
    variance += g.steps * m.variance;
    log_scale_ += g.steps * log_m[i];
    total_steps += g.steps;
    support_lo += g.steps * static_cast<double>(g.loss.first_cell);
    support_hi += g.steps * static_cast<double>(g.loss.first_cell +
                                                static_cast<std::int64_t>(g.loss.pmf.size()) - 1);
  }
  const double sd = std::sqrt(variance);
  const double lo = std::max(support_lo, std::floor((mean - window_sds * sd) / grid_step));
  const double hi = std::min(support_hi, std::ceil((mean + window_sds * sd) / grid_step));
  const double cells = hi - lo + 1.0;
  if (!(cells <= static_cast<double>(kMaxFftSize))) {
    throw NumericalError("the composed privacy loss needs more than 2^24 grid cells; ask for "
                         "a larger epsilon error");
  }
  first_cell_ = static_cast<std::int64_t>(lo);
  fft_size_ = good_fft_size(static_cast<std::size_t>(cells));
  const std::size_t n = fft_size_;
  const auto n_signed = static_cast<std::int64_t>(n);

  // Tilted mass outside [lo, hi] by the Chernoff bound P(S ≥ a) ≤ e^{K(λ+h) − K(λ) − h·a}
  // for the tilted sum, at a few h (SPEC §8; FFT wrap-around moves at most this mass).
  auto chernoff = [&](double h, double threshold) {
    double k = 0.0;
    for (std::size_t i = 0; i < groups.size(); ++i) {
      k += groups[i].steps * (log_mgf(groups[i].loss, grid_step, lambda + h) - log_m[i]);
    }
    return std::exp(k - h * threshold);
  };
  if (hi < support_hi || lo > support_lo) {
    const double scale = sd > 0.0 ? window_sds / sd : 1.0 / grid_step;
    double upper = hi < support_hi ? 1.0 : 0.0;
    double lower = lo > support_lo ? 1.0 : 0.0;
    for (double f : {0.25, 0.5, 1.0, 2.0}) {
      if (upper > 0.0) upper = std::min(upper, chernoff(f * scale, (hi + 0.5) * grid_step));
      if (lower > 0.0) lower = std::min(lower, chernoff(-f * scale, -(lo - 0.5) * grid_step));
    }
    wrap_mass_ = upper + lower;
  }

  FftwBuffer<double> real(n);
  FftwBuffer<std::complex<double>> spectrum(n / 2 + 1);
  std::vector<std::complex<double>> log_product(n / 2 + 1, {0.0, 0.0});
  for (std::size_t i = 0; i < groups.size(); ++i) {
    const auto& g = groups[i];
    std::fill(real.data(), real.data() + n, 0.0);
    for (std::size_t j = 0; j < g.loss.pmf.size(); ++j) {
      if (g.loss.pmf[j] <= 0.0) continue;
      const std::int64_t c = g.loss.first_cell + static_cast<std::int64_t>(j);
      const double tilted =
          std::exp(std::log(g.loss.pmf[j]) + lambda * static_cast<double>(c) * grid_step - log_m[i]);
      real[static_cast<std::size_t>(positive_mod(c, n_signed))] += tilted;
    }
    forward_real_fft(n, real.data(), spectrum.data());
    // Self-composition of `steps` identical steps: the steps-th power of the DFT.
    for (std::size_t k = 0; k <= n / 2; ++k) log_product[k] += g.steps * std::log(spectrum[k]);
  }
  for (std::size_t k = 0; k <= n / 2; ++k) spectrum[k] = std::exp(log_product[k]);
  inverse_real_fft(n, spectrum.data(), real.data());
  // Round-off: the powers carry ≈ steps·u relative error, each FFT ≈ log2(n)·u (ℓ2),
  // with generous constants.
  roundoff_ = kUnitRoundoff * (4.0 * total_steps + 20.0 * std::log2(static_cast<double>(n)) + 8.0);

  pmf_.assign(n, 0.0L);
  for (std::size_t j = 0; j < n; ++j) {
    const std::int64_t c = first_cell_ + static_cast<std::int64_t>(j);
    const double tilted = real[static_cast<std::size_t>(positive_mod(c, n_signed))] /
                          static_cast<double>(n);
    if (!(tilted > 0.0)) continue;  // the true probability is ≥ 0: clamping only helps
    const long double untilted =
        std::exp(static_cast<long double>(std::log(tilted)) + log_scale_ -
                 static_cast<long double>(lambda) * static_cast<long double>(c) * grid_step);
    pmf_[j] = std::min(untilted, 1.0L);
  }
}

double ComposedLoss::delta_at(double e) const {
  long double total = 0.0L;
  for (std::size_t j = pmf_.size(); j-- > 0;) {
    const long double s =
        static_cast<long double>(first_cell_ + static_cast<std::int64_t>(j)) * grid_step_;
    if (s <= e) break;
    total += pmf_[j] * -std::expm1(static_cast<long double>(e) - s);
  }
  return static_cast<double>(total);
}

double ComposedLoss::epsilon_at(double d) const {
  // Walking down the cells: with A = Σ_{s ≥ s_j} p(s), B = Σ p(s)e^{−s}, δ̂(e) = A − e^e·B
  // for e ∈ [s_{j−1}, s_j).
  long double a = 0.0L;
  long double b = 0.0L;
  const long double target = d;
  for (std::size_t j = pmf_.size(); j-- > 0;) {
    const long double s =
        static_cast<long double>(first_cell_ + static_cast<std::int64_t>(j)) * grid_step_;
    a += pmf_[j];
    b += pmf_[j] * std::exp(-s);
    const long double below = s - grid_step_;
    if (j == 0 || a - std::exp(below) * b > target) {
      if (a <= target) return -std::numeric_limits<double>::infinity();
      const long double e = std::log((a - target) / b);
      return static_cast<double>(j == 0 ? e : std::clamp(e, below, s));
    }
  }
  return -std::numeric_limits<double>::infinity();
}

double ComposedLoss::numerical_error(double e) const {
  // Σ_{s>e} e^{log_scale − λs} ≤ e^{log_scale − λe} · min(#cells, 1/(1 − e^{−λΔ})).
  const double geometric = lambda_ > 0.0 ? -1.0 / std::expm1(-lambda_ * grid_step_)
                                         : static_cast<double>(pmf_.size());
  const double cells = std::min(static_cast<double>(pmf_.size()), geometric);
  return std::exp(log_scale_ - lambda_ * e) * (wrap_mass_ + roundoff_ * cells);
}

}  // namespace reconbound::detail
