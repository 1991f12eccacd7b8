#include "cpu/series_tables.hpp"

namespace reconbound::goldfeld {

std::optional<SeriesTables> build_series_tables(const BlockPoints& points,
                                                const std::vector<double>& s,
                                                SeriesPolicy policy, bool chained, ProductPrecision precision) {
  // What a box costs in centres of the kernel the block would use otherwise (automatic).
  const double box_cost = chained ? kPlanarBoxCost
                          : precision == ProductPrecision::single ? kPlanarBoxCostPerSingleLevel
                                                                  : kPlanarBoxCostPerLevel;
  // The other kernel's work per query: n centres for all chained levels, n per level else.
  const double alternative = static_cast<double>(points.n()) *
                             (chained ? 1.0 : static_cast<double>(s.size()));
  if (policy == SeriesPolicy::never) return std::nullopt;
  SeriesTables tables;
  double planar_boxes = 0.0;
  for (const double sd : s) {
    if (points.k() == 1) {
      std::optional<SeriesLevel> level =
          build_series_level(points.coordinate_major(), points.n(), sd);
      if (!level) return std::nullopt;
      tables.line.push_back(std::move(*level));
    } else if (points.k() == 2) {
      std::optional<PlanarSeriesLevel> level =
          build_planar_series_level(points.coordinate_major(), points.n(), sd);
      if (!level) return std::nullopt;
      planar_boxes += static_cast<double>(level->boxes);
      if (policy == SeriesPolicy::automatic &&
          !(box_cost * planar_boxes < alternative)) {
        return std::nullopt;
      }
      tables.plane.push_back(std::move(*level));
    } else {
      return std::nullopt;
    }
  }
  return tables;
}

bool series_row_sums(const SeriesTables& tables, const BlockPoints& points, std::size_t i,
                     const double* z, std::size_t n_mc, double largest_norm2,
                     ShiftedKernelWorkspace& work, double* sums, double* relative_error) {
  work.series_rows.assign(n_mc, i);
  const std::size_t* self = work.series_rows.data();
  if (points.k() == 1) {
    if (!(largest_norm2 <= kSeriesNormLimit)) return false;
    for (std::size_t v = 0; v < tables.line.size(); ++v) {
      series_sums(tables.line[v], points.coordinate_major(), points.n(), self, z, n_mc,
                  work.series, sums + v * n_mc, relative_error + v * n_mc);
    }
    return true;
  }
  if (!(largest_norm2 <= kPlanarNormLimit)) return false;
  for (std::size_t v = 0; v < tables.plane.size(); ++v) {
    planar_series_sums(tables.plane[v], points.coordinate_major(), points.n(), self, z,
                       n_mc, sums + v * n_mc, relative_error + v * n_mc);
  }
  return true;
}

}  // namespace reconbound::goldfeld
