// tr Σ̂ on D⊥ and the empirical-Bernstein upper confidence bound on tr Σ (mathematics §6.5).
#include "reconbound/trace_sigma.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "reconbound/error.hpp"

namespace reconbound {

namespace {

void require_rows(MatrixView features, Eigen::Index minimum, const char* what) {
  if (features.rows() < minimum) {
    throw InvalidInput(fmt::format("{} needs ≥ {} records, got {}", what, minimum, features.rows()));
  }
  if (features.cols() < 1) throw InvalidInput(fmt::format("{} needs at least one feature", what));
  if (!features.allFinite()) {
    throw InvalidInput(fmt::format("{}: the features contain NaN or infinite values", what));
  }
}

void require_level_and_range(double alpha, double max_squared_distance) {
  if (!(alpha > 0.0 && alpha < 1.0)) {
    throw InvalidInput(fmt::format("the confidence level α = {} must lie in (0, 1)", alpha));
  }
  if (!(max_squared_distance > 0.0 && std::isfinite(max_squared_distance))) {
    throw InvalidInput(fmt::format("the range bound B = {} on ‖Ψ(x) − Ψ(x')‖² must be positive and finite",
                                   max_squared_distance));
  }
}

// Mean and unbiased sample variance of the z_i (eq 6.5a), summed in record order.
struct ScaledMoments {
  double mean = 0.0, variance = 0.0;
};

ScaledMoments moments_of(const std::vector<double>& z) {
  ScaledMoments out;
  for (const double value : z) out.mean += value;
  out.mean /= static_cast<double>(z.size());
  for (const double value : z) out.variance += (value - out.mean) * (value - out.mean);
  out.variance /= static_cast<double>(z.size() - 1);
  return out;
}

}  // namespace

double covariance_trace(MatrixView features) {
  require_rows(features, 2, "the covariance trace");
  const Eigen::RowVectorXd mean = features.colwise().mean();  // pass 1
  // pass 2: Σ_i ‖ψ_i − ψ̄‖²
  return add_squared_distances(0.0, features, mean) / static_cast<double>(features.rows() - 1);
}

double add_squared_distances(double sum, MatrixView rows, const Eigen::RowVectorXd& centre) {
  for (Eigen::Index i = 0; i < rows.rows(); ++i) sum += (rows.row(i) - centre).squaredNorm();
  return sum;
}

double empirical_bernstein_upper(double mean, double variance, std::size_t n, double alpha) {
  if (n < 2) throw InvalidInput(fmt::format("the empirical Bernstein bound needs n ≥ 2 values, got {}", n));
  const double count = static_cast<double>(n);
  const double log_term = std::log(2.0 / alpha);
  // Maurer & Pontil (2009), Thm 4 (eq 6.5b); the mean of values in [0, 1] is ≤ 1 always.
  const double bound = mean + std::sqrt(2.0 * variance * log_term / count) + 7.0 * log_term / (3.0 * (count - 1.0));
  return std::min(1.0, bound);
}

Eigen::RowVectorXd centre_of(MatrixView perp) {
  require_rows(perp, 2, "tr Sigma on D_perp");
  return perp.colwise().mean();  // c, independent of D_est (eq 6.5a)
}

Eigen::RowVectorXd centre_of(MatrixView perp, std::size_t columns, const std::function<void(std::size_t)>& done) {
  require_rows(perp, 2, "tr Sigma on D_perp");
  if (columns == 0 || columns % 8 != 0) {
    throw InvalidInput(fmt::format("slices of {} columns: the centre is taken in multiples of 8", columns));
  }
  // Whole slices of 8 columns keep every packet of the vectorised sum where it is on all columns.
  const auto m = static_cast<std::size_t>(perp.cols());
  Eigen::RowVectorXd centre(perp.cols());
  for (std::size_t first = 0; first < m; first += columns) {
    const auto c = static_cast<Eigen::Index>(first), w = static_cast<Eigen::Index>(std::min(columns, m - first));
    centre.segment(c, w) = perp.middleCols(c, w).colwise().mean();  // c (eq 6.5a) of these columns
    done(first + static_cast<std::size_t>(w));
  }
  return centre;
}

std::vector<double> scaled_centred_distances(MatrixView perp, MatrixView est, double max_squared_distance,
                                             std::size_t first_record) {
  return scaled_distances_to(centre_of(perp), est, max_squared_distance, first_record);
}

std::vector<double> scaled_distances_to(const Eigen::RowVectorXd& centre, MatrixView est, double max_squared_distance,
                                        std::size_t first_record) {
  if (centre.cols() != est.cols()) {
    throw InvalidInput(fmt::format("D_perp has {} features and D_est {}", centre.cols(), est.cols()));
  }
  if (!est.allFinite()) {
    throw InvalidInput("the tr Sigma upper confidence bound on D_est: the features contain NaN or infinite values");
  }
  require_level_and_range(0.5, max_squared_distance);
  std::vector<double> z(static_cast<std::size_t>(est.rows()));
  for (Eigen::Index i = 0; i < est.rows(); ++i) {
    const double squared = (est.row(i) - centre).squaredNorm();
    if (squared > max_squared_distance * (1.0 + 1e-12)) {
      throw InvalidInput(fmt::format(
          "record {} is at squared distance {} > B = {} from the mean of D_perp: B is not a bound on "
          "‖Ψ(x) − Ψ(x')‖² for this data", first_record + static_cast<std::size_t>(i), squared,
          max_squared_distance));
    }
    z[static_cast<std::size_t>(i)] = std::min(1.0, squared / max_squared_distance);  // eq 6.5a
  }
  return z;
}

TraceSigma trace_sigma_from_distances(MatrixView perp, const std::vector<double>& z, double max_squared_distance,
                                      double alpha) {
  require_rows(perp, 2, "tr Sigma on D_perp");
  return trace_sigma_from_distances(covariance_trace(perp), z, max_squared_distance, alpha);
}

TraceSigma trace_sigma_from_distances(double trace, const std::vector<double>& z, double max_squared_distance,
                                      double alpha) {
  if (z.size() < 2) {
    throw InvalidInput(fmt::format("the tr Sigma upper confidence bound on D_est needs ≥ 2 records, got {}", z.size()));
  }
  require_level_and_range(alpha, max_squared_distance);
  TraceSigma out;
  out.trace = trace;
  out.alpha = alpha;
  out.records = z.size();
  const ScaledMoments moments = moments_of(z);
  out.centred_mean = max_squared_distance * moments.mean;
  // E Z = tr Σ + ‖μ − c‖² ≥ tr Σ (eq 6.5a), so B·(upper bound on E z) bounds tr Σ (eq 6.5b).
  out.ucb = max_squared_distance * empirical_bernstein_upper(moments.mean, moments.variance, out.records, alpha);
  return out;
}

TraceSigma trace_sigma_with_ucb(MatrixView perp, MatrixView est, double max_squared_distance, double alpha) {
  require_rows(est, 2, "the tr Sigma upper confidence bound on D_est");
  require_level_and_range(alpha, max_squared_distance);
  return trace_sigma_from_distances(perp, scaled_centred_distances(perp, est, max_squared_distance), max_squared_distance,
                                    alpha);
}

double predicted_trace_ucb(MatrixView perp, double max_squared_distance, double alpha, std::size_t n_est) {
  require_rows(perp, 2, "the predicted tr Sigma upper confidence bound");
  require_level_and_range(alpha, max_squared_distance);
  if (n_est < 2) throw InvalidInput(fmt::format("the predicted UCB needs n_est ≥ 2, got {}", n_est));
  const ScaledMoments z = moments_of(scaled_centred_distances(perp, perp, max_squared_distance));
  // D⊥'s own Z̄ is tr Σ̂·(n−1)/n; the prediction keeps tr Σ̂ and adds the margins eq 6.5b will
  // have at n_est with D⊥'s variance.
  const double trace = covariance_trace(perp);
  const double margin = empirical_bernstein_upper(0.0, z.variance, n_est, alpha);
  return std::min(max_squared_distance, trace + max_squared_distance * margin);
}

}  // namespace reconbound
