#include "reconbound/claims/claim_kinds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace reconbound::claims {

bool Domain::contains(double x) const {
  if (!std::isfinite(x)) return false;
  if (min_open ? !(x > min) : !(x >= min)) return false;
  if (max_open ? !(x < max) : !(x <= max)) return false;
  return !integer || std::floor(x) == x;
}

double Domain::clamp_to_closed_ends(double x) const {
  if (!natural_ends) return x;
  if (!min_open) x = std::max(x, min);
  if (!max_open) x = std::min(x, max);
  return x;
}

std::string Domain::describe() const {
  const std::string what = integer ? "an integer" : "a number";
  const bool has_min = std::isfinite(min);
  const bool has_max = std::isfinite(max);
  if (has_min && has_max) {
    return fmt::format("{} in {}{:g}, {:g}{}", what, min_open ? '(' : '[', min, max, max_open ? ')' : ']');
  }
  if (has_min) return fmt::format("{} {} {:g}", what, min_open ? ">" : ">=", min);
  if (has_max) return fmt::format("{} {} {:g}", what, max_open ? "<" : "<=", max);
  return fmt::format("a finite {}", integer ? "integer" : "number");
}

namespace {

constexpr double kExactInteger = 9007199254740992.0;  // 2^53: every integer below is a double

constexpr Domain kProbability{.min = 0.0, .max = 1.0, .min_open = true, .natural_ends = true};  // (0, 1]
constexpr Domain kOpenUnit{.min = 0.0, .max = 1.0, .min_open = true, .max_open = true};
constexpr Domain kPositive{.min = 0.0, .min_open = true};
constexpr Domain kNonNegative{.min = 0.0, .natural_ends = true};
constexpr Domain kFinite{};
constexpr Domain kCount{.min = 1.0, .max = kExactInteger, .integer = true};
constexpr Domain kSampleSize{.min = 2.0, .max = kExactInteger, .integer = true};
// The MPFR reference of K proves its truncated tails negligible for σ ≥ 0.1.
constexpr Domain kLeakageSigma{.min = 0.1};
// The PLD accountant's range (check_accountant_schedule, compute_epsilon).
constexpr Domain kAccountantSigma{.min = 0.1, .max = 1000.0};
constexpr Domain kAccountantSteps{.min = 1.0, .max = 1e9, .integer = true};
// calibrated_sigma's "smallest_within": the relative tolerance τ of a σ claimed as the smallest.
constexpr Domain kSmallestWithin{.min = 0.0, .max = 0.1, .min_open = true, .max_open = true};
constexpr Domain kAccountantDelta{.min = 1e-15, .max = 1.0, .max_open = true};
// α_T is 0 with the point normaliser (mathematics §6.8); α₁, α₂ > 0 or their margins are infinite.
constexpr Domain kShare{.min = 0.0, .max = 1.0, .max_open = true};

std::vector<KindSpec> make_specs() {
  using enum Trend;
  // The default tolerances, and why (docs/verifying-a-bound.md, "Tolerances"):
  //  - gamma, kl: 1e-9 relative. A double-precision quadrature of K does far better (the dpsgd
  //    plugin: 1e-12; the paper's 256-node rule: 6.7e-9 bits on γ ≤ 33 bits, 2e-10 relative),
  //    while a unit slip (nats for bits: 44 %) or a wrong formula is off by orders more.
  //  - epsilon: 0.01 nats absolute, the default ε error of the PRV accountant (Gopi et al.
  //    2021) that most published ε come from; it widens the certified bracket on both sides.
  //  - calibrated_sigma: 0. A calibrated σ is a guarantee: as claimed it must meet the target.
  //    A σ printed to a few digits declares its rounding as its tolerance. With
  //    "smallest_within" τ it also claims to be the smallest: σ/(1 + τ) must fail the target.
  //  - t_md, t_mc: 1e-12 relative: closed forms a double evaluation gets to a few ulps.
  //  - rho_star: 1e-6 absolute: eq 14 takes a square root of a bracket that may cancel, so a
  //    double evaluation is accurate to about sqrt(2^−52) ≈ 1.5e-8 near ρ* = 0.
  //  - absolute_bound: 1e-9 relative (eq 13 has no square root; give an absolute tolerance
  //    when the bracket cancels).
  //  - certificate: 1e-12 absolute on the level: a level summed from three shares in double is
  //    off by a few units of roundoff of 1; any over-claim that matters is far larger.
  return {
      {.kind = ClaimKind::gamma, .name = "gamma", .quantity = "leakage gamma, bits (Theorem 4.1)",
       .units = "bits",
       .inputs = {{"q", kProbability, increasing}, {"sigma", kLeakageSigma, decreasing},
                  {"steps", kCount}},
       .schedule = true, .claimed = kFinite, .default_tolerance = {.relative = 1e-9}},
      {.kind = ClaimKind::kl, .name = "kl", .quantity = "K(q, sigma) of one step, nats (mathematics §2)",
       .units = "nats",
       .inputs = {{"q", kProbability, increasing}, {"sigma", kLeakageSigma, decreasing}},
       .claimed = kFinite, .default_tolerance = {.relative = 1e-9}},
      {.kind = ClaimKind::epsilon, .name = "epsilon",
       .quantity = "epsilon at delta of the schedule, nats (add/remove, Poisson sampling)",
       .units = "nats",
       .inputs = {{"q", kProbability, increasing}, {"sigma", kAccountantSigma, decreasing},
                  {"steps", kAccountantSteps}, {"delta", kAccountantDelta, decreasing}},
       .schedule = true, .delta = true, .claimed = kFinite, .default_tolerance = {.absolute = 0.01}},
      {.kind = ClaimKind::calibrated_sigma, .name = "calibrated_sigma",
       .quantity = "noise multiplier sigma meeting target_epsilon at delta (mathematics §8)",
       .units = "",
       .inputs = {{"q", kProbability, increasing}, {"steps", kAccountantSteps},
                  {"delta", kAccountantDelta, decreasing}, {"target_epsilon", kPositive},
                  {"smallest_within", kSmallestWithin, none, true}},
       .delta = true, .claimed = kAccountantSigma, .default_tolerance = {}},
      {.kind = ClaimKind::t_md, .name = "t_md", .quantity = "sampling margin t_MD, bits (eq 35)",
       .units = "bits",
       .inputs = {{"n", kSampleSize}, {"grid_size", kCount}, {"alpha_md", kOpenUnit, decreasing}},
       .claimed = kFinite, .default_tolerance = {.relative = 1e-12}},
      {.kind = ClaimKind::t_mc, .name = "t_mc",
       .quantity = "Monte Carlo margin t_MC, bits (eq 34, sigma_MC of mathematics §6.3)", .units = "bits",
       .inputs = {{"k", kCount}, {"blocks", kCount}, {"n", kSampleSize}, {"n_mc", kCount},
                  {"grid_size", kCount}, {"alpha_mc", kOpenUnit, decreasing}},
       .claimed = kFinite, .default_tolerance = {.relative = 1e-12}},
      {.kind = ClaimKind::rho_star, .name = "rho_star", .quantity = "rho* of one grid pair (eq 14)",
       .units = "",
       .inputs = {{"gamma_bits", kNonNegative, decreasing}, {"h_lb_bits", kFinite, increasing},
                  {"k", kCount}, {"nu2", kPositive, decreasing}, {"trace_sigma", kPositive, decreasing}},
       .claimed = kFinite, .default_tolerance = {.absolute = 1e-6}},
      // tr Σ both lowers the bracket (k s² = ν²·tr Σ) and caps the bound: not monotone.
      {.kind = ClaimKind::absolute_bound, .name = "absolute_bound",
       .quantity = "lower bound on E|Psi(x) - z|^2 of one grid pair, squared units of Psi (eq 13)",
       .units = "",
       .inputs = {{"gamma_bits", kNonNegative, decreasing}, {"h_lb_bits", kFinite, increasing},
                  {"k", kCount}, {"nu2", kPositive, decreasing}, {"trace_sigma", kPositive}},
       .claimed = kFinite, .default_tolerance = {.relative = 1e-9}},
      // Mathematics §6.8. "normaliser" ("ucb" or "sample") is read beside these; the share
      // defaults to 0.1 with "ucb" and is refused with "sample"; the margins are optional, as
      // the groups (n, t_md) and (k, blocks, n, n_mc, t_mc) (certificate_fields.cpp).
      {.kind = ClaimKind::certificate, .name = "certificate",
       .quantity = "level 1 - (alpha_1 + alpha_2 + alpha_T) of a bound's certificate (mathematics 6.8)",
       .units = "",
       .inputs = {{"alpha", kOpenUnit}, {"normaliser_alpha_share", kOpenUnit, none, true},
                  {"union_size", kCount}, {"alpha_monte_carlo", kOpenUnit}, {"alpha_sampling", kOpenUnit},
                  {"alpha_normaliser", kShare}, {"n", kSampleSize, none, true}, {"t_md", kFinite, none, true},
                  {"k", kCount, none, true}, {"blocks", kCount, none, true}, {"n_mc", kCount, none, true},
                  {"t_mc", kFinite, none, true}},
       .claimed = kOpenUnit, .default_tolerance = {.absolute = 1e-12}},
  };
}

}  // namespace

const std::vector<KindSpec>& kind_specs() {
  static const std::vector<KindSpec> specs = make_specs();
  return specs;
}

const KindSpec& kind_spec(ClaimKind kind) {
  for (const auto& spec : kind_specs()) {
    if (spec.kind == kind) return spec;
  }
  throw std::logic_error("claim kind without a spec");
}

const KindSpec* find_kind(std::string_view name) {
  for (const auto& spec : kind_specs()) {
    if (spec.name == name) return &spec;
  }
  return nullptr;
}

}  // namespace reconbound::claims
