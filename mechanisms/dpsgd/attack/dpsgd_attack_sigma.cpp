// The noise multiplier of the DP-SGD attack at a given leakage (mathematics §9): the σ at which the
// dpsgd mechanism charges exactly γ = T·K(q, σ)/ln 2 bits (mathematics §2, Theorem 4.1).
#include <fmt/format.h>

#include <boost/math/tools/toms748_solve.hpp>
#include <cmath>
#include <cstdint>

#include "dpsgd_attack.hpp"
#include "dpsgd_range.hpp"
#include "reconbound/error.hpp"

namespace reconbound::dpsgd {

namespace {

constexpr double kSigmaRelativeTolerance = 1e-10;
constexpr std::uintmax_t kMaxEvaluations = 200;

}  // namespace

double sigma_for_gamma(const Mechanism& dpsgd, double q, std::uint64_t steps, double gamma_bits) {
  if (!(gamma_bits > 0.0) || !std::isfinite(gamma_bits)) {
    throw InvalidInput(fmt::format("the leakage to solve sigma for must be finite and > 0 bits; got {}",
                                   gamma_bits));
  }
  if (!(q > 0.0 && q <= 1.0)) throw InvalidInput(fmt::format("the sampling rate q = {} is outside (0, 1]", q));
  if (steps == 0) throw InvalidInput("solving sigma for a leakage needs T >= 1 steps; got 0");
  // γ(σ) = T·K(q, σ)/ln 2 bits (mathematics §2), from the mechanism.
  const auto gamma_of = [&](double sigma) {
    const Schedule schedule = Schedule::constant(q, sigma, steps);
    MechanismInput input;
    input.schedule = &schedule;
    return dpsgd.leakage(input).gamma_bits;
  };
  const double largest = gamma_of(kMinSigma);   // γ decreases in σ
  const double smallest = gamma_of(kMaxSigma);
  if (gamma_bits > largest || gamma_bits < smallest) {
    throw InvalidInput(fmt::format(
        "gamma = {} bits at (q, T) = ({}, {}) needs sigma outside [{}, {}], the dpsgd plugin's "
        "range, which reaches gamma in [{:.6g}, {:.6g}] bits",
        gamma_bits, q, steps, kMinSigma, kMaxSigma, smallest, largest));
  }
  if (gamma_bits == largest) return kMinSigma;
  if (gamma_bits == smallest) return kMaxSigma;
  // ln γ(σ) − ln γ is smooth and nearly linear in ln σ (γ ∝ σ^{−2} at q = 1): solve there.
  const auto residual = [&](double log_sigma) { return std::log(gamma_of(std::exp(log_sigma)) / gamma_bits); };
  const auto close_enough = [](double a, double b) { return std::abs(b - a) <= kSigmaRelativeTolerance; };
  std::uintmax_t evaluations = kMaxEvaluations;
  const double low = std::log(kMinSigma);
  const double high = std::log(kMaxSigma);
  const auto [a, b] = boost::math::tools::toms748_solve(residual, low, high, std::log(largest / gamma_bits),
                                                        std::log(smallest / gamma_bits), close_enough,
                                                        evaluations);
  if (!close_enough(a, b)) {
    throw NumericalError(fmt::format("solving sigma for gamma = {} bits at (q, T) = ({}, {}) did not "
                                     "converge in {} evaluations", gamma_bits, q, steps, kMaxEvaluations));
  }
  return std::exp(0.5 * (a + b));
}

}  // namespace reconbound::dpsgd
