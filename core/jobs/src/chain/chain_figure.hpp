#pragma once
// The image grid of the tightness chain (paper Figure 9): the first attack row that returns
// posterior weights over the shadow records, its reconstructions of a few targets as images
// (the weights applied to the shadow records' images) at every γ where it ran.
#include <cstddef>
#include <map>
#include <optional>
#include <vector>

#include "reconbound/chain.hpp"

namespace reconbound::chain {

class FigureGrid {
 public:
  // The first `shown` targets (their images) and the shadow records' images.
  FigureGrid(const RowMatrix& target_images, const RowMatrix& shadow_images, std::size_t shown);
  // Whether row `row`'s weights may still be shown: targets are shown, and no earlier row
  // has returned weights.
  bool wants(std::size_t row) const;
  // Row `row`'s attack at γ: its reconstructions of the shown targets when it returned weights.
  void add(std::size_t row, double gamma, const RowMatrix& weights, const AttackEstimate& estimate);
  // The row shown: the first that returned weights; none without weights.
  std::optional<std::size_t> row() const;
  // The grid into the report, row() as its figure_row.
  void write_to(ChainReport& report) const;

 private:
  struct Column {
    double gamma = 0.0;
    RowMatrix reconstruction;    // shown × d
    double rho = 0.0;            // over every target
    std::vector<double> rho_shown;
  };
  const RowMatrix& target_images_;
  const RowMatrix& shadow_images_;
  std::size_t shown_;
  std::map<std::size_t, std::vector<Column>> columns_;  // by row; only rows up to the first with weights
};

}  // namespace reconbound::chain
