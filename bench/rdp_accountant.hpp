#pragma once
// The baseline the calibration benchmark measures the PLD accountant against: Rényi-DP accounting
// of the Poisson-subsampled Gaussian at integer orders α = 2…256 (Mironov, Talwar & Zhang 2019,
// the binomial expansion for integer α), T steps composing additively, and the conversion to
// (ε, δ) of Balle et al. 2020 (Theorem 21) — the method of the common RDP accountants. An upper
// bound on ε without an error bar; here only to show what the PLD's precision buys.
#include <algorithm>
#include <cmath>
#include <limits>

namespace reconbound::bench {

// ln A_α = ln Σ_k C(α,k)(1−q)^{α−k} q^k e^{(k²−k)/(2σ²)}: one step's RDP is ln A_α/(α − 1).
inline double rdp_log_moment(double q, double sigma, int alpha) {
  const double a = alpha;
  double top = -std::numeric_limits<double>::infinity();
  double terms[257];
  for (int k = 0; k <= alpha; ++k) {
    const double binomial = std::lgamma(a + 1.0) - std::lgamma(k + 1.0) - std::lgamma(a - k + 1.0);
    const double weights = (k == alpha ? 0.0 : (a - k) * std::log1p(-q)) + (k == 0 ? 0.0 : k * std::log(q));
    terms[k] = binomial + weights + (static_cast<double>(k) * k - k) / (2.0 * sigma * sigma);
    top = std::max(top, terms[k]);
  }
  double sum = 0.0;
  for (int k = 0; k <= alpha; ++k) sum += std::exp(terms[k] - top);
  return top + std::log(sum);
}

// ε(δ) after `steps` steps: min over α of T·ρ(α) + ln((α−1)/α) − (ln δ + ln α)/(α − 1).
inline double rdp_epsilon(double q, double sigma, double steps, double delta) {
  double best = std::numeric_limits<double>::infinity();
  for (int alpha = 2; alpha <= 256; ++alpha) {
    const double a = alpha;
    const double rdp = steps * rdp_log_moment(q, sigma, alpha) / (a - 1.0);
    best = std::min(best, rdp + std::log((a - 1.0) / a) - (std::log(delta) + std::log(a)) / (a - 1.0));
  }
  return std::max(0.0, best);
}

}  // namespace reconbound::bench
