// The candidates' log-likelihoods (mathematics §9; paper eq 37): one single-precision matrix product
// of all releases against a chunk of clipped candidates, accumulated per target in double.
#include <algorithm>
#include <cmath>

#include "dpsgd_attack_model.hpp"
#include "reconbound/parallel_items.hpp"

namespace reconbound::dpsgd::detail {

namespace {

// Tile sizes, fixed so that results do not depend on the thread count: a work item is one
// chunk of candidates; it walks the release rows in blocks, so each thread holds one
// kReleaseRowsPerBlock × kCandidatesPerChunk float product (32 MiB) and the chunk's
// clipped candidates.
constexpr Eigen::Index kCandidatesPerChunk = 2048;
constexpr Eigen::Index kReleaseRowsPerBlock = 4096;

using RowArray = Eigen::Array<double, 1, Eigen::Dynamic>;

}  // namespace

RowMatrix log_likelihoods(const FloatRows& releases, MatrixView candidates, const Vector& centre,
                          const ReleaseModel& model, std::size_t threads) {
  const auto per_target = static_cast<Eigen::Index>(release_rows_per_target(model));
  const Eigen::Index targets = releases.rows() / per_target;
  const Eigen::Index n = candidates.rows();
  const Eigen::Index m = candidates.cols();
  const bool full_batch = model.q == 1.0;
  const double inv_two_variance = 1.0 / (2.0 * model.sigma * model.sigma * model.clip * model.clip);
  // At q = 1 the one release row is Σ_t Y_t, so Σ_t L_tj = (2⟨Σ_t Y_t, c_j⟩ − T‖c_j‖²)/(2σ²C²).
  const double norm_multiplier = full_batch ? static_cast<double>(model.steps) : 1.0;
  // log[(1 − q) + q·e^L] = log(1 − q) + softplus(L + log(q/(1 − q))) (eq 37); the constant
  // T·log(1 − q) is the same for every candidate and is left out.
  const double log_odds = full_batch ? 0.0 : std::log(model.q) - std::log1p(-model.q);

  RowMatrix scores(targets, n);
  const auto chunks = static_cast<std::size_t>((n + kCandidatesPerChunk - 1) / kCandidatesPerChunk);
  for_each_index(chunks, threads, [&](std::size_t chunk) {
    const Eigen::Index first = static_cast<Eigen::Index>(chunk) * kCandidatesPerChunk;
    const Eigen::Index width = std::min(kCandidatesPerChunk, n - first);
    FloatRows clipped(width, m);  // c_j = a(z_j)·z_j, z_j = candidate − Ψ̄ (eq 36)
    RowArray clipped_norms2(width);
    for (Eigen::Index j = 0; j < width; ++j) {
      const Eigen::RowVectorXd z = candidates.row(first + j) - centre.transpose();
      const Eigen::RowVectorXd c = clip_factor(z.norm(), model.clip) * z;
      clipped.row(j) = c.cast<float>();
      clipped_norms2[j] = c.squaredNorm();
    }
    auto chunk_scores = scores.middleCols(first, width);
    chunk_scores.setZero();
    FloatRows products;  // ⟨Y_r, c_j⟩ for a block of release rows
    RowArray step(width);
    Eigen::Array<float, 1, Eigen::Dynamic> correction(width);
    for (Eigen::Index start = 0; start < releases.rows(); start += kReleaseRowsPerBlock) {
      const Eigen::Index height = std::min(kReleaseRowsPerBlock, releases.rows() - start);
      products.noalias() = releases.middleRows(start, height) * clipped.transpose();
      for (Eigen::Index r = 0; r < height; ++r) {
        auto target_scores = chunk_scores.row((start + r) / per_target).array();
        // L_tj = (2⟨Y_t, c_j⟩ − ‖c_j‖²)/(2σ²C²) (eq 37)
        step = (2.0 * products.row(r).cast<double>().array() - norm_multiplier * clipped_norms2) *
               inv_two_variance;
        if (full_batch) {
          target_scores += step;
          continue;
        }
        step += log_odds;
        // softplus(x) = max(x, 0) + log(1 + e^{−|x|}): the linear part in double, the bounded
        // part (in [0, ln 2]) in single precision, twice as fast; its absolute error
        // ≤ 2e-7 per step is of the order of the rounding of L_tj by the single-precision product.
        correction = (-step.abs()).cast<float>();
        correction = (1.0F + correction.exp()).log();
        target_scores += step.max(0.0) + correction.cast<double>();
      }
    }
  });
  return scores;
}

std::vector<double> normalise_to_posterior(RowMatrix& log_likelihood) {
  std::vector<double> max_weight(static_cast<std::size_t>(log_likelihood.rows()));
  for (Eigen::Index i = 0; i < log_likelihood.rows(); ++i) {
    auto row = log_likelihood.row(i).array();
    // w_j = exp(s_j − max s) / Σ_k exp(s_k − max s) (eq 38, log-sum-exp)
    row = (row - row.maxCoeff()).exp();
    row /= row.sum();
    max_weight[static_cast<std::size_t>(i)] = row.maxCoeff();
  }
  return max_weight;
}

}  // namespace reconbound::dpsgd::detail
