// The attack suite (mathematics §9, reconbound/attack.hpp), for a mechanism with an attack: one
// finite error ≥ 0 per target, the same errors whatever the thread count, and no attack beating
// the converse. Records come from the correlated Gaussian source, whose block-averaged entropy
// h̄_U(k) is known in closed form, so ρ* is computed from the truth (eq 14 at exact h̄_U and tr Σ,
// reference_converse in MPFR), not estimated: an attack on a release leaking at most γ has
// E‖x − ẑ‖² ≥ abs_bound(γ) (Theorem 3.6, any orthogonal rotation, here U = I), so its estimate may
// fall below ρ* only by chance — by more than 3 standard errors about once in 740 runs.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "reconbound/chain.hpp"
#include "reconbound/conformance/correlated_gaussian_source.hpp"
#include "reconbound/conformance/suites.hpp"
#include "reconbound/error.hpp"
#include "reconbound/verify/reference_converse.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance::detail {
namespace {

constexpr std::size_t kColumns = 16;
constexpr std::size_t kEstimation = 400;  // D_est; its first kShadow records are D_shadow
constexpr std::size_t kShadow = 200;
constexpr std::size_t kTargets = 60;
constexpr double kGammas[] = {0.5, 2.0};  // bits
constexpr std::size_t kResamples = 200;   // bootstrap of the standard error
constexpr double kStandardErrors = 3.0;

// The samples of one attack, as the chain lays them out (AttackInput), with Ψ = the identity.
struct AttackSamples {
  CorrelatedGaussianSource source{kColumns};
  RowMatrix est = source.sample(kEstimation, 31);
  RowMatrix shadow = est.topRows(kShadow);
  RowMatrix rotated_est = est * std::sqrt(static_cast<double>(kColumns));  // sqrt(m_pad)·U·Ψ(x), U = I
  RowMatrix targets = source.sample(kTargets, 32);

  AttackInput input(double gamma_bits, std::size_t threads) const {
    return {.shadow = &shadow, .est = &est, .rotated_est = &rotated_est, .targets = &targets,
            .trace_sigma = source.trace(), .gamma_bits = gamma_bits, .seed = 7, .chain_seed = 11,
            .threads = threads};
  }
};

// ρ* at γ from the exact h̄_U(k) and tr Σ: the largest eq 14 over block sizes and dither levels.
double exact_rho_star(const KnownEntropySource& source, double gamma_bits) {
  double best = 0.0;
  for (const std::size_t k : {1, 2, 4, 8, 16}) {
    for (const double nu2 : {0.05, 0.2, 0.8, 3.2}) {
      const double s = std::sqrt(nu2 * source.trace() / static_cast<double>(k));
      const double h = source.block_averaged_entropy(k, s);
      best = std::max(best, verify::reference_converse(k, s, h, gamma_bits, source.trace()).rho.value);
    }
  }
  return best;
}

// The attack at γ, or nullopt (with the reason) where its plan is refused or it reaches no release.
std::optional<AttackResult> attack_at(const ReconstructionAttack& attack, const AttackSamples& samples,
                                      double gamma_bits, std::size_t threads, std::string& why_not) {
  try {
    attack.check({gamma_bits, kEstimation, kShadow, kTargets});
  } catch (const InvalidInput& e) {
    why_not = fmt::format("gamma = {} bits: the plan is refused: {}", gamma_bits, e.what());
    return std::nullopt;
  }
  AttackResult result = attack.reconstruct(samples.input(gamma_bits, threads));
  if (result.squared_errors.empty()) {
    why_not = fmt::format("gamma = {} bits: no release leaks it", gamma_bits);
    return std::nullopt;
  }
  return result;
}

// One finite error ≥ 0 per target: what the other checks need (counts_and_values checks it).
bool well_formed(const AttackResult& result) {
  if (result.squared_errors.size() != kTargets) return false;
  return std::all_of(result.squared_errors.begin(), result.squared_errors.end(),
                     [](double e) { return std::isfinite(e) && e >= 0.0; });
}

Verdict counts_and_values(const ReconstructionAttack& attack, const AttackSamples& samples) {
  WorstCase worst;
  std::string why_not;
  for (const double gamma : kGammas) {
    const auto result = attack_at(attack, samples, gamma, 1, why_not);
    if (!result) continue;
    const auto& errors = result->squared_errors;
    worst.add(errors.size() == kTargets ? 1.0 : -1.0,
              fmt::format("gamma = {}: {} errors for {} targets", gamma, errors.size(), kTargets));
    for (std::size_t i = 0; i < errors.size(); ++i) {
      worst.add(std::isfinite(errors[i]) && errors[i] >= 0.0 ? 1.0 : -1.0,
                fmt::format("gamma = {}: target {} has squared error {}", gamma, i, num(errors[i])));
    }
  }
  return worst.verdict("one finite squared error >= 0 per target");
}

// The attack's results at each γ of the suite it reaches with one finite error ≥ 0 per target
// (the other checks need them; counts_and_values checks the rest), with `threads` threads.
std::vector<std::pair<double, AttackResult>> well_formed_results(const ReconstructionAttack& attack,
                                                                 const AttackSamples& samples, std::size_t threads) {
  std::vector<std::pair<double, AttackResult>> out;
  std::string why_not;
  for (const double gamma : kGammas) {
    auto result = attack_at(attack, samples, gamma, threads, why_not);
    if (result && well_formed(*result)) out.emplace_back(gamma, std::move(*result));
  }
  return out;
}

Verdict thread_independent(const ReconstructionAttack& attack, const AttackSamples& samples) {
  WorstCase worst;
  const auto one = well_formed_results(attack, samples, 1);
  const auto four = well_formed_results(attack, samples, 4);
  if (one.size() != four.size()) {
    worst.add(-1.0, fmt::format("{} gamma(s) with well-formed errors with 1 thread, {} with 4", one.size(),
                                four.size()));
  }
  for (std::size_t i = 0; i < std::min(one.size(), four.size()); ++i) {
    const auto& a = one[i].second.squared_errors;
    const auto& b = four[i].second.squared_errors;
    const bool same = std::equal(a.begin(), a.end(), b.begin(), [](double x, double y) {
      return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
    });
    worst.add(same ? 1.0 : -1.0, fmt::format("gamma = {}: 1 and 4 threads give {} errors", one[i].first,
                                             same ? "the same" : "different"));
  }
  return worst.verdict("the same errors, bit for bit, with 1 and 4 threads");
}

Verdict above_rho_star(const ReconstructionAttack& attack, const AttackSamples& samples) {
  WorstCase worst;
  for (const auto& [gamma, result] : well_formed_results(attack, samples, 1)) {
    const AttackEstimate e = estimate_attack(result.squared_errors, samples.source.trace(), kResamples, 3);
    const double rho_star = exact_rho_star(samples.source, gamma);
    worst.add(e.rho + kStandardErrors * e.standard_error - rho_star,
              fmt::format("gamma = {} bits: rho + 3 SE = {} + 3 x {} {} rho* = {} from the exact entropy", gamma,
                          num(e.rho), num(e.standard_error), relation(">="), num(rho_star)));
  }
  return worst.verdict("rho_attack + 3 SE >= rho* (Theorem 3.6) on a correlated Gaussian in R^16");
}

// Whether the attack reaches a γ of the suite; why not in `why_not` otherwise.
bool reaches_a_gamma(const ReconstructionAttack& attack, const AttackSamples& samples, std::string& why_not) {
  for (const double gamma : kGammas) {
    if (attack_at(attack, samples, gamma, 1, why_not)) return true;
  }
  return false;
}

void check_attack_laws(const ReconstructionAttack& attack, const AttackSamples& samples, CheckList& list) {
  bool well_formed_errors = false;
  list.run("attack_error_count_and_values", [&] {
    Verdict v = counts_and_values(attack, samples);
    well_formed_errors = v.passed;
    return v;
  });
  if (!well_formed_errors) {
    for (const char* name : {"attack_thread_independent", "attack_above_rho_star"}) {
      list.skip(name, "needs one finite error >= 0 per target (attack_error_count_and_values failed)");
    }
    return;
  }
  list.run("attack_thread_independent", [&] { return thread_independent(attack, samples); });
  list.run("attack_above_rho_star", [&] { return above_rho_star(attack, samples); });
}

}  // namespace
}  // namespace reconbound::conformance::detail

namespace reconbound::conformance {

std::vector<Check> check_mechanism_attack(const MechanismMaker& make, const Params& example) {
  detail::CheckList list;
  std::shared_ptr<Mechanism> mechanism = make(example);
  if (mechanism->attack() == nullptr) return {};
  const detail::AttackSamples samples;
  std::string why_not;
  if (!detail::reaches_a_gamma(*mechanism->attack(), samples, why_not)) {
    const std::string with_example = why_not;
    try {
      mechanism = make(Params{});  // the attack as `reconbound chain --mechanism NAME` runs it
    } catch (const Error& e) {
      mechanism = nullptr;
      why_not = fmt::format("made without parameters: {}", e.what());
    }
    if (mechanism == nullptr || mechanism->attack() == nullptr ||
        !detail::reaches_a_gamma(*mechanism->attack(), samples, why_not)) {
      list.skip("attack_checks", fmt::format("the attack reaches none of gamma = 0.5, 2 bits, with its example ({}) "
                                             "or without parameters ({})", with_example, why_not));
      return std::move(list).take();
    }
  }
  detail::check_attack_laws(*mechanism->attack(), samples, list);
  return std::move(list).take();
}

}  // namespace reconbound::conformance
