// Dithered plug-in entropies of every rotated coordinate and every release output
// (eq 31 at k = 1; paper §G.6, Prop G.1; mathematics §9), on one FFT grid per coordinate.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <vector>

#include "coordinate_grid.hpp"
#include "per_block_bound.hpp"
#include "reconbound/error.hpp"
#include "reconbound/parallel_items.hpp"

namespace reconbound::codebook {

namespace {

// Coordinates per work item: each visit of a row-major record reads four cache lines of it,
// so the record's memory page (and its TLB entry) serves 32 coordinates at once.
constexpr std::size_t kChunkColumns = 32;
constexpr std::size_t kDoublesPerCacheLine = 8;
constexpr std::size_t kPrefetchRows = 16;
// Per-cell grids above this many doubles per thread (1 GiB) are refused.
constexpr double kMaxGridDoubles = 134217728.0;
// |Σ_z channel(c, z) − 1| allowed for rounding in the caller's probabilities.
constexpr double kChannelRowTolerance = 1e-9;

// The records of every cell, in record order within a cell.
struct CellLayout {
  std::vector<std::size_t> order;  // record indices grouped by cell
  std::vector<std::size_t> start;  // cell c holds order[start[c] .. start[c+1])
  std::size_t size(std::size_t c) const { return start[c + 1] - start[c]; }
};

// The weights of the mixtures: Pr(Q = c) = n_c/n, Pr(Z = z) = Σ_c Pr(c)·channel(c, z) and the
// Bayes posteriors Pr(c | z) = Pr(c)·channel(c, z)/Pr(z), kept only where positive.
struct MixtureWeights {
  std::vector<double> cell_probability;
  std::vector<double> output_probability;
  struct Term {
    std::size_t cell;
    double weight;
  };
  std::vector<std::vector<Term>> posterior;  // per output
};

void check_inputs(MatrixView y, const std::vector<std::size_t>& cell, const RowMatrix& channel, double s) {
  if (y.rows() == 0 || y.cols() == 0) {
    throw InvalidInput(fmt::format("the per-block entropies need records and coordinates, got {} × {}",
                                   y.rows(), y.cols()));
  }
  if (cell.size() != static_cast<std::size_t>(y.rows())) {
    throw InvalidInput(fmt::format("{} cell labels for {} records; give one cell per record", cell.size(), y.rows()));
  }
  if (channel.rows() == 0 || channel.cols() == 0) {
    throw InvalidInput("the release channel is empty; give a cells × outputs matrix (identity for a codebook)");
  }
  if (!channel.allFinite() || (channel.array() < 0.0).any()) {
    throw InvalidInput("the release channel has negative or non-finite entries; give probabilities");
  }
  for (Eigen::Index c = 0; c < channel.rows(); ++c) {
    const double total = channel.row(c).sum();
    if (std::abs(total - 1.0) > kChannelRowTolerance) {
      throw InvalidInput(fmt::format("row {} of the release channel sums to {}, not 1", c, total));
    }
  }
  if (!(s > 0.0) || !std::isfinite(s)) {
    throw InvalidInput(fmt::format("the dither standard deviation s = {} must be finite and > 0", s));
  }
  const auto cells = static_cast<std::size_t>(channel.rows());
  for (std::size_t i = 0; i < cell.size(); ++i) {
    if (cell[i] >= cells) {
      throw InvalidInput(fmt::format("record {} is in cell {}, but the channel has {} cells", i, cell[i], cells));
    }
  }
}

CellLayout cell_layout(const std::vector<std::size_t>& cell, std::size_t cells) {
  CellLayout layout;
  layout.start.assign(cells + 1, 0);
  for (const std::size_t c : cell) ++layout.start[c + 1];
  for (std::size_t c = 0; c < cells; ++c) {
    if (layout.start[c + 1] == 0) {
      throw InvalidInput(fmt::format("cell {} holds no records; every release cell needs estimation records", c));
    }
    layout.start[c + 1] += layout.start[c];
  }
  layout.order.resize(cell.size());
  std::vector<std::size_t> next(layout.start.begin(), layout.start.end() - 1);
  for (std::size_t i = 0; i < cell.size(); ++i) layout.order[next[cell[i]]++] = i;
  return layout;
}

MixtureWeights mixture_weights(const CellLayout& layout, const RowMatrix& channel) {
  const auto cells = static_cast<std::size_t>(channel.rows());
  const auto outputs = static_cast<std::size_t>(channel.cols());
  const auto n = static_cast<double>(layout.order.size());
  MixtureWeights w;
  for (std::size_t c = 0; c < cells; ++c) w.cell_probability.push_back(static_cast<double>(layout.size(c)) / n);
  w.output_probability.assign(outputs, 0.0);
  w.posterior.resize(outputs);
  for (std::size_t z = 0; z < outputs; ++z) {
    for (std::size_t c = 0; c < cells; ++c) {
      w.output_probability[z] += w.cell_probability[c] * channel(static_cast<Eigen::Index>(c), static_cast<Eigen::Index>(z));
    }
    if (w.output_probability[z] == 0.0) continue;  // never released: no conditional density
    for (std::size_t c = 0; c < cells; ++c) {
      const double joint = w.cell_probability[c] * channel(static_cast<Eigen::Index>(c), static_cast<Eigen::Index>(z));
      if (joint > 0.0) w.posterior[z].push_back({c, joint / w.output_probability[z]});
    }
  }
  return w;
}

// Per-coordinate range [lo, hi] in one row-major pass; refuses non-finite values.
void coordinate_ranges(MatrixView y, std::vector<double>& lo, std::vector<double>& hi) {
  lo.assign(static_cast<std::size_t>(y.cols()), INFINITY);
  hi.assign(static_cast<std::size_t>(y.cols()), -INFINITY);
  for (Eigen::Index i = 0; i < y.rows(); ++i) {
    for (Eigen::Index b = 0; b < y.cols(); ++b) {
      const double v = y(i, b);
      if (!std::isfinite(v)) {
        throw InvalidInput(fmt::format("the rotated coordinates contain {} at record {}, coordinate {}", v, i, b));
      }
      lo[static_cast<std::size_t>(b)] = std::min(lo[static_cast<std::size_t>(b)], v);
      hi[static_cast<std::size_t>(b)] = std::max(hi[static_cast<std::size_t>(b)], v);
    }
  }
}

// One worker's buffers, reused across its coordinates.
struct Workspace {
  std::vector<double> values;      // kChunkColumns × n, a chunk's columns in cell order
  std::vector<double> histograms; // cells × grid size
  std::vector<double> mixture;    // grid size
};

// Every coordinate's grid of cells fits the memory a thread may take: InvalidInput naming the
// coordinate otherwise.
void check_grid_sizes(const std::vector<double>& lo, const std::vector<double>& hi, double s, std::size_t cells) {
  for (std::size_t b = 0; b < lo.size(); ++b) {
    const double points = coordinate_grid_points(lo[b], hi[b], s);
    if (points * static_cast<double>(cells) > kMaxGridDoubles) {
      throw InvalidInput(fmt::format("coordinate {} spans {:.3g} dither widths s = {:.3g}; {} cell grids of {:.3g} points "
                                     "exceed 1 GiB per thread: use a larger dither or fewer cells",
                                     b, (hi[b] - lo[b]) / s, s, cells, points));
    }
  }
}

// values[j·n + p] = y(order[p], first + j): the chunk's columns with the records grouped by
// cell. Every record lies a page or more from the last, beyond the hardware prefetcher: the
// record kPrefetchRows ahead is requested explicitly.
void gather_chunk(MatrixView y, const CellLayout& layout, std::size_t first, std::size_t width,
                  std::vector<double>& values) {
  const auto n = static_cast<std::size_t>(y.rows());
  values.resize(width * n);
  const auto stride = static_cast<std::size_t>(y.outerStride());
  for (std::size_t p = 0; p < n; ++p) {
    if (p + kPrefetchRows < n) {
      const double* ahead = y.data() + layout.order[p + kPrefetchRows] * stride + first;
      for (std::size_t j = 0; j < width; j += kDoublesPerCacheLine) __builtin_prefetch(ahead + j);
    }
    const double* record = y.data() + layout.order[p] * stride + first;
    for (std::size_t j = 0; j < width; ++j) values[j * n + p] = record[j];
  }
}

}  // namespace

CoordinateEntropies coordinate_entropies(MatrixView y, const std::vector<std::size_t>& cell,
                                         const RowMatrix& channel, double s, std::size_t threads) {
  check_inputs(y, cell, channel, s);
  const auto n = static_cast<std::size_t>(y.rows());
  const auto m = static_cast<std::size_t>(y.cols());
  const auto cells = static_cast<std::size_t>(channel.rows());
  const auto outputs = static_cast<std::size_t>(channel.cols());
  const CellLayout layout = cell_layout(cell, cells);
  const MixtureWeights weights = mixture_weights(layout, channel);
  std::vector<double> lo;
  std::vector<double> hi;
  coordinate_ranges(y, lo, hi);
  check_grid_sizes(lo, hi, s, cells);

  CoordinateEntropies result;
  result.marginal.assign(m, 0.0);
  result.conditional = RowMatrix::Zero(static_cast<Eigen::Index>(outputs), static_cast<Eigen::Index>(m));
  result.output_probability = weights.output_probability;

  // h(f) of the histogram mixture Σ terms·H_c, smoothed (coordinate_grid.hpp).
  const auto mixture_entropy = [&](Workspace& work, const CoordinateGrid& grid,
                                   GaussianSmoother& smoother, const auto& terms) {
    std::fill(work.mixture.begin(), work.mixture.end(), 0.0);
    for (const auto& [c, weight] : terms) {
      const double* histogram = work.histograms.data() + c * grid.size;
      for (std::size_t j = 0; j < grid.size; ++j) work.mixture[j] += weight * histogram[j];
    }
    return grid_entropy_bits(grid, smoother.smooth(work.mixture), s);
  };

  std::vector<MixtureWeights::Term> marginal_terms;
  for (std::size_t c = 0; c < cells; ++c) marginal_terms.push_back({c, weights.cell_probability[c]});

  const std::size_t chunks = (m + kChunkColumns - 1) / kChunkColumns;
  for_each_item(chunks, threads, [] { return Workspace{}; }, [&](Workspace& work, std::size_t chunk) {
    const std::size_t first = chunk * kChunkColumns;
    const std::size_t width = std::min(kChunkColumns, m - first);
    gather_chunk(y, layout, first, width, work.values);
    for (std::size_t j = 0; j < width; ++j) {
      const std::size_t b = first + j;
      const CoordinateGrid grid = coordinate_grid(lo[b], hi[b], s);
      GaussianSmoother smoother(grid, s);
      // H_c: cell c's records binned with weight 1/n_c, so f_c = φ_s ∗ H_c (eq 31).
      work.histograms.assign(cells * grid.size, 0.0);
      work.mixture.resize(grid.size);
      const std::span<const double> column(work.values.data() + j * n, n);
      for (std::size_t c = 0; c < cells; ++c) {
        bin_values(grid, column.subspan(layout.start[c], layout.size(c)),
                           1.0 / static_cast<double>(layout.size(c)),
                           std::span<double>(work.histograms.data() + c * grid.size, grid.size));
      }
      result.marginal[b] = mixture_entropy(work, grid, smoother, marginal_terms);  // h(Σ_c Pr(c)·f_c)
      for (std::size_t z = 0; z < outputs; ++z) {
        if (weights.posterior[z].empty()) continue;
        // h(z̃_b | Z = z) = h(Σ_c Pr(c | z)·f_c)
        result.conditional(static_cast<Eigen::Index>(z), static_cast<Eigen::Index>(b)) =
            mixture_entropy(work, grid, smoother, weights.posterior[z]);
      }
    }
  });
  return result;
}

}  // namespace reconbound::codebook
