#pragma once
// Internals of the DP-SGD attack (mathematics §9, eq 36–38): the release model, the releases of a
// batch of targets in single precision for the score product, the likelihood kernel.
#include <Eigen/Core>
#include <cstddef>
#include <cstdint>

#include "dpsgd_attack.hpp"

namespace reconbound::dpsgd::detail {

using FloatRows = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// What the adversary knows of the mechanism (eq 36): q, σ, C and T.
struct ReleaseModel {
  double q = 1.0;
  double sigma = 1.0;
  double clip = 0.3;
  std::uint64_t steps = 1;
};

// One-line InvalidInput for q ∉ (0, 1], T = 0, C ≤ 0, or σ·C outside the range in which the
// likelihood's 1/(2σ²C²) and the single-precision releases are finite.
void check_release_model(const ReleaseModel& model);

// The clip factor a(u) = min(1, C/‖u‖) (eq 36); 1 for u = 0.
double clip_factor(double norm, double clip);

// Release rows per target in the score product: T, or 1 at q = 1, where Σ_t L_tj only needs
// Σ_t Y_t (eq 37 with 1_t ≡ 1).
std::uint64_t release_rows_per_target(const ReleaseModel& model);

// The releases of every target (eq 36): rows [i·R, (i+1)·R) belong to target i, R =
// release_rows_per_target; at q = 1 the one row is Σ_t Y_t. centred_targets holds u per row.
FloatRows simulate_target_releases(MatrixView centred_targets, const ReleaseModel& model,
                                   std::uint64_t seed, std::size_t threads);

// log p(Y_{1:T} | z_j) up to a constant per target (eq 37), targets × n, for candidates
// z_j = candidates.row(j) − centre, from releases laid out as simulate_target_releases does.
RowMatrix log_likelihoods(const FloatRows& releases, MatrixView candidates, const Vector& centre,
                          const ReleaseModel& model, std::size_t threads);

// Turns each row of log-likelihoods into posterior weights in place (eq 38, log-sum-exp);
// returns each row's largest weight.
std::vector<double> normalise_to_posterior(RowMatrix& log_likelihood);

}  // namespace reconbound::dpsgd::detail
