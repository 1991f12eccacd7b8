// Fitting the codebook and its release (mathematics §2 end, §9; paper §G.6).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "codebook.hpp"
#include "kmeans_centroids.hpp"
#include "reconbound/error.hpp"
#include "squared_distances.hpp"

namespace reconbound::codebook {

namespace {

// The largest R with M = 2^R representable as a size and as OpenCV's cluster count.
constexpr unsigned kMaxBits = 30;

void check_inputs(MatrixView shadow, MatrixView est, unsigned bits) {
  if (bits == 0) throw InvalidInput("the codebook needs R ≥ 1 bits (M = 2^R codewords); got R = 0");
  if (shadow.cols() != est.cols()) {
    throw InvalidInput(fmt::format("D_shadow has {} features per record but D_est has {}", shadow.cols(),
                                   est.cols()));
  }
  if (shadow.cols() == 0) throw InvalidInput("the codebook needs records with at least one feature");
  const auto rows = std::min(shadow.rows(), est.rows());
  if (bits > kMaxBits || (Eigen::Index{1} << bits) > rows) {
    throw InvalidInput(fmt::format(
        "R = {} bits needs 2^{} codewords, more than the records of D_shadow ({}) or D_est ({}); use fewer bits",
        bits, bits, shadow.rows(), est.rows()));
  }
  if (!shadow.allFinite()) throw InvalidInput("D_shadow contains NaN or infinite values; clean the data first");
  if (!est.allFinite()) throw InvalidInput("D_est contains NaN or infinite values; clean the data first");
}

// Row c: the mean of the rows of `records` labelled c; `fallback.row(c)` for an empty cell.
RowMatrix cell_means(MatrixView records, const std::vector<std::size_t>& cells, std::size_t count,
                     MatrixView fallback, std::vector<std::size_t>& counts) {
  RowMatrix sums = RowMatrix::Zero(static_cast<Eigen::Index>(count), records.cols());
  counts.assign(count, 0);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    sums.row(static_cast<Eigen::Index>(cells[i])) += records.row(static_cast<Eigen::Index>(i));
    ++counts[cells[i]];
  }
  for (std::size_t c = 0; c < count; ++c) {
    const auto row = static_cast<Eigen::Index>(c);
    if (counts[c] == 0) sums.row(row) = fallback.row(row);
    else sums.row(row) /= static_cast<double>(counts[c]);
  }
  return sums;
}

// H(Q) = −Σ_c f_c·log2 f_c with f_c = counts_c / n (mathematics §2 end: γ = H(Q) ≤ R).
double entropy_bits(const std::vector<std::size_t>& counts, std::size_t n) {
  double h = 0.0;
  for (const std::size_t k : counts) {
    if (k == 0) continue;
    const double f = static_cast<double>(k) / static_cast<double>(n);
    h -= f * std::log2(f);
  }
  return h;
}

}  // namespace

Codebook fit_codebook(MatrixView shadow, MatrixView est, const CodebookConfig& config) {
  check_inputs(shadow, est, config.bits);
  const std::size_t cells = std::size_t{1} << config.bits;  // M = 2^R
  const RowMatrix centroids = kmeans_centroids(shadow, cells, config.seed);
  const std::vector<std::size_t> balanced = balanced_assignment(est, centroids, config.threads);

  Codebook codebook;
  std::vector<std::size_t> balanced_counts;
  codebook.codewords = cell_means(est, balanced, cells, centroids, balanced_counts);
  codebook.est_cells = nearest_centroids(est, codebook.codewords, config.threads);
  codebook.cell_means = cell_means(est, codebook.est_cells, cells, codebook.codewords, codebook.cell_counts);
  codebook.realised_entropy_bits = entropy_bits(codebook.cell_counts, codebook.est_cells.size());

  if (config.min_cell_records > 0) {
    const std::size_t thinnest = *std::min_element(codebook.cell_counts.begin(), codebook.cell_counts.end());
    if (thinnest < config.min_cell_records) {
      throw InvalidInput(fmt::format(
          "R = {} leaves a release cell with {} estimation records; the per-block bound needs ≥ {} "
          "(use fewer bits or more data)",
          config.bits, thinnest, config.min_cell_records));
    }
  }
  return codebook;
}

std::vector<std::size_t> release_cells(const Codebook& codebook, MatrixView features, std::size_t threads) {
  if (features.cols() != codebook.codewords.cols()) {
    throw InvalidInput(fmt::format("records have {} features but the codewords {}", features.cols(),
                                   codebook.codewords.cols()));
  }
  if (!features.allFinite()) throw InvalidInput("records to release contain NaN or infinite values");
  return nearest_centroids(features, codebook.codewords, threads);
}

}  // namespace reconbound::codebook
