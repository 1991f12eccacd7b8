#pragma once
// Plugin kind 4 — the converse (mathematics §5, Theorem 3.6, Corollary 3.7).
//
// Contract: from the leakage γ (bits), the entropy lower bounds h̄_LB(k) of every grid
// pair, and the normaliser tr Σ, returns the certified ρ* = max over the grid of the
// per-pair bound (eq 14), the arg-max pair, the absolute bound on E‖Ψ(x) − ẑ‖² (eq 13)
// and the point-estimate version with margins dropped. ρ* ∈ [0, 1]. Its inverse answers
// "how much may training leak?": the largest γ whose ρ* still reaches a target (mathematics §8).
#include <cstddef>
#include <vector>

#include "reconbound/estimator.hpp"
#include "reconbound/export.hpp"

namespace reconbound {

struct ConverseInput {
  double gamma_bits = 0.0;
  const std::vector<GridEntropy>* entropies = nullptr;
  double trace_sigma = 0.0;  // tr Σ̂ (or its UCB, making ρ* a confidence bound too)
};

struct PairBound {
  GridPair pair;
  double s = 0.0;
  double abs_bound = 0.0;   // eq 13 with h̄_LB
  double rho = 0.0;         // eq 14 with h̄_LB
  double rho_point = 0.0;   // eq 14 with ĥ_MC (margins dropped)
};

struct ConverseResult {
  double rho_star = 0.0;
  GridPair arg_max;
  double abs_bound = 0.0;   // eq 13 at the arg-max pair
  double rho_point = 0.0;   // max over the grid of the point-estimate ρ
  std::vector<PairBound> pairs;
};

struct LeakageBudget {
  double gamma_bits = 0.0;  // the largest admissible γ, bits
  GridPair pair;            // the grid pair whose bound reaches the target at that γ
};

class RECONBOUND_API Converse {
 public:
  virtual ~Converse() = default;
  virtual ConverseResult bound(const ConverseInput& input) const = 0;
  // The largest γ (bits) with bound(input at that γ).rho_star ≥ target_rho ∈ (0, 1]
  // (input.gamma_bits is ignored), and the grid pair that attains it. gamma_bits < 0 when
  // even γ = 0 falls short of the target.
  virtual LeakageBudget largest_gamma(const ConverseInput& input, double target_rho) const = 0;
};

}  // namespace reconbound
