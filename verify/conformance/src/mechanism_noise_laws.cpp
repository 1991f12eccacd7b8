// The mechanism suite's checks of the noise scale and of the optional (ε, δ) accountant
// (reconbound/mechanism.hpp): more noise never leaks more, and ε(δ) is a certified interval
// that never grows with δ or with the noise.
#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <vector>

#include "suite_parts.hpp"

namespace reconbound::conformance::detail {
namespace {

const std::vector<double> kNoiseScales{0.5, 1.0, 2.0, 4.0};
const std::vector<double> kDeltas{1e-8, 1e-5, 1e-3};
constexpr double kDeltaAtNoiseScales = 1e-5;

MechanismInput scaled(const MechanismTestInputs& inputs, const MechanismNeeds& needs, double noise_scale) {
  MechanismInput input = inputs.for_needs(needs);
  input.noise_scale = noise_scale;
  return input;
}

}  // namespace

void check_noise_scale_laws(const Mechanism& mechanism, const MechanismTestInputs& inputs, CheckList& list) {
  const MechanismNeeds needs = mechanism.needs();
  // γ(c') ≤ γ(c) for c' > c, up to the error bars the mechanism reports on each γ.
  list.run("gamma_non_increasing_in_noise_scale", [&] {
    WorstCase worst;
    Leakage previous = mechanism.leakage(scaled(inputs, needs, kNoiseScales[0]));
    for (std::size_t i = 1; i < kNoiseScales.size(); ++i) {
      const Leakage next = mechanism.leakage(scaled(inputs, needs, kNoiseScales[i]));
      const double allowed = previous.abs_error_bits + next.abs_error_bits;
      worst.add(previous.gamma_bits + allowed - next.gamma_bits,
                fmt::format("gamma(c = {}) = {} {} gamma(c = {}) + error bars = {} + {} bits", kNoiseScales[i],
                            precise(next.gamma_bits), relation("<="), kNoiseScales[i - 1],
                            precise(previous.gamma_bits), num(allowed)));
      previous = next;
    }
    return worst.verdict("gamma(c') <= gamma(c) + error bars for c' > c");
  });
  list.run("non_positive_noise_scale_refused", [&] {
    const auto refuses = [&](double c) { return [&mechanism, input = scaled(inputs, needs, c)] { mechanism.leakage(input); }; };
    return all_refused({{"noise_scale = 0", refuses(0.0)},
                        {"noise_scale = -1", refuses(-1.0)},
                        {"noise_scale = NaN", refuses(std::numeric_limits<double>::quiet_NaN())}});
  });
}

void check_accountant_laws(const Mechanism& mechanism, const MechanismTestInputs& inputs, CheckList& list) {
  const MechanismNeeds needs = mechanism.needs();
  const PrivacyAccountant& accountant = *mechanism.accountant();
  const AccountantOptions options;
  std::vector<EpsilonResult> by_delta;
  list.run("epsilon_computed", [&] {
    for (double delta : kDeltas) by_delta.push_back(accountant.epsilon(inputs.for_needs(needs), delta, options));
    return Verdict{true, fmt::format("{}: eps(delta) at delta = 1e-8, 1e-5, 1e-3: {}, {}, {} nats", accountant.method(),
                                     num(by_delta[0].epsilon), num(by_delta[1].epsilon), num(by_delta[2].epsilon))};
  });
  if (by_delta.size() != kDeltas.size()) return;
  list.run("epsilon_non_negative", [&] {
    WorstCase worst;
    for (const EpsilonResult& r : by_delta) {
      worst.add(r.epsilon, fmt::format("eps = {} {} 0 nats at delta = {}", num(r.epsilon), relation(">="), r.delta));
      worst.add(r.epsilon_lower,
                fmt::format("eps_lower = {} {} 0 nats at delta = {}", num(r.epsilon_lower), relation(">="), r.delta));
    }
    return worst.verdict("eps >= 0 and eps_lower >= 0");
  });
  list.run("epsilon_within_its_bounds", [&] {
    WorstCase worst;
    for (std::size_t i = 0; i < kDeltas.size(); ++i) {
      const EpsilonResult& r = by_delta[i];
      worst.add(r.epsilon - r.epsilon_lower, fmt::format("eps_lower = {} {} eps = {} nats at delta = {}",
                                                          precise(r.epsilon_lower), relation("<="), precise(r.epsilon),
                                                          kDeltas[i]));
      worst.add(r.epsilon_upper - r.epsilon, fmt::format("eps = {} {} eps_upper = {} nats at delta = {}",
                                                          precise(r.epsilon), relation("<="), precise(r.epsilon_upper),
                                                          kDeltas[i]));
    }
    return worst.verdict("eps_lower <= eps <= eps_upper");
  });
  // A certified increase: ε at the larger δ is provably above ε at the smaller one.
  list.run("epsilon_non_increasing_in_delta", [&] {
    WorstCase worst;
    for (std::size_t i = 1; i < kDeltas.size(); ++i) {
      worst.add(by_delta[i - 1].epsilon_upper - by_delta[i].epsilon_lower,
                fmt::format("eps_lower(delta = {}) = {} {} eps_upper(delta = {}) = {} nats", kDeltas[i],
                            precise(by_delta[i].epsilon_lower), relation("<="), kDeltas[i - 1],
                            precise(by_delta[i - 1].epsilon_upper)));
    }
    return worst.verdict("eps_lower(delta') <= eps_upper(delta) for delta' > delta");
  });
  if (!needs.noise_scale) return;
  list.run("epsilon_non_increasing_in_noise_scale", [&] {
    WorstCase worst;
    EpsilonResult previous = accountant.epsilon(scaled(inputs, needs, kNoiseScales[0]), kDeltaAtNoiseScales, options);
    for (std::size_t i = 1; i < kNoiseScales.size(); ++i) {
      const EpsilonResult next = accountant.epsilon(scaled(inputs, needs, kNoiseScales[i]), kDeltaAtNoiseScales, options);
      worst.add(previous.epsilon_upper - next.epsilon_lower,
                fmt::format("eps_lower(c = {}) = {} {} eps_upper(c = {}) = {} nats at delta = {}", kNoiseScales[i],
                            precise(next.epsilon_lower), relation("<="), kNoiseScales[i - 1],
                            precise(previous.epsilon_upper), kDeltaAtNoiseScales));
      previous = next;
    }
    return worst.verdict("eps_lower(c') <= eps_upper(c) for c' > c");
  });
}

}  // namespace reconbound::conformance::detail
