// The calibration for a target ρ* per label (mathematics §6.10, §8.2): each label's budget from its
// own estimate at α/L, the smallest budget binding, one threshold search for the common factor,
// and every label's ρ* at it; the pooled calibration beside it as its own statement.
#include "reconbound/workflow/calibrate_by_label.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "calibrate_rho_steps.hpp"
#include "reconbound/bound_frame.hpp"
#include "reconbound/error.hpp"

namespace reconbound::workflow {

namespace {

// One label's entropy estimate on its records of D⊥ and D_est and its budget (eq 14 inverted), at
// the share of α in `config`; returns how its records were chosen. InvalidInput naming the label
// when its records are too few for an estimate or cannot reach the target.
SplitOrigin estimate_label(const Registry& registry, const CalibrateRhoRequest& rho, const BoundConfig& config,
                           const LabelledSplit& split, LabelCalibration& row) {
  SplitOrigin origin;
  try {
    const SplitData data = load_split_data(label_data(rho.data, split, row));
    origin = data.origin;
    row.report = compute_checked_bound(registry, data.bound_data(), {}, config, rho.run);
  } catch (const InvalidInput& too_few) {
    // The pooled calibration ran with the same settings, so what refuses here is the label's records.
    throw InvalidInput(fmt::format("{} has too few records for an estimate ({} in D_perp, {} in D_est): {}",
                                   label_title(row), row.perp_indices.size(), row.est_indices.size(), too_few.what()));
  }
  const std::string whose = fmt::format("{} ({} records of D_est, at alpha/{})", label_title(row),
                                        row.est_indices.size(), split.labels.size());
  row.budget = reachable_budget(registry, row.report, config, rho.target_rho, whose);
  return origin;
}

// The common answer: the smallest factor whose γ(σ) + error meets the smallest budget.
void set_common_sigma(const SigmaForBudget& answer, const CalibrateRhoRequest& rho, CalibrateRhoByLabelOutput& out) {
  const GammaCalibration& c = answer.calibration;
  out.target_rho = rho.target_rho;
  out.sigma = c.sigma;
  out.at_sigma_min = c.at_sigma_min;
  out.gamma_bits = c.gamma_bits;
  out.gamma_error_bits = c.gamma_error_bits;
  out.sigma_tolerance = rho.calibration.sigma_tolerance;
  out.alpha = rho.bound.alpha;
}

}  // namespace

CalibrateRhoByLabelOutput run_calibrate_rho_by_label(const Registry& registry,
                                                     const CalibrateRhoByLabelRequest& request) {
  const CalibrateRhoRequest& rho = request.rho;
  const RhoCalibrationPlan plan = plan_rho_calibration(registry, rho);
  const LabelledSplit split = split_by_label(rho.data, request.labels);
  CalibrateRhoByLabelOutput out;
  out.labels_source = split.source;
  out.pooled = run_calibrate_rho(registry, rho);
  BoundConfig label_config = plan.config;
  label_config.alpha = rho.bound.alpha / static_cast<double>(split.labels.size());  // the union bound, eq 6.10b
  std::vector<SplitOrigin> origins;
  for (const LabelRecords& label : split.labels) {
    out.labels.push_back(LabelCalibration{label, {}, {}, {}, {}});
    origins.push_back(estimate_label(registry, rho, label_config, split, out.labels.back()));
  }
  // Every label's budget holds jointly (eq 6.10b), so the smallest one binds them all (eq 6.10c).
  const auto binding = std::min_element(out.labels.begin(), out.labels.end(), [](const auto& a, const auto& b) {
    return a.budget.gamma_bits < b.budget.gamma_bits;
  });
  out.binding_label = binding->label;
  const SigmaForBudget answer =
      sigma_for_budget(registry, rho, plan, split.shape_and_source.shape, binding->budget.gamma_bits);
  set_common_sigma(answer, rho, out);
  for (std::size_t i = 0; i < out.labels.size(); ++i) {
    LabelCalibration& row = out.labels[i];
    row.result = apply_converse(registry, row.report, out.gamma_bits, label_config, out.gamma_error_bits);
    row.certificate = certificate_at_sigma(row.report, answer.calibration, origins[i]);
    state_class_split(row.certificate, row, split.origin, split.labels.size());
  }
  std::stable_sort(out.labels.begin(), out.labels.end(), [](const LabelCalibration& a, const LabelCalibration& b) {
    return a.budget.gamma_bits < b.budget.gamma_bits;
  });
  if (plan.delta) out.epsilon = epsilon_at_sigma(rho, plan, answer);
  return out;
}

}  // namespace reconbound::workflow
