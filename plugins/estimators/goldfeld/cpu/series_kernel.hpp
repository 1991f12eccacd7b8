#pragma once
// The fast path at block size k = 1 (docs/fast_estimator.md, "Taylor boxes at k = 1"): a
// one-dimensional Gauss transform by Taylor expansions about box centres, with a proven
// relative error per query.
//
// In units of the dither sd s, a centre y_l in box b (centre c_b) sits at e_l = (y_l − c_b)/s
// and the query t = y_i + s·Z at d_b = (y_i − c_b)/s + Z, so (t − y_l)/s = d_b − e_l and
//   exp(−(t − y_l)²/(2s²)) = e^{−d_b²/2} · e^{−e_l²/2} · e^{d_b·e_l},
//   Σ_{l ∈ b} exp(−(t − y_l)²/(2s²)) ≈ e^{−d_b²/2} · Σ_{p<P} d_b^p · M_{b,p},
//   M_{b,p} = Σ_{l ∈ b} e^{−e_l²/2} · e_l^p / p!                       (Taylor of e^{d·e}),
// so a query costs P multiply-adds and one exponential per box near it instead of one
// exponential per centre. Boxes farther than a cut from the query are skipped with their
// mass bounded against the query's own centre, whose term is e^{−Z²/2}.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace reconbound::goldfeld {

// Taylor terms per box (P) and box width in units of s.
inline constexpr std::size_t kSeriesTerms = 24;
inline constexpr double kSeriesBoxWidth = 0.5;
// Skipped boxes hold at most e^{−kSeriesSkipNats} of a query's mixture sum.
inline constexpr double kSeriesSkipNats = 30.0;
// Largest computed Z² of a draw that the series serves; rows with a larger draw (probability
// < 1e-22 per draw) use the direct kernel.
inline constexpr double kSeriesNormLimit = 100.0;
// Most boxes per level: a dither sd this small against the spread of the data makes the
// tables large; such blocks use the other kernels.
inline constexpr std::size_t kSeriesMaxBoxes = 4096;

// The expansion tables of one dither level of one block (k = 1).
struct SeriesLevel {
  double inv_s = 0.0;          // fl(1/s)
  double lo = 0.0;             // left edge of box 0 (the smallest centre)
  double width = 0.0;          // box width fl(kSeriesBoxWidth·s)
  std::size_t boxes = 0;
  std::vector<double> centre;  // c_b
  std::vector<std::uint32_t> box_of;  // box of every centre
  std::vector<double> moments; // M̃_{b,p} at [p·boxes + b]
  double radius = 0.0;         // E: the largest computed |ẽ_l| of any centre
  std::size_t largest_box = 0; // most centres in one box
};

// The tables for centres y[0..n) and dither sd s, or nothing when they would need more
// than kSeriesMaxBoxes boxes.
std::optional<SeriesLevel> build_series_level(const double* y, std::size_t n, double s);

// For `count` queries t_q = y[self_q] + s·Z_q (z[q] = Z_q, z[q]² ≤ kSeriesNormLimit), with
// `level` built from the same y and s: sums[q] = Q̃_q ≈ Q_q = Σ_{l<n} exp(−(t_q − y_l)²/(2s²))
// (exact arithmetic on the doubles y, s, Z) and relative_error[q] = δ_q with
// |Q̃_q − Q_q| ≤ δ_q·Q_q (proof in series_kernel.cpp). `work` is the calling thread's
// scratch space. Throws NumericalError when δ_q > 1e-3.
void series_sums(const SeriesLevel& level, const double* y, std::size_t n,
                 const std::size_t* self, const double* z, std::size_t count,
                 std::vector<double>& work, double* sums, double* relative_error);

}  // namespace reconbound::goldfeld
