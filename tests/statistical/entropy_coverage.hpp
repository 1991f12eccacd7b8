#pragma once
// The entropy half of the coverage harness (mathematics §6.4): R independent samples of a source with
// known h̄_U, each certified on a fixed grid G by the estimator; per pair, how often
// h̄_LB ≤ h̄_U and how far below h̄_U it sits on average, against the allowance of
// gap_allowance.hpp.
#include <cstdint>
#include <string>
#include <vector>

#include "gap_allowance.hpp"
#include "reconbound/conformance/known_entropy_source.hpp"
#include "reconbound/estimator.hpp"

namespace reconbound::test {

struct CoverageDesign {
  std::size_t n = 0;            // records per sample
  int repetitions = 0;          // R
  std::vector<GridPair> grid;   // fixed before any sample is drawn; |G| = grid.size()
  double alpha = 0.05;          // α, split evenly between α₁ and α₂ (mathematics §6.2)
  std::uint64_t seed = 0;       // sample r uses seed + r, its dither seed + 1'000'000 + r
};

struct PairCoverage {
  GridPair pair;
  double s = 0.0;               // s = ν·sqrt(tr Σ/k) (mathematics §5), with the source's exact tr Σ
  double estimator_s = 0.0;     // the s the estimator reports (must equal s)
  double truth = 0.0;           // h̄_U(k), bits
  int covered = 0;              // repetitions with h̄_LB ≤ h̄_U
  double mean_gap = 0.0;        // mean of h̄_U − h̄_LB, bits
  double mean_h_mc = 0.0;       // mean of ĥ_MC, bits
  std::size_t n_mc = 0;         // the estimator's draws per sample point
  GapAllowance allowance;       // what mean_gap may reach
};

struct CoverageResult {
  int simultaneous = 0;         // repetitions with h̄_LB ≤ h̄_U at every pair at once
  std::vector<PairCoverage> pairs;
};

CoverageResult run_entropy_coverage(const EntropyEstimator& estimator,
                                    const conformance::KnownEntropySource& source, const CoverageDesign& design);

// The fewest covered repetitions a (1 − α) guarantee allows: ⌈(1 − α)·R⌉.
int required_coverage(double alpha, int repetitions);

// One line per pair: coverage, mean gap and the allowance's parts.
std::string describe(const CoverageResult& result, int repetitions);

}  // namespace reconbound::test
