// The DP-SGD reconstruction attack (mathematics §9; paper §G.5, eq 36–38): releases, candidate
// likelihoods, posterior mean, squared errors.
#include "dpsgd_attack.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "dpsgd_attack_model.hpp"
#include "reconbound/error.hpp"
#include "reconbound/parallel_items.hpp"

namespace reconbound::dpsgd {

namespace {

// Output columns of weighted sums per work item, fixed so that results do not depend on the
// thread count. Splitting columns (not targets) packs each weighed row only once.
constexpr Eigen::Index kColumnsPerWeightedBlock = 128;

bool all_finite(MatrixView records) {
  for (Eigen::Index i = 0; i < records.rows(); ++i) {
    const auto row = records.row(i);
    if (!std::all_of(row.begin(), row.end(), [](double x) { return std::isfinite(x); })) return false;
  }
  return true;
}

void check_records(MatrixView records, const char* what) {
  if (records.rows() == 0 || records.cols() == 0) {
    throw InvalidInput(fmt::format("the attack's {} are empty ({} × {})", what, records.rows(),
                                   records.cols()));
  }
  if (!all_finite(records)) {
    throw InvalidInput(fmt::format("the attack's {} contain NaN or infinite values", what));
  }
}

// The mean record, summed row by row (contiguous in memory).
Vector mean_row(MatrixView records) {
  Eigen::RowVectorXd sum = Eigen::RowVectorXd::Zero(records.cols());
  for (Eigen::Index i = 0; i < records.rows(); ++i) sum += records.row(i);
  return sum.transpose() / static_cast<double>(records.rows());
}

void check_same_width(MatrixView first, const char* first_name, MatrixView second,
                      const char* second_name) {
  if (first.cols() != second.cols()) {
    throw InvalidInput(fmt::format("the attack's {} have {} columns but its {} have {}", first_name,
                                   first.cols(), second_name, second.cols()));
  }
}

// weights (targets × n) · rows (n × p): the posterior mean of eq 38 in the space of `rows`.
RowMatrix weighted_rows(MatrixView weights, MatrixView rows, std::size_t threads) {
  if (weights.cols() != rows.rows()) {
    throw InvalidInput(fmt::format("{} posterior weights per target cannot weigh {} rows",
                                   weights.cols(), rows.rows()));
  }
  RowMatrix out(weights.rows(), rows.cols());
  const auto blocks = static_cast<std::size_t>((rows.cols() + kColumnsPerWeightedBlock - 1) /
                                               kColumnsPerWeightedBlock);
  for_each_index(blocks, threads, [&](std::size_t block) {
    const Eigen::Index first = static_cast<Eigen::Index>(block) * kColumnsPerWeightedBlock;
    const Eigen::Index width = std::min(kColumnsPerWeightedBlock, rows.cols() - first);
    out.middleCols(first, width).noalias() = weights * rows.middleCols(first, width);
  });
  return out;
}

}  // namespace

DpsgdAttackResult dpsgd_attack(MatrixView shadow, MatrixView targets, const DpsgdAttackConfig& config) {
  const detail::ReleaseModel model{config.q, config.sigma, config.clip, config.steps};
  detail::check_release_model(model);
  check_records(shadow, "shadow records");
  check_records(targets, "targets");
  check_same_width(shadow, "shadow records", targets, "targets");

  const Vector mean = mean_row(shadow);  // Ψ̄ over D_shadow
  const RowMatrix centred_targets = targets.rowwise() - mean.transpose();  // u = Ψ(x) − Ψ̄
  const auto releases = detail::simulate_target_releases(centred_targets, model, config.seed, config.threads);
  RowMatrix weights = detail::log_likelihoods(releases, shadow, mean, model, config.threads);

  DpsgdAttackResult result;
  result.max_weight = detail::normalise_to_posterior(weights);
  // ẑ = Ψ̄ + Σ_j w_j z_j = Σ_j w_j Ψ(shadow_j), since Σ_j w_j = 1 (eq 38)
  result.reconstructions = weighted_rows(weights, shadow, config.threads);
  result.squared_errors.resize(static_cast<std::size_t>(targets.rows()));
  for (Eigen::Index i = 0; i < targets.rows(); ++i) {
    result.squared_errors[static_cast<std::size_t>(i)] =
        (targets.row(i) - result.reconstructions.row(i)).squaredNorm();  // ‖Ψ(x) − ẑ‖²
  }
  if (config.keep_weights) result.weights = std::move(weights);
  return result;
}

Vector posterior_weights(MatrixView releases, MatrixView candidates, double q, double sigma,
                         double clip) {
  const detail::ReleaseModel model{q, sigma, clip, static_cast<std::uint64_t>(releases.rows())};
  detail::check_release_model(model);
  check_records(releases, "releases");
  check_records(candidates, "candidates");
  check_same_width(releases, "releases", candidates, "candidates");
  // At q = 1 the likelihood needs only Σ_t Y_t (eq 37 with 1_t ≡ 1).
  const detail::FloatRows rows = model.q == 1.0 ? detail::FloatRows(releases.colwise().sum().cast<float>())
                                                : detail::FloatRows(releases.cast<float>());
  RowMatrix weights =
      detail::log_likelihoods(rows, candidates, Vector::Zero(candidates.cols()), model, 1);
  detail::normalise_to_posterior(weights);
  return weights.row(0).transpose();
}

RowMatrix reconstruct_with(MatrixView weights, MatrixView other_rows) {
  return weighted_rows(weights, other_rows, 1);
}

}  // namespace reconbound::dpsgd
