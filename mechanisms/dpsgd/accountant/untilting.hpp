#pragma once
// The untilting factors e^{log_scale − λ·s_c} of the composed loss (mathematics §8.1): a running
// product over the cells, e^{−λΔ} a cell, re-anchored by exp every kAnchorCells cells, in long
// double, with a bound on the relative error of every factor.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace reconbound::detail {

class UntiltingFactors {
 public:
  static constexpr std::size_t kAnchorCells = 1024;

  // Factors of the cells first_cell, first_cell + 1, … (s_c = c·Δ).
  UntiltingFactors(double log_scale, double lambda, double grid_step, std::int64_t first_cell);

  // Calls visit(j, factor of cell first_cell + j) for j = 0 … cells − 1 in order: exp at every
  // kAnchorCells-th cell, a running product (kept in a local) in between. Inline: once a cell.
  template <class Visit>
  void for_each(std::size_t cells, Visit visit) const {
    for (std::size_t start = 0; start < cells; start += kAnchorCells) {
      const auto c = static_cast<long double>(first_cell_ + static_cast<std::int64_t>(start));
      long double factor = std::exp(log_scale_ - static_cast<long double>(lambda_) * c * grid_step_);
      const std::size_t end = std::min(cells, start + kAnchorCells);
      visit(start, factor);
      for (std::size_t j = start + 1; j < end; ++j) {
        factor *= cell_factor_;
        visit(j, factor);
      }
    }
  }

  // Bound on |factor/e^{log_scale − λ·s_c} − 1| over the first `cells` factors, for the exact
  // exponential of the doubles log_scale, λ and Δ given (§8.1).
  double relative_error(std::size_t cells) const;

 private:
  double log_scale_;
  double lambda_;
  double grid_step_;
  std::int64_t first_cell_;
  long double cell_factor_;
};

// Bound on the relative error of e^{log_scale} that the double sum log_scale = Σ_i steps_i·m_i
// commits against the exact sum of the same doubles (§8.1): e^{(G + 1)·u·Σ|steps_i·m_i|} − 1 for
// G terms (recursive summation, each product rounded once), u = 2^−53.
double log_scale_error(double sum_of_magnitudes, std::size_t terms);

}  // namespace reconbound::detail
