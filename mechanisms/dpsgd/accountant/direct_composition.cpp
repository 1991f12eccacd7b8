// Direct convolution of discretised privacy losses with a relative error bound (mathematics §8.4).
#include "direct_composition.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace reconbound::detail {

namespace {

constexpr double kUnitRoundoff = 0x1p-53;
constexpr double kSmallestSubnormal = 0x1p-1074;

// a ∗ b (§8.4): c_k = Σ_i a_i·b_{k−i}, summed in order of i. Each c_k sums m ≤ min(|a|, |b|)
// products of non-negative numbers, so fl(c_k) is within γ_{m+1} = (m+1)u/(1 − (m+1)u) of
// Σ|â_i b̂_{k−i}| (Higham, Accuracy and Stability, §3.1), and each operation may underflow by
// ≤ 2^−1074 absolute. Relative errors compose as (1 + ρ_a)(1 + ρ_b)(1 + γ) − 1; absolute ones
// are carried through Σ b ≤ 1 + ρ_b, Σ a ≤ 1 + ρ_a.
DirectComposition convolve(const DirectComposition& a, const DirectComposition& b) {
  DirectComposition c;
  c.first_cell = a.first_cell + b.first_cell;
  c.pmf.assign(a.pmf.size() + b.pmf.size() - 1, 0.0);
  for (std::size_t i = 0; i < a.pmf.size(); ++i) {
    const double ai = a.pmf[i];
    if (ai == 0.0) continue;
    double* out = c.pmf.data() + i;
    for (std::size_t j = 0; j < b.pmf.size(); ++j) out[j] += ai * b.pmf[j];
  }
  const double m = static_cast<double>(std::min(a.pmf.size(), b.pmf.size())) + 1.0;
  const double gamma = m * kUnitRoundoff / (1.0 - m * kUnitRoundoff);
  c.relative_error = (1.0 + a.relative_error) * (1.0 + b.relative_error) * (1.0 + gamma) - 1.0;
  c.absolute_error = (a.absolute_error * (1.0 + b.relative_error) + b.absolute_error * (1.0 + a.relative_error) +
                      a.absolute_error * b.absolute_error * m) * (1.0 + gamma) +
                     2.0 * m * kSmallestSubnormal;
  return c;
}

// x^steps by repeated squaring; `combine` convolves pmfs, or (for the cost) their lengths.
template <class T, class Combine>
T power(const T& x, double steps, Combine combine) {
  auto remaining = static_cast<std::uint64_t>(steps);
  T base = x;
  T result{};
  bool has_result = false;
  while (remaining > 0) {
    if (remaining & 1U) {
      result = has_result ? combine(result, base) : base;
      has_result = true;
    }
    remaining >>= 1U;
    if (remaining > 0) base = combine(base, base);
  }
  return result;
}

DirectComposition of_group(const StepGroup& g) {
  DirectComposition d;
  d.first_cell = g.loss.first_cell;
  d.pmf = g.loss.pmf;
  return d;
}

}  // namespace

double direct_composition_cost(const std::vector<StepGroup>& groups) {
  // The same powering and convolutions on lengths alone: |a ∗ b| = |a| + |b| − 1.
  double cost = 0.0;
  auto convolved = [&cost](double a, double b) {
    cost += a * b;
    return a + b - 1.0;
  };
  double total = 0.0;
  for (const auto& g : groups) {
    const double p = power(static_cast<double>(g.loss.pmf.size()), g.steps, convolved);
    total = total == 0.0 ? p : convolved(total, p);
  }
  return cost;
}

DirectComposition compose_directly(const std::vector<StepGroup>& groups) {
  DirectComposition total;
  bool first = true;
  for (const auto& g : groups) {
    const DirectComposition p = power(of_group(g), g.steps, convolve);
    total = first ? p : convolve(total, p);
    first = false;
  }
  return total;
}

}  // namespace reconbound::detail
