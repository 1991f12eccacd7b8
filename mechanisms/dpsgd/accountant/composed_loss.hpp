#pragma once
// The privacy loss of many steps composed by FFT (mathematics §8), on a window of the grid, after
// exponential tilting by λ so that the probabilities near the ε of interest are resolved.
#include <cstdint>
#include <vector>

#include "privacy_loss.hpp"

namespace reconbound::detail {

struct DirectComposition;

struct StepGroup {
  double q = 0.0;
  double sigma = 0.0;
  double steps = 0.0;  // identical steps composed together
  DiscreteLoss loss;
};

class ComposedLoss {
 public:
  // Composes every group: Π_i (DFT of the tilted pmf_i)^steps_i, inverted (mathematics §8).
  // The window holds all but `tail` of the tilted sum's mass on each side (Chernoff bounds,
  // their exponent chosen on `coarse`, a coarser discretisation of the same steps).
  ComposedLoss(const std::vector<StepGroup>& groups, double grid_step,
               const std::vector<StepGroup>& coarse, double coarse_step, double lambda,
               double tail);

  // The composition computed directly (direct_composition.hpp, mathematics §8.4): no tilt, no
  // window; its relative and absolute rounding errors are charged by numerical_error.
  ComposedLoss(const DirectComposition& direct, double grid_step);

  // δ̂(e) = Σ_{s > e} p(s)(1 − e^{e−s}) of the discretised composition.
  double delta_at(double e) const;
  // inf{e : δ̂(e) ≤ d}; −∞ when δ̂(e) ≤ d for every e.
  double epsilon_at(double d) const;
  // Bound on |δ̂(e) − δ of the exact discretised composition|: wrap-around and round-off.
  double numerical_error(double e) const;
  // The same for delta_at(e) itself, its sum of non-negative terms (mathematics §8.4): relative
  // to δ̂(e) but for the rounding of each term's argument; far below numerical_error(e) where
  // δ̂(e) ≪ Σ_{s>e} p(s), i.e. ε near 0. For a direct composition (no tilt, no wrap-around).
  double delta_at_error(double e) const;
  std::size_t fft_size() const { return fft_size_; }

 private:
  // The window of cells the composition keeps (first_cell_, fft_size_, wrap_mass_).
  void place_window(const std::vector<StepGroup>& groups, const std::vector<StepGroup>& coarse, double coarse_step,
                    double tail);
  // The composed tilted loss (times fft_size_) into `real`, its round-off into roundoff_.
  void compose(const std::vector<StepGroup>& groups, const std::vector<double>& log_m, double* real);
  // pmf_ from the composed tilted loss.
  void untilt(const double* real);

  double grid_step_;
  double lambda_;
  double log_scale_ = 0.0;  // Σ steps·ln M_i(λ): p(s) = p_λ(s)·e^{log_scale − λs}
  std::int64_t first_cell_ = 0;
  std::vector<long double> pmf_;  // untilted probabilities of cells first_cell_ + j
  double wrap_mass_ = 0.0;        // tilted mass outside the window (Chernoff bound)
  double roundoff_ = 0.0;         // absolute round-off bound on each tilted probability
  double log_scale_error_ = 0.0;  // relative error of e^{log_scale_} from its double sum (§8.1)
  double input_error_ = 0.0;      // relative error of every tilted input probability (§8.1)
  // |p̂ − p| ≤ relative_error_·p + absolute_error_ for every cell: the untilting (§8.1) or the
  // direct composition (§8.4).
  double relative_error_ = 0.0;
  double absolute_error_ = 0.0;
  std::size_t fft_size_ = 0;
};

// ln Σ_j pmf_j·e^{λ·y_j}: the cumulant generating function of one discretised step.
double log_mgf(const DiscreteLoss& loss, double grid_step, double lambda);

}  // namespace reconbound::detail
