#pragma once
// The codebook mechanism and its attack (mathematics §2 end, §9; paper §G.6).
//
// The release Q(x) is the index of the nearest of M = 2^R codewords. The codewords come from
// k-means on D_shadow (k-means++ start, seeded) followed by one balanced assignment of D_est
// with at most ⌈n_est/M⌉ records per cell; each codeword is the mean of its balanced cell.
// Deterministic release: γ = H(Q) ≤ R (charge R). Below one bit, the two-cell index passes
// through a binary symmetric channel that keeps it with probability p ∈ [1/2, 1].
#include <cstddef>
#include <cstdint>
#include <vector>

#include "reconbound/matrix.hpp"

namespace reconbound::codebook {

struct CodebookConfig {
  unsigned bits = 1;                  // R ≥ 1: M = 2^R codewords
  std::uint64_t seed = 0;             // k-means++ start and anything random
  std::size_t threads = 1;            // for the distance computations in double (cv::kmeans
                                      // runs on OpenCV's own thread pool)
  std::size_t min_cell_records = 0;   // > 0: InvalidInput when a release cell of D_est has fewer records
};

struct Codebook {
  RowMatrix codewords;                   // M × m: the balanced cells' means (the released codebook)
  std::vector<std::size_t> est_cells;    // release cell Q of every D_est row (nearest codeword)
  std::vector<std::size_t> cell_counts;  // records of D_est per release cell
  RowMatrix cell_means;  // M × m: mean of the D_est rows in each release cell (the decoder);
                         // a cell without D_est records keeps its codeword
  double realised_entropy_bits = 0;      // H(Q) of the release frequencies on D_est
};

// The limits of one k-means fit (cv::kmeans, one attempt, k-means++ start): Lloyd iterations
// stop after kKmeansIterations or when no centroid moves by more than kKmeansRelativeShift
// times the root-mean-square distance of the shadow records from their mean. Measured on
// 60,000 × 784 Fashion-MNIST records at M = 256: about 41 CPU-seconds, of which ~18 are the
// k-means++ start and ~1.2 each iteration; 40 iterations lower the k-means cost by only
// 0.25% more than 20 do (5 iterations leave it 1.7% higher).
inline constexpr int kKmeansIterations = 20;
inline constexpr double kKmeansRelativeShift = 1e-4;

// Fits the codebook (see the file comment). InvalidInput for R = 0, M > n_shadow or
// M > n_est, non-finite input, mismatched widths, and (when min_cell_records > 0) a release
// cell of D_est with fewer records than that.
Codebook fit_codebook(MatrixView shadow, MatrixView est, const CodebookConfig& config);

// The release: the index of the nearest codeword of every row of `features`.
std::vector<std::size_t> release_cells(const Codebook& codebook, MatrixView features, std::size_t threads = 1);

// One balanced step (mathematics §9): every point gets a centroid, no centroid more than
// ⌈n/M⌉ points. Points with the largest gap between their nearest and second-nearest
// centroid (Euclidean distance) are placed first, each into the nearest centroid that still
// has room. Returns the centroid index of every point.
std::vector<std::size_t> balanced_assignment(MatrixView points, MatrixView centroids, std::size_t threads = 1);

// Binary symmetric channel below one bit (mathematics §2 end, paper §G.6): the two-cell codebook's
// index Q (Pr(Q = 0) = f0) is kept with probability p = keep ∈ [1/2, 1], flipped otherwise.
// γ = I(Q; Z) = H_b(f0·p + f1·(1−p)) − H_b(p), bits.
double bsc_leakage_bits(double f0, double keep);

// The inverse of bsc_leakage_bits in p on γ ∈ (0, H_b(f0)] (f0 ∈ (0, 1)); InvalidInput
// outside, naming the range.
double bsc_keep_probability(double f0, double gamma_bits);

// Pr(Z = z | Q = c) of the release, row c: the identity (cells × cells) for a deterministic
// codebook (keep = 1); the 2 × 2 BSC matrix for keep ∈ [1/2, 1) (cells must be 2).
RowMatrix release_channel(std::size_t cells, double keep);

// The codebook attack (paper §G.6): the conditional-mean decoder g(z) = E[Ψ(x) | Z = z] with
// cell means and frequencies from D_est. squared_errors: each target's expected
// ‖Ψ(x) − g(Z)‖² over the channel given the target's release cell Q(x); reconstructions:
// g(Q(x)) of every target (Z = Q), for figures.
struct CodebookAttack {
  std::vector<double> squared_errors;
  RowMatrix reconstructions;
};
CodebookAttack codebook_attack(const Codebook& codebook, double keep, MatrixView targets);

}  // namespace reconbound::codebook
