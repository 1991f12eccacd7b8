#include "reconbound/chain.hpp"

#include <cmath>
#include <random>

#include "reconbound/error.hpp"

namespace reconbound {

namespace {

double normalised_rho(double mean_squared_error, double trace_sigma) {
  return std::sqrt(mean_squared_error / trace_sigma);  // eq 3 over the targets
}

}  // namespace

AttackEstimate estimate_attack(const std::vector<double>& squared_errors, double trace_sigma,
                               std::size_t resamples, std::uint64_t seed) {
  if (squared_errors.empty()) throw InvalidInput("an attack needs at least one target");
  if (!(trace_sigma > 0.0)) throw InvalidInput("the attack's normaliser tr Sigma must be > 0");
  AttackEstimate out;
  const auto n = squared_errors.size();
  double sum = 0.0;
  for (const double e : squared_errors) {
    if (!std::isfinite(e) || e < 0.0) throw InvalidInput("an attack returned a squared error that is not finite and >= 0");
    sum += e;
    out.rho_per_target.push_back(normalised_rho(e, trace_sigma));
  }
  out.rho = normalised_rho(sum / static_cast<double>(n), trace_sigma);
  if (resamples < 2) return out;
  std::mt19937_64 engine(seed);
  std::uniform_int_distribution<std::size_t> pick(0, n - 1);
  double mean = 0.0, m2 = 0.0;  // Welford's running mean and sum of squares
  for (std::size_t r = 1; r <= resamples; ++r) {
    double resampled = 0.0;
    for (std::size_t i = 0; i < n; ++i) resampled += squared_errors[pick(engine)];
    const double rho = normalised_rho(resampled / static_cast<double>(n), trace_sigma);
    const double delta = rho - mean;
    mean += delta / static_cast<double>(r);
    m2 += delta * (rho - mean);
  }
  out.standard_error = std::sqrt(m2 / static_cast<double>(resamples - 1));
  return out;
}

}  // namespace reconbound
