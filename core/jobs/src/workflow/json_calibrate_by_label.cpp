// The calibration per label in words and in JSON (mathematics §6.10, §8.2).
#include <fmt/format.h>

#include "json_joint_labels.hpp"
#include "reconbound/workflow/calibrate_by_label.hpp"
#include "reconbound/workflow/json.hpp"

namespace reconbound::workflow {

namespace {

nlohmann::json label_row(const LabelCalibration& row, std::size_t labels, double alpha) {
  const ConverseResult& at = row.result.converse;
  return {{"label", row.label},
          {"name", row.name},
          {"n_perp", row.perp_indices.size()},
          {"n_est", row.est_indices.size()},
          {"largest_gamma_bits", row.budget.gamma_bits},
          {"budget_pair", {{"k", row.budget.pair.k}, {"nu2", row.budget.pair.nu2}}},
          {"rho_star", at.rho_star},
          {"k_star", at.arg_max.k},
          {"nu2_star", at.arg_max.nu2},
          {"abs_bound", at.abs_bound},
          {"certificate_alpha", alpha / static_cast<double>(labels)},
          {"grid_selection", to_json(row.report.selection)},
          {"certificate", to_json(row.certificate, certificate_sentence(row.certificate, row.report, row.result))}};
}

}  // namespace

std::string joint_calibration_sentence(const CalibrateRhoByLabelOutput& o) {
  const std::size_t n = o.labels.size();
  const LabelCalibration& binding = o.labels.front();
  return fmt::format("With probability >= {:.4g}% over the data sample and the Monte Carlo draws, jointly for all {} "
                     "labels (each at alpha/{}): at sigma = {:.6f} every label keeps rho* >= {:.6g}; {} "
                     "binds, with the smallest budget, gamma <= {:.6g} bits.",
                     100.0 * (1.0 - o.alpha), n, n, o.sigma, o.target_rho, label_title(binding),
                     binding.budget.gamma_bits);
}

nlohmann::json to_json(const CalibrateRhoByLabelOutput& o) {
  nlohmann::json rows = nlohmann::json::array();
  for (const LabelCalibration& row : o.labels) rows.push_back(label_row(row, o.labels.size(), o.alpha));
  const std::size_t n = o.labels.size();
  nlohmann::json out{{"pooled", to_json(o.pooled)},
                     {"labels_source", o.labels_source},
                     {"target_rho", o.target_rho},
                     {"sigma", o.sigma},
                     {"sigma_at_range_min", o.at_sigma_min},
                     {"sigma_tolerance", o.sigma_tolerance},
                     {"gamma_bits", o.gamma_bits},
                     {"gamma_error_bits", o.gamma_error_bits},
                     {"binding_label", o.binding_label},
                     {"by_label", rows},
                     {"by_label_certificate",
                      joint_label_certificate(
                          n, o.alpha, o.pooled.certificate.certifies, joint_calibration_sentence(o),
                          fmt::format("every row of by_label at sigma at once, by the union bound over the {} labels "
                                      "(mathematics §6.10); the pooled calibration is its own statement at its own "
                                      "level", n))}};
  // ε at the common sigma, when a δ was given: the keys of calibrate's ε (epsilon, its bounds, δ).
  if (o.epsilon) {
    const EpsilonResult& e = *o.epsilon;
    out.update({{"epsilon", e.epsilon}, {"epsilon_lower", e.epsilon_lower}, {"epsilon_upper", e.epsilon_upper},
                {"delta", e.delta}, {"relation", e.relation}});
  }
  return out;
}

}  // namespace reconbound::workflow
