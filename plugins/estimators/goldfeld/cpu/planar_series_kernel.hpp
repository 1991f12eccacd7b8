#pragma once
// The fast path at block size k = 2 (docs/fast_estimator.md, "Taylor boxes at k = 1 and 2"):
// the two-dimensional version of series_kernel.hpp. Square boxes of side s/2 (centre c_b);
// in units of s a centre sits at e_l = (y_l − c_b)/s and the query t = y_i + s·Z at
// d_b = (y_i − c_b)/s + Z, so (t − y_l)/s = d_b − e_l and
//   Σ_{l ∈ b} exp(−‖t − y_l‖²/(2s²)) ≈ e^{−‖d_b‖²/2} · Σ_{α+β<P} d_{b,1}^α d_{b,2}^β · M_{b,αβ},
//   M_{b,αβ} = Σ_{l ∈ b} e^{−‖e_l‖²/2} · e_{l,1}^α e_{l,2}^β / (α!·β!)
// (the Taylor series of e^{⟨d,e⟩} cut at total degree P). A query costs P(P+1)/2
// multiply-adds and one exponential per non-empty box instead of one exponential per centre.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace reconbound::goldfeld {

// Total degree P of the expansion and box side in units of s.
inline constexpr std::size_t kPlanarTerms = 27;
inline constexpr std::size_t kPlanarCoefficients = kPlanarTerms * (kPlanarTerms + 1) / 2;
inline constexpr double kPlanarBoxWidth = 0.5;
// Boxes evaluated together (one vector of doubles per coefficient).
inline constexpr std::size_t kPlanarLanes = 8;
// Largest computed ‖Z‖² of a draw that the expansion serves; rows with a larger draw
// (probability e^{−15} ≈ 3e-7 per draw) use the other kernels.
inline constexpr double kPlanarNormLimit = 30.0;
// A query costs about as much per (padded) box of the expansion as the chained kernel does
// for this many centres (measured on Fashion-MNIST blocks, AVX-512): a block takes the
// expansion only when kPlanarBoxCost·Σ_levels boxes < n.
inline constexpr double kPlanarBoxCost = 8.0;
// The same against the product kernel (a plan without chains, e.g. one selected level), per
// level: its cost per centre and level is about a quarter of the chained kernel's for all
// levels. Measured: one k = 2 level at ν² = 0.2 on 8,000 Fashion-MNIST records took 67 s
// with the expansion and 24 s with the product kernel; at 60,000 records the expansion wins.
inline constexpr double kPlanarBoxCostPerLevel = 32.0;
// The same against the single-precision product kernel, about three times faster per centre
// than the double one at small k (docs/fast_estimator.md, "The floor": 3.2× at k = 4). Measured:
// the pilot's call at k = 2 (six levels, 8 blocks of 10,000 Fashion-MNIST records, 2 threads)
// took 1.8 s with the expansion and 0.7 s with the single product kernel.
inline constexpr double kPlanarBoxCostPerSingleLevel = 96.0;
// Most grid cells per level; beyond (a dither sd far below the data's spread) the block uses
// the other kernels.
inline constexpr std::size_t kPlanarMaxCells = 1 << 16;

// The expansion tables of one dither level of one block (k = 2).
struct PlanarSeriesLevel {
  double inv_s = 0.0;                 // fl(1/s)
  std::size_t boxes = 0;              // non-empty boxes, padded to a multiple of kPlanarLanes
  std::vector<double> centre_x;       // c_b, per box (padding: the first box's centre)
  std::vector<double> centre_y;
  // M̃_{b,αβ}: for box group g = b / kPlanarLanes, coefficient index q of (α, β) and lane
  // b mod kPlanarLanes at [(g·kPlanarCoefficients + q)·kPlanarLanes + lane]; zero in padding.
  std::vector<double> moments;
  double radius = 0.0;                // E ≥ ‖ẽ_l‖ for every centre
  std::size_t largest_box = 0;        // most centres in one box
};

// The tables for centres y (coordinate-major: x at y[0..n), y at y[n..2n)) and dither sd s,
// or nothing when the grid would need more than kPlanarMaxCells cells.
std::optional<PlanarSeriesLevel> build_planar_series_level(const double* y, std::size_t n,
                                                           double s);

// For `count` queries t_q = y[self_q] + s·Z_q (z[2q], z[2q+1] = Z_q, ‖Z_q‖² ≤ kPlanarNormLimit)
// with `level` built from the same y and s: sums[q] = Q̃_q ≈ Q_q = Σ_{l<n} exp(−‖t_q − y_l‖²/(2s²))
// (exact arithmetic on the doubles y, s, Z) and relative_error[q] = δ_q with
// |Q̃_q − Q_q| ≤ δ_q·Q_q (proof in planar_series_kernel.cpp). Throws NumericalError when
// δ_q > 1e-3.
void planar_series_sums(const PlanarSeriesLevel& level, const double* y, std::size_t n,
                        const std::size_t* self, const double* z, std::size_t count,
                        double* sums, double* relative_error);

}  // namespace reconbound::goldfeld
