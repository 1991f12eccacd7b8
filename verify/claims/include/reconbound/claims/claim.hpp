#pragma once
// One claim of a claims file (docs/verifying-a-bound.md): a number someone computed, the
// inputs it was computed from, and how closely it must agree with the reference.
#include <cstddef>
#include <map>
#include <string>

#include "reconbound/schedule.hpp"

namespace reconbound::claims {

enum class ClaimKind {
  gamma,             // γ of a DP-SGD schedule, bits (mathematics §2, Theorem 4.1)
  kl,                // K(q, σ), nats (mathematics §2)
  epsilon,           // ε(δ) of a DP-SGD schedule, nats (mathematics §8)
  calibrated_sigma,  // a noise multiplier σ that meets a target ε at δ (mathematics §8)
  t_md,              // the sampling margin t_MD, bits (eq 35, mathematics §6.1)
  t_mc,              // the Monte Carlo margin t_MC, bits (eq 34 with σ_MC of mathematics §6.3)
  rho_star,          // ρ* of one grid pair (eq 14)
  absolute_bound,    // the absolute bound on E‖Ψ(x) − ẑ‖² of one grid pair (eq 13)
  certificate,       // the level of a bound's certificate and its α shares (mathematics §6.8)
};

// A claim agrees with its reference when |claimed − reference| ≤ absolute + relative·|reference|,
// in the claim's units.
struct Tolerance {
  double absolute = 0.0;
  double relative = 0.0;
};

struct Claim {
  std::size_t index = 0;  // 1-based position in the file's "claims" array
  ClaimKind kind = ClaimKind::gamma;
  std::string label;      // free text, e.g. where a published value comes from
  double claimed = 0.0;
  Tolerance tolerance;    // the kind's default unless the claim gives its own
  // Scalar inputs by field name (q, sigma, delta, n, k, ...; integers stored exactly).
  std::map<std::string, double> inputs;
  // gamma and epsilon: the schedule, from "q", "sigma", "steps" or from "runs".
  Schedule schedule;
  // Field → half-width of the interval its printed value stands for (a σ printed as 1.110 is
  // known to ±0.0005). Every segment's q or σ when the field is "q" or "sigma" of a schedule.
  std::map<std::string, double> input_rounding;
  // certificate: the normaliser the run divided by, "ucb" or "sample" (mathematics §6.5, §6.8).
  std::string normaliser;
};

}  // namespace reconbound::claims
