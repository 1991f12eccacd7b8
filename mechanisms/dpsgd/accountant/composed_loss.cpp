#include "composed_loss.hpp"

#include "direct_composition.hpp"
#include "golden_section.hpp"
#include "untilting.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>

#include "reconbound/error.hpp"
#include "reconbound/fft_plans.hpp"

namespace reconbound::detail {

namespace {

constexpr double kUnitRoundoff = 0x1p-53;
constexpr std::size_t kMaxFftSize = std::size_t{1} << 24;
constexpr double kLongUnit = 0x1p-64;  // unit roundoff of long double

std::int64_t positive_mod(std::int64_t a, std::int64_t n) {
  const std::int64_t r = a % n;
  return r < 0 ? r + n : r;
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

namespace {

double sum_log_mgf(const std::vector<StepGroup>& groups, double grid_step, double lambda) {
  double k = 0.0;
  for (const auto& g : groups) k += g.steps * log_mgf(g.loss, grid_step, lambda);
  return k;
}

// The smallest a with P_λ(±S ≥ a) ≤ tail by Chernoff: a = (K(λ ± h) − K(λ) + ln(1/tail))/h,
// h chosen on the coarse steps, the bound evaluated on the fine ones (so it is exact for them).
double chernoff_edge(const std::vector<StepGroup>& groups, double grid_step,
                     const std::vector<StepGroup>& coarse, double coarse_step, double lambda,
                     double sign, double tail) {
  const double k_c = sum_log_mgf(coarse, coarse_step, lambda);
  auto edge = [&](double h) {
    return (sum_log_mgf(coarse, coarse_step, lambda + sign * h) - k_c - std::log(tail)) / h;
  };
  const double h = detail::argmin_log_spaced(edge, 1e-4, 1e4, 50);
  const double k_f = sum_log_mgf(groups, grid_step, lambda);
  return (sum_log_mgf(groups, grid_step, lambda + sign * h) - k_f - std::log(tail)) / h;
}

}  // namespace

ComposedLoss::ComposedLoss(const std::vector<StepGroup>& groups, double grid_step,
                           const std::vector<StepGroup>& coarse, double coarse_step, double lambda,
                           double tail)
    : grid_step_(grid_step), lambda_(lambda) {
  std::vector<double> log_m(groups.size());
  double magnitude = 0.0;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    log_m[i] = log_mgf(groups[i].loss, grid_step, lambda);
    log_scale_ += groups[i].steps * log_m[i];
    magnitude += std::abs(groups[i].steps * log_m[i]);
  }
  log_scale_error_ = log_scale_error(magnitude, groups.size());
  place_window(groups, coarse, coarse_step, tail);
  FftwBuffer<double> real(fft_size_);
  compose(groups, log_m, real.data());
  untilt(real.data());
}

ComposedLoss::ComposedLoss(const DirectComposition& direct, double grid_step)
    : grid_step_(grid_step),
      lambda_(0.0),
      first_cell_(direct.first_cell),
      pmf_(direct.pmf.begin(), direct.pmf.end()),
      relative_error_(direct.relative_error),
      absolute_error_(direct.absolute_error),
      fft_size_(0) {}

void ComposedLoss::place_window(const std::vector<StepGroup>& groups, const std::vector<StepGroup>& coarse,
                                double coarse_step, double tail) {
  double support_lo = 0.0;
  double support_hi = 0.0;
  for (const auto& g : groups) {
    support_lo += g.steps * static_cast<double>(g.loss.first_cell);
    support_hi += g.steps * static_cast<double>(g.loss.first_cell + static_cast<std::int64_t>(g.loss.pmf.size()) - 1);
  }
  // Window [lo, hi] (cells): the support, cut where the tilted sum's tails fall below `tail`.
  const double upper_edge = chernoff_edge(groups, grid_step_, coarse, coarse_step, lambda_, 1.0, tail);
  const double lower_edge = -chernoff_edge(groups, grid_step_, coarse, coarse_step, lambda_, -1.0, tail);
  const double lo = std::max(support_lo, std::floor(lower_edge / grid_step_));
  const double hi = std::min(support_hi, std::ceil(upper_edge / grid_step_));
  wrap_mass_ = (hi < support_hi ? tail : 0.0) + (lo > support_lo ? tail : 0.0);
  const double cells = hi - lo + 1.0;
  if (!(cells <= static_cast<double>(kMaxFftSize))) {
    throw NumericalError("the composed privacy loss needs more than 2^24 grid cells; ask for "
                         "a larger epsilon error");
  }
  first_cell_ = static_cast<std::int64_t>(lo);
  fft_size_ = good_fft_size(static_cast<std::size_t>(cells));
}

void ComposedLoss::compose(const std::vector<StepGroup>& groups, const std::vector<double>& log_m, double* real) {
  const std::size_t n = fft_size_;
  const auto n_signed = static_cast<std::int64_t>(n);
  FftwBuffer<std::complex<double>> spectrum(n / 2 + 1);
  std::vector<std::complex<double>> log_product(n / 2 + 1, {0.0, 0.0});
  std::vector<double> inverse_abs(n / 2 + 1, 0.0);  // Σ_i steps_i / |z_ik|
  for (std::size_t i = 0; i < groups.size(); ++i) {
    const auto& g = groups[i];
    std::fill(real, real + n, 0.0);
    for (std::size_t j = 0; j < g.loss.pmf.size(); ++j) {
      if (g.loss.pmf[j] <= 0.0) continue;
      const std::int64_t c = g.loss.first_cell + static_cast<std::int64_t>(j);
      const double log_p = std::log(g.loss.pmf[j]);
      const double lambda_s = lambda_ * static_cast<double>(c) * grid_step_;
      real[static_cast<std::size_t>(positive_mod(c, n_signed))] += std::exp(log_p + lambda_s - log_m[i]);
      // §8.1: the exponent rounds by ≤ 2u·(|ln p| + |λs| + |ln M|) + u, exp adds ≤ 4u.
      input_error_ = std::max(input_error_, 2.0 * kUnitRoundoff * (std::abs(log_p) + std::abs(lambda_s) +
                                                                   std::abs(log_m[i]) + 3.0));
    }
    forward_real_fft(n, real, spectrum.data());
    // Self-composition of `steps` identical steps: the steps-th power of the DFT.
    for (std::size_t k = 0; k <= n / 2; ++k) {
      log_product[k] += g.steps * std::log(spectrum[k]);
      inverse_abs[k] += g.steps / std::abs(spectrum[k]);
    }
  }
  // Round-off: each DFT coefficient z_ik carries an error ≤ c·u·log2(n) (|z| ≤ 1), which the
  // power z^T amplifies to T·|z|^{T−1}·c·u·log2(n); the inverse DFT averages the errors of
  // all coefficients (‖e‖_∞ ≤ (1/n)Σ_k|ê_k|) and adds its own c·u·log2(n); c = 3 generously.
  // The tilted inputs' own rounding (input_error_, relative, so ≤ input_error_ on |z| ≤ 1) joins it.
  const double fft_error = 3.0 * kUnitRoundoff * (std::log2(static_cast<double>(n)) + 1.0) + input_error_;
  double spectrum_error = 0.0;
  for (std::size_t k = 0; k <= n / 2; ++k) {
    spectrum[k] = std::exp(log_product[k]);
    const double magnitude = std::abs(spectrum[k]);
    const double term = 1.0 + (magnitude > 0.0 ? magnitude * inverse_abs[k] : 0.0);
    spectrum_error += (k == 0 || 2 * k == n) ? term : 2.0 * term;
  }
  roundoff_ = fft_error * spectrum_error / static_cast<double>(n);
  inverse_real_fft(n, spectrum.data(), real);
}

void ComposedLoss::untilt(const double* real) {
  // p(s_c) = p_λ(s_c)·e^{log_scale − λ·s_c}, the factor a running product over the cells
  // (untilting.hpp); every p carries the factor's relative error, e^{log_scale}'s from its double
  // sum, and one rounding of the product (§8.1).
  const std::size_t n = fft_size_;
  const auto n_signed = static_cast<std::int64_t>(n);
  pmf_.assign(n, 0.0L);
  const UntiltingFactors factors(log_scale_, lambda_, grid_step_, first_cell_);
  factors.for_each(n, [&](std::size_t j, long double factor) {
    const std::int64_t c = first_cell_ + static_cast<std::int64_t>(j);
    const double tilted = real[static_cast<std::size_t>(positive_mod(c, n_signed))] / static_cast<double>(n);
    // The true probability is ≥ 0: clamping only helps.
    if (tilted > 0.0) pmf_[j] = std::min(static_cast<long double>(tilted) * factor, 1.0L);
  });
  const double untilting = factors.relative_error(n);
  relative_error_ = (1.0 + untilting) * (1.0 + log_scale_error_) * (1.0 + kLongUnit) - 1.0;
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

double ComposedLoss::delta_at_error(double e) const {
  // §8.4: each term p·(−expm1(e − s)) is within relative_error_ (p) and 4·2^−64 (expl's expm1 and
  // the product) of its exact value at the rounded argument; the argument e − s, s = c·Δ, rounds
  // by ≤ 2^−63·(|s| + |e|), which moves −expm1 by no more (its slope is ≤ 1 for e < s); the sum
  // of ≤ N non-negative terms adds ≤ N·2^−64 relative.
  long double total = 0.0L;
  long double above = 0.0L;
  long double largest = 0.0L;
  for (std::size_t j = pmf_.size(); j-- > 0;) {
    const long double s = static_cast<long double>(first_cell_ + static_cast<std::int64_t>(j)) * grid_step_;
    if (s <= e) break;
    total += pmf_[j] * -std::expm1(static_cast<long double>(e) - s);
    above += pmf_[j];
    largest = std::max(largest, std::abs(s));
  }
  const double n = static_cast<double>(pmf_.size());
  const double relative = relative_error_ + (n + 8.0) * kLongUnit;
  const double argument = 2.0 * kLongUnit * (static_cast<double>(largest) + std::abs(e));
  return relative * static_cast<double>(total) + argument * static_cast<double>(above) + absolute_error_ * n;
}

double ComposedLoss::epsilon_at(double d) const {
  // Walking down the cells: with A = Σ_{s ≥ s_j} p(s) and C = Σ_{s ≥ s_j} p(s)e^{s_j − s}
  // (C_j = p_j + e^{−Δ}·C_{j+1}: no exponential of s itself), δ̂(e) = A − e^{e − s_j}·C for
  // e ∈ [s_{j−1}, s_j), so δ̂(s_{j−1}) = A − e^{−Δ}·C and δ̂(e) = d at e = s_j + ln((A − d)/C).
  const long double down = std::exp(-static_cast<long double>(grid_step_));
  long double a = 0.0L;
  long double c = 0.0L;
  const long double target = d;
  for (std::size_t j = pmf_.size(); j-- > 0;) {
    const long double s =
        static_cast<long double>(first_cell_ + static_cast<std::int64_t>(j)) * grid_step_;
    a += pmf_[j];
    c = pmf_[j] + down * c;
    if (j == 0 || a - down * c > target) {
      if (a <= target) return -std::numeric_limits<double>::infinity();
      const long double e = s + std::log((a - target) / c);
      return static_cast<double>(j == 0 ? e : std::clamp(e, s - grid_step_, s));
    }
  }
  return -std::numeric_limits<double>::infinity();
}

double ComposedLoss::numerical_error(double e) const {
  // FFT: Σ_{s>e} e^{log_scale − λs} ≤ e^{log_scale − λe} · min(#cells, 1/(1 − e^{−λΔ})), its own
  // double evaluation widened by 4u·(|exponent| + 2) (§8.1).
  const double geometric = lambda_ > 0.0 ? -1.0 / std::expm1(-lambda_ * grid_step_)
                                         : static_cast<double>(pmf_.size());
  const double cells = std::min(static_cast<double>(pmf_.size()), geometric);
  const double exponent = log_scale_ - lambda_ * e;
  const double fft = std::exp(exponent) * (wrap_mass_ + roundoff_ * cells) *
                     (1.0 + 4.0 * kUnitRoundoff * (std::abs(exponent) + 2.0));
  // Every p(s) within relative_error_·p + absolute_error_ (the untilting, §8.1, or the direct
  // composition, §8.4). The walk down the cells then sums A = Σ p in long double (≤ N roundings
  // of 2^−64 each) and C_j = p_j + e^{−Δ}·C_{j+1} (two roundings a cell and e^{−Δ}'s own error,
  // ≤ (Δ + 4)·2^−64, compounded over ≤ N cells), and δ̂(e) = A − e^{e−s}·C adds ≤ 4·2^−64 of C;
  // with C ≤ A, |δ̂ − δ̂_exact| ≤ 2ρ·A(e), ρ = relative_error_ + (N·(Δ + 6) + 4)·2^−64,
  // A(e) = Σ_{s>e} p(s) (delta_at's sum of non-negative terms is within the same bound).
  const double n = static_cast<double>(pmf_.size());
  const double rho = relative_error_ + (n * (grid_step_ + 6.0) + 4.0) * kLongUnit;
  long double above = 0.0L;
  for (std::size_t j = pmf_.size(); j-- > 0;) {
    if (static_cast<long double>(first_cell_ + static_cast<std::int64_t>(j)) * grid_step_ <= e) break;
    above += pmf_[j];
  }
  return fft + 2.0 * rho * static_cast<double>(above) + absolute_error_ * n;
}

}  // namespace reconbound::detail
