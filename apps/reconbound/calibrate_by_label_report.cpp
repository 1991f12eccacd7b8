#include "calibrate_by_label_report.hpp"

#include <fmt/format.h>

namespace reconbound::cli {

namespace {

void print_pooled(const workflow::CalibrateRhoOutput& pooled) {
  fmt::print("target rho*:    {:.6g}  ({}, {})\n", pooled.target_rho, pooled.representation, pooled.data_source);
  fmt::print("pooled (all labels, its own statement): sigma = {:.6f}, largest gamma {:.6g} bits, rho* = {:.5f}\n\n",
             pooled.sigma, pooled.budget.gamma_bits, pooled.result.converse.rho_star);
}

}  // namespace

void print_epsilon(const EpsilonResult& e) {
  fmt::print("epsilon:        {:.6f}  in [{:.6f}, {:.6f}] at delta {:.6g} ({} relation)\n",
             e.epsilon, e.epsilon_lower, e.epsilon_upper, e.delta, e.relation);
}

void print_calibrate_by_label_table(const workflow::CalibrateRhoByLabelOutput& o) {
  print_pooled(o.pooled);
  const std::size_t n = o.labels.size();
  fmt::print("by label (every row at once with probability >= {:.4g}%, each at alpha/{} = {:.4g}; "
             "the binding label first)\n", 100.0 * (1.0 - o.alpha), n, o.alpha / static_cast<double>(n));
  fmt::print("sigma:          {:.6f}  (relative tolerance {:.1g}; smallest with gamma(sigma) + error <= the smallest "
             "budget, label {})\n", o.sigma, o.sigma_tolerance, o.binding_label);
  fmt::print("gamma:          {:.6g} bits  ({} at sigma; + {:.3g} bits numerical error bound charged)\n", o.gamma_bits,
             o.pooled.mechanism, o.gamma_error_bits);
  fmt::print("{:>5}  {:<16} {:>6} {:>6} {:>12} {:>10} {:>4} {:>5}\n", "label", "name", "n_perp", "n_est",
             "budget bits", "rho* at s", "k*", "nu2*");
  for (const workflow::LabelCalibration& row : o.labels) {
    const ConverseResult& at = row.result.converse;
    fmt::print("{:>5}  {:<16} {:>6} {:>6} {:>12.6g} {:>10.5f} {:>4} {:>5.2g}\n", row.label, row.name,
               row.perp_indices.size(), row.est_indices.size(), row.budget.gamma_bits, at.rho_star, at.arg_max.k,
               at.arg_max.nu2);
  }
  if (o.epsilon) print_epsilon(*o.epsilon);
  fmt::print("\n{}\n", workflow::joint_calibration_sentence(o));
}

}  // namespace reconbound::cli
