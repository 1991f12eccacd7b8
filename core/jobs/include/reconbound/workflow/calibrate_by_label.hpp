#pragma once
// The calibration for a target ρ* per label (mathematics §6.10, §8.2): the smallest factor σ on the
// mechanism's noise at which every label keeps ρ* ≥ R, all labels together with probability
// ≥ 1 − α. Each label's budget (the largest γ whose ρ* reaches R, eq 14 inverted) comes from its
// own entropy estimate on its records of D⊥ and D_est at α/L; the smallest budget binds; σ is the
// smallest factor with γ(σ) + its error bound ≤ it. The pooled calibration is beside it as its own
// statement at 1 − α.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/export.hpp"
#include "reconbound/workflow/calibrate.hpp"
#include "reconbound/workflow/label_split.hpp"

namespace reconbound::workflow {

struct CalibrateRhoByLabelRequest {
  CalibrateRhoRequest rho;  // the pooled calibration; its α is the joint statement's over the labels
  LabelSource labels;
};

// A label, its records (the index files that re-compute its budget with `calibrate --target-rho`
// at α/L), its budget and what it keeps at the common σ.
struct LabelCalibration : LabelRecords {
  LeakageBudget budget;     // the largest γ whose ρ* reaches the target on these records at α/L
  BoundReport report;       // the entropy estimate the budget came from
  BoundResult result;       // ρ* at the common σ (≥ the target), at γ(σ) + its error bound
  Certificate certificate;  // what that ρ* certifies (the label's scope and split)
};

struct CalibrateRhoByLabelOutput {
  CalibrateRhoOutput pooled;             // the calibration on all of D⊥ and D_est at α: its own statement
  std::vector<LabelCalibration> labels;  // sorted by budget, the binding (smallest) first
  std::size_t binding_label = 0;         // the label whose budget is the smallest (labels.front())
  double target_rho = 0.0;
  double sigma = 0.0;             // the smallest factor with γ(σ) + error ≤ the binding budget
  bool at_sigma_min = false;      // every supported factor keeps it: sigma is the range's floor
  double gamma_bits = 0.0;        // γ at sigma
  double gamma_error_bits = 0.0;  // its numerical error bound (added before each converse)
  double sigma_tolerance = 0.0;
  double alpha = 0.0;             // the joint statement's: every label's estimate at alpha / L
  std::string labels_source;
  std::optional<EpsilonResult> epsilon;  // ε at sigma when a δ was given
};

// Checks the request, reads the labels, runs the pooled calibration, then every label's estimate
// (each on the ranks and with the checkpoint of request.rho.bound, as calibrate runs). InvalidInput
// for the errors of run_calibrate_rho and split_by_label, a label too small for an estimate
// (naming it), and a label whose records cannot reach the target even without leakage (naming it
// and the best ρ* they certify).
RECONBOUND_API CalibrateRhoByLabelOutput run_calibrate_rho_by_label(const Registry& registry,
                                                                    const CalibrateRhoByLabelRequest& request);

// The joint statement in one sentence: "With probability ≥ 95 % …, jointly for all L labels (each
// at alpha/L): at sigma = S every label keeps rho* ≥ R; label c (NAME) binds with …".
RECONBOUND_API std::string joint_calibration_sentence(const CalibrateRhoByLabelOutput& output);

// `calibrate --target-rho R --by-label --json`: `pooled` (calibrate's own object), the common
// sigma and γ at it, `binding_label`, `by_label` (one row per label, in the order of `labels`)
// and `by_label_certificate` (the joint level and the sentence).
RECONBOUND_API nlohmann::json to_json(const CalibrateRhoByLabelOutput& output);

}  // namespace reconbound::workflow
