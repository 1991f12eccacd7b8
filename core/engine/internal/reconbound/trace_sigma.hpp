#pragma once
// The normaliser tr Σ̂ and its one-sided upper confidence bound (mathematics §6.5).
//
// tr Σ̂ (the point estimate, which also sets the dither scale) is fitted on D⊥ alone. The upper
// confidence bound uses the records of D_est centred at D⊥'s mean c: for x independent of c,
// E‖Ψ(x) − c‖² = tr Σ + ‖μ − c‖² ≥ tr Σ, so an upper confidence bound on the mean of the
// n_est i.i.d. values Z_i = ‖Ψ(x_i) − c‖² ∈ [0, B] is one on tr Σ (mathematics §6.5, eq 6.5a).
#include <cstddef>
#include <functional>
#include <vector>

#include "reconbound/export.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound {

struct TraceSigma {
  double trace = 0;          // tr Σ̂ on D⊥, unbiased sample covariance (squared feature units)
  double ucb = 0;            // (1 − alpha) upper confidence bound on tr Σ (eq 6.5b)
  double centred_mean = 0;   // Z̄ = mean over D_est of ‖Ψ(x_i) − c‖², c = mean of Ψ(D⊥)
  std::size_t records = 0;   // n_est, the number of Z_i behind the bound
  double alpha = 0;          // the bound's miscoverage, its share of the certificate's α
};

// tr Σ̂ = Σ_i ‖ψ_i − ψ̄‖² / (n − 1) (two passes); needs n ≥ 2 rows of finite values.
RECONBOUND_API double covariance_trace(MatrixView features);

// The empirical Bernstein upper bound (Maurer & Pontil 2009, Thm 4) on the mean of n ≥ 2
// i.i.d. values in [0, 1] with sample mean `mean` and unbiased sample variance `variance`:
//   mean + sqrt(2·variance·ln(2/α)/n) + 7·ln(2/α)/(3(n − 1)),   capped at 1     (eq 6.5b)
// which is ≥ the true mean with probability ≥ 1 − α.
RECONBOUND_API double empirical_bernstein_upper(double mean, double variance, std::size_t n, double alpha);

// tr Σ̂ on `perp` and the (1 − α) upper confidence bound on tr Σ from `est` centred at perp's
// mean (eq 6.5a–b). B = max_squared_distance bounds ‖Ψ(x) − Ψ(x')‖² over the representation's
// range; since c is a mean of such points, ‖Ψ(x) − c‖² ≤ B too, and a record further than B from
// c is an error (B would not be a bound and the UCB would be invalid). Needs |perp| ≥ 2,
// |est| ≥ 2, finite values, α ∈ (0, 1), B > 0 finite.
RECONBOUND_API TraceSigma trace_sigma_with_ucb(MatrixView perp, MatrixView est, double max_squared_distance,
                                               double alpha);

// The two halves of trace_sigma_with_ucb, for D_est shared among ranks by rows: z_i =
// min(1, ‖Ψ(x_i) − c‖²/B) for every row of `est` (eq 6.5a; a record further than B from c is an
// error naming it as record first_record + i), and the bound from the z of all of D_est in
// record order — the same bits as trace_sigma_with_ucb.
RECONBOUND_API std::vector<double> scaled_centred_distances(MatrixView perp, MatrixView est,
                                                            double max_squared_distance,
                                                            std::size_t first_record = 0);
RECONBOUND_API TraceSigma trace_sigma_from_distances(MatrixView perp, const std::vector<double>& z,
                                                     double max_squared_distance, double alpha);

// The same halves for D_est read a batch at a time (the bound's frame, docs/memory.md): the
// centre c = mean of Ψ(D⊥), the z_i of a batch against it (the same bits as
// scaled_centred_distances gives those rows), and the bound from tr Σ̂ = covariance_trace(perp)
// and the z of all of D_est (the same bits as trace_sigma_from_distances).
RECONBOUND_API Eigen::RowVectorXd centre_of(MatrixView perp);
// centre_of in slices of `columns` columns (a multiple of 8), calling done(columns finished)
// after each: the same bits, since each column's mean adds the rows in the same order whatever
// columns are beside it.
RECONBOUND_API Eigen::RowVectorXd centre_of(MatrixView perp, std::size_t columns,
                                            const std::function<void(std::size_t)>& done);
// Σ_i ‖ψ_i − c‖² over `rows`, added in row order onto `sum`: the second pass of
// covariance_trace a batch of rows at a time (tr Σ̂ = the sum over all of D⊥ / (n − 1)).
RECONBOUND_API double add_squared_distances(double sum, MatrixView rows, const Eigen::RowVectorXd& centre);
RECONBOUND_API std::vector<double> scaled_distances_to(const Eigen::RowVectorXd& centre, MatrixView est,
                                                       double max_squared_distance, std::size_t first_record = 0);
RECONBOUND_API TraceSigma trace_sigma_from_distances(double trace, const std::vector<double>& z,
                                                     double max_squared_distance, double alpha);

// What trace_sigma_with_ucb is expected to give for n_est records, predicted from D⊥ alone (Z
// over D⊥ centred at its own mean stands in for D_est's): used by the grid selection, which
// must not read D_est (mathematics §6.6).
RECONBOUND_API double predicted_trace_ucb(MatrixView perp, double max_squared_distance, double alpha,
                                          std::size_t n_est);

}  // namespace reconbound
