#pragma once
// How far below the truth a correct h̄_LB may sit on average: the "can fail both ways" half of
// the coverage harness. Over R independent repetitions (fresh sample and dither each time),
//   mean_r (h̄_U − h̄_LB,r) ≤ t_MD + t_MC + 2·t̄_num + bias bound + slack,
// because h̄_LB = ĥ_MC − t_MC − t_MD − t_num (mathematics §6.4) with the computed ĥ_MC within t_num of
// the exact one, E[exact ĥ_MC | sample] = ĥ_n (eq 31) and h̄_U − E ĥ_n ≤ the source's bias bound
// (conformance::KnownEntropySource::plugin_bias_bound). The slack covers the two random parts of the mean:
//  - sampling: ĥ_n has bounded differences H_b(1/n) in each record (the premise of eq 35), so
//    the mean of R copies has bounded differences H_b(1/n)/R in each of n·R records, and by
//    McDiarmid it falls below E ĥ_n by more than H_b(1/n)·sqrt(n·ln(1/δ₁)/(2R)) with
//    probability ≤ δ₁ = 1e-6;
//  - Monte Carlo: given the samples, the mean of R independent errors ĥ_MC − ĥ_n has variance
//    ≤ σ_MC²/R (mathematics §6.3), so by Cantelli it falls below 0 by more than
//    σ_MC·sqrt((1/δ₂ − 1)/R) with probability ≤ δ₂ = 1e-4.
// A correct estimator fails the check with probability ≤ δ₁ + δ₂ per check; one that drops the
// bound to −∞, or doubles its margins, overshoots it wherever bias bound + slack < t_MD + t_MC.
// The margins here are the MPFR references of eq 34–35 (verification module), not the plugin's.
#include <cstddef>

namespace reconbound::test {

inline constexpr double kSamplingSlackLevel = 1e-6;     // δ₁
inline constexpr double kMonteCarloSlackLevel = 1e-4;   // δ₂

struct GapAllowance {
  double t_md = 0.0;        // eq 35 at n, |G|, α₂ (MPFR reference), bits
  double t_mc = 0.0;        // eq 34 with σ_MC of mathematics §6.3 at the estimator's n_MC, bits
  double t_num = 0.0;       // twice the mean reported numerical margin, bits
  double bias = 0.0;        // the source's plug-in bias bound, bits
  double sampling = 0.0;    // McDiarmid slack of the mean over R, bits
  double monte_carlo = 0.0; // Cantelli slack of the mean over R, bits

  double total() const { return t_md + t_mc + t_num + bias + sampling + monte_carlo; }
};

struct GapAllowanceInputs {
  std::size_t n = 0;            // records in each sample
  std::size_t union_size = 0;   // |G| of the union bound
  double alpha_mc = 0.025;      // α₁
  double alpha_md = 0.025;      // α₂
  std::size_t k = 1;
  std::size_t blocks = 1;       // N_k
  std::size_t n_mc = 1;         // draws per sample point the estimator used
  double mean_t_num = 0.0;      // mean over the repetitions of the reported t_num
  double bias_bound = 0.0;
  int repetitions = 1;          // R
};

GapAllowance gap_allowance(const GapAllowanceInputs& inputs);

// H_b(1/n)·sqrt(n·ln(1/δ₁)/(2R)), bits (see above).
double sampling_slack_bits(std::size_t n, int repetitions);

// σ_MC·sqrt((1/δ₂ − 1)/R), bits (see above).
double monte_carlo_slack_bits(double sigma_mc_bits, int repetitions);

}  // namespace reconbound::test
