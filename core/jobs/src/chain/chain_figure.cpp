// The image grid of the tightness chain (paper Figure 9): the first row with posterior weights.
#include "chain_figure.hpp"

namespace reconbound::chain {

FigureGrid::FigureGrid(const RowMatrix& target_images, const RowMatrix& shadow_images, std::size_t shown)
    : target_images_(target_images), shadow_images_(shadow_images), shown_(shown) {}

bool FigureGrid::wants(std::size_t row) const {
  return shown_ > 0 && (columns_.empty() || row <= columns_.begin()->first);
}

void FigureGrid::add(std::size_t row, double gamma, const RowMatrix& weights, const AttackEstimate& estimate) {
  if (weights.size() == 0 || !wants(row)) return;
  const auto shown = static_cast<Eigen::Index>(shown_);
  // The reconstruction as an image: the posterior weights applied to the shadow images (eq 38).
  columns_[row].push_back({gamma, weights.topRows(shown) * shadow_images_, estimate.rho,
                           {estimate.rho_per_target.begin(),
                            estimate.rho_per_target.begin() + static_cast<std::ptrdiff_t>(shown_)}});
  columns_.erase(std::next(columns_.begin()), columns_.end());  // later rows are never shown
}

std::optional<std::size_t> FigureGrid::row() const {
  if (columns_.empty()) return std::nullopt;
  return columns_.begin()->first;
}

void FigureGrid::write_to(ChainReport& report) const {
  report.figure_images = target_images_.topRows(static_cast<Eigen::Index>(shown_));
  if (columns_.empty()) return;
  report.figure_row = row();
  for (const Column& column : columns_.begin()->second) {
    report.figure_gammas.push_back(column.gamma);
    report.figure_reconstructions.push_back(column.reconstruction);
    report.figure_column_rho.push_back(column.rho);
    report.figure_rho.push_back(column.rho_shown);
  }
}

}  // namespace reconbound::chain
